import FuzzDriver
import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary

/// libFuzzer entry: any bytes are a scenario file. It is parsed, checked against the
/// built-in registry, formatted (and the format re-checked for idempotence) and, when it
/// checks, run with a small step limit. Nothing may crash or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let source = SourceFile(path: "fuzz.scn", bytes: bytes)
    let vocabulary = Vocabulary.standard
    let checked = Language.check(source, registry: vocabulary.registry)
    if case .success(let formatted) = Language.format(source) {
        let again = Language.format(SourceFile(path: "fuzz.scn", text: formatted))
        guard case .success(let twice) = again, twice == formatted else {
            fatalError("the formatter is not idempotent on this input")
        }
    }
    if let script = checked.script {
        let results = Interpreter(vocabulary: vocabulary, limits: Limits(maxSteps: 2_000)).run(script)
        for result in results where result.status == .error {
            fatalError("internal error: \(result.failure?.message ?? "")")
        }
    }
    return 0
}

/// SwiftPM names an executable's entry `<Target>_main`; hand control to libFuzzer's driver.
@_cdecl("FuzzLanguage_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
