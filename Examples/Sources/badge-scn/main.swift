import AcmeSDK
import BadgeVocabulary
import Foundation
import ScenarioTool

exit(ScenarioTool.main(vocabulary: try .badge(base: .acme())))
