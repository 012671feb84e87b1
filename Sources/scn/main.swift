import ScenarioTool

#if canImport(Glibc)
    import Glibc
#endif

exit(ScenarioTool.main())
