import FuzzDriver
import ScenarioExploration
import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary

/// libFuzzer entry for `scn explore`: the input is the file explored — its prologue, its
/// `alphabet` block and its properties. The search runs to depth 3 under small budgets
/// (worlds, memory, steps), as `scn explore` would with those options. Findings: a crash,
/// a hang, a prologue failure without a position, and a counterexample that is not a
/// scenario the checker accepts (every counterexample must run as written).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let vocabulary = Vocabulary.standard
    let source = SourceFile(path: "explore.scn", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let checked = Language.check(source, registry: vocabulary.registry)
    guard let script = checked.script, checked.diagnostics.isEmpty else { return 0 }
    var options = Explorer.Options()
    options.depth = 3
    options.maxWorlds = 3_000
    options.maxMemory = 16 << 20
    options.limits = Limits(maxSteps: 2_000)
    let explorer: Explorer
    do throws(Explorer.SetupError) {
        explorer = try Explorer(script: script, vocabulary: vocabulary, options: options)
    } catch {
        if case .prologue(let failure) = error {
            if failure.kind == .internal { fatalError("internal error in the prologue: \(failure.message)") }
            if failure.range == nil { fatalError("a prologue failure without a position: \(failure.message)") }
        }
        return 0
    }
    let found = explorer.run()
    _ = found.report(path: "explore.scn")
    for property in found.properties {
        guard let counterexample = found.counterexamples[property] else { continue }
        let again = Language.check(
            SourceFile(path: "counterexample.scn", text: counterexample.scenario), registry: vocabulary.registry)
        if again.script == nil || !again.diagnostics.isEmpty {
            fatalError("the counterexample for \(property) does not check:\n\(counterexample.scenario)")
        }
    }
    return 0
}

/// SwiftPM names an executable's entry `<Target>_main`; hand control to libFuzzer's driver.
@_cdecl("FuzzExplore_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
