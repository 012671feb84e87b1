import Foundation
import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary

@testable import Edna
@testable import Kindly

/// Checks `text` with `vocabulary` and runs every case.
func run(
    _ text: String, vocabulary: Vocabulary = .standard, limits: Limits = Limits(), path: String = "test.scn",
    loader: (any SourceLoader)? = nil
) throws -> (script: CheckedScript, results: [CaseResult]) {
    let result = Language.check(SourceFile(path: path, text: text), registry: vocabulary.registry, loader: loader)
    guard let script = result.script else {
        throw CheckFailure(rendered: Language.render(result.diagnostics))
    }
    return (script, Interpreter(vocabulary: vocabulary, limits: limits).run(script, loader: loader))
}

/// The diagnostics of a file that did not check.
func diagnostics(_ text: String, vocabulary: Vocabulary = .standard, loader: (any SourceLoader)? = nil) -> [Diagnostic]
{
    Language.check(SourceFile(path: "test.scn", text: text), registry: vocabulary.registry, loader: loader).diagnostics
}

struct CheckFailure: Error, CustomStringConvertible {
    var rendered: String
    var description: String { rendered }
}

/// The package root, found from this file.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
