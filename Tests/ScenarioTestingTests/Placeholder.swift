import Testing

@Test func placeholder_ScenarioTestingTests() {}
