import Testing

@Test func placeholder_ScenarioLanguageTests() {}
