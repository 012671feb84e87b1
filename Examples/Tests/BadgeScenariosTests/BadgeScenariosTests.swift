import BadgeVocabulary
import ScenarioSwiftTesting
import Testing

@Test(arguments: ScenarioSuite("Scenarios", vocabulary: try .badge()).files)
func scenario(_ file: ScenarioTestFile) { file.run() }
