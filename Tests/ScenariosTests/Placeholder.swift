import Testing

@Test func placeholder_ScenariosTests() {}
