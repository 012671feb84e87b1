import Testing

@Test func placeholder_NotificationCoreTests() {}
