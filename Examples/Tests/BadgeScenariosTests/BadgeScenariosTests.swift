import BadgeVocabulary
import ScenarioSwiftTesting
import Testing

@Test(arguments: ScenarioSuite("Scenarios", vocabulary: try .badge()).cases)
func scenario(_ scenario: ScenarioTestCase) { scenario.run() }
