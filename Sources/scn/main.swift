import ScenarioTool

Platform.exit(ScenarioTool.main())
