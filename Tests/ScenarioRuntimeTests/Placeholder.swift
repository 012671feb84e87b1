import Testing

@Test func placeholder_ScenarioRuntimeTests() {}
