// ScenarioRuntime
