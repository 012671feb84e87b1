import ScenarioLanguage

/// The shortest way to run a scenario from Swift: one call that checks a text against a
/// vocabulary, runs every case in a fresh world, and returns the results as values.
///
/// ```swift
/// let run = Scenario.run("sdk kindly\nlaunch killed\nexpect app killed\n")
/// print(run.report)   // "ok scenario"
/// ```
public enum Scenario {
    /// Checks and runs `text`.
    ///
    /// - Parameters:
    ///   - text: the scenario.
    ///   - vocabulary: the commands it may use (`Vocabulary.standard`, of the StandardVocabulary module, plus a host's own).
    ///   - path: the name diagnostics and the single case of a file without `case` blocks
    ///     go by.
    ///   - root: the scenario root `include` and `push raw file` are read from; nil: the
    ///     scenario reads no files (`include` is a check error).
    ///   - limits: steps per case and the other run-time limits.
    public static func run(
        _ text: String, vocabulary: Vocabulary, path: String = "scenario.scn", root: String? = nil,
        limits: Limits = Limits()
    ) -> ScenarioRun {
        let loader = root.map { DirectoryLoader(root: $0) }
        let checked = Language.check(SourceFile(path: path, text: text), registry: vocabulary.registry, loader: loader)
        guard let script = checked.script, checked.diagnostics.isEmpty else {
            return ScenarioRun(diagnostics: checked.diagnostics, script: nil, results: [])
        }
        let results = Interpreter(vocabulary: vocabulary, limits: limits).run(script, loader: loader)
        return ScenarioRun(diagnostics: [], script: script, results: results)
    }
}

/// What ``Scenario/run(_:vocabulary:path:root:limits:)`` found: check errors (then nothing
/// ran), or one result per case, in file order.
public struct ScenarioRun: Sendable, CustomStringConvertible {
    /// The checker's diagnostics; nothing ran when there is one.
    public var diagnostics: [Diagnostic]
    /// The checked script, when it checked.
    public var script: CheckedScript?
    /// One result per case, in file order; each holds its final world and trace.
    public var results: [CaseResult]

    /// True when the text checked and every case counts as passing (``CaseResult/Status/countsAsPassing``):
    /// passed, skipped, or a known bug reproduced — as `scn run` exits 0. A known bug that
    /// no longer reproduces does not pass.
    public var passed: Bool {
        diagnostics.isEmpty && results.allSatisfy { $0.status.countsAsPassing }
    }

    /// For people: the diagnostics, or a line per case (`ok NAME`, `FAIL NAME`,
    /// `skip NAME (reason)`, `known NAME (known bug: REF)`, `FAIL NAME (known bug no longer
    /// reproduces: REF)`) with each failure's report under its line.
    public var report: String {
        guard let script else { return Language.render(diagnostics) }
        var out = ""
        for result in results {
            switch result.status {
            case .passed: out += "ok \(result.name)\n"
            case .skipped(let reason): out += "skip \(result.name) (\(reason))\n"
            case .reproduced(let reference):
                out +=
                    "known \(result.name) (known bug: \(reference))\n"
                    + (FailureReport.render(result, in: script) ?? "")
            case .noLongerReproduces(let reference):
                out += "FAIL \(result.name) (known bug no longer reproduces: \(reference))\n"
            case .failed, .error: out += "FAIL \(result.name)\n" + (FailureReport.render(result, in: script) ?? "")
            }
        }
        return out
    }

    public var description: String { report }
}
