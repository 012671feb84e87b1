import FuzzDriver
import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary

/// libFuzzer entry for properties: each input line that starts with `a ` becomes an
/// `always` line, `n ` a `never` line (the rest of the line is the expectation), and every
/// other line is kept as it is, so the fuzzer puts properties anywhere — before and after
/// steps, inside `repeat`, `for`, `def` and `case` blocks — with the expectations of
/// `scn.dict`. The file is checked and every case runs with a small step limit. A crash, a
/// hang, an internal error, or a failure without a position is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var file = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let indent = line.prefix(while: { $0 == " " })
        let rest = line.dropFirst(indent.count)
        if rest.hasPrefix("a ") {
            file += indent + "always expect " + rest.dropFirst(2) + "\n"
        } else if rest.hasPrefix("n ") {
            file += indent + "never expect " + rest.dropFirst(2) + "\n"
        } else {
            file += line + "\n"
        }
    }
    let vocabulary = Vocabulary.standard
    let checked = Language.check(
        SourceFile(path: "properties.scn", text: file), registry: vocabulary.registry)
    guard let script = checked.script else { return 0 }
    let results = Interpreter(vocabulary: vocabulary, limits: Limits(maxSteps: 2_000)).run(script)
    for result in results {
        if result.status == .error { fatalError("internal error: \(result.failure?.message ?? "")") }
        if let failure = result.failure, failure.range == nil {
            fatalError("a failure without a position: \(failure.message)")
        }
        _ = FailureReport.render(result, in: script)
    }
    return 0
}

/// SwiftPM names an executable's entry `<Target>_main`; hand control to libFuzzer's driver.
@_cdecl("FuzzProperties_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
