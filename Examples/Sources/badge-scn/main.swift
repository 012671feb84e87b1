import BadgeVocabulary
import Foundation
import ScenarioTool

// The host's own scn: every subcommand, the REPL and the language server know `badge`.
exit(ScenarioTool.main(vocabulary: try .badge()))
