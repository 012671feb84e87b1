import Testing

@Test func placeholder_scnTests() {}
