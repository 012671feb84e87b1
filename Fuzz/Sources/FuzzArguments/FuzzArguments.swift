import CommandLineKit
import FuzzDriver
import ScenarioLanguage
import ScenarioTesting

/// libFuzzer entry: the bytes are a command line, its arguments separated by NUL bytes,
/// given to `scn test`'s parser (options, `--filter`, `--tags`, `--shard`, report paths).
/// A selection that parses is matched against a few names. Nothing may crash or hang, and
/// a usage error must hold no raw control character (every argument it quotes is escaped).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
    }
    let options: TestOptions
    do throws(UsageError) {
        options = try TestOptions.parse(arguments)
    } catch {
        expectEscaped(error.message)
        return 0
    }
    do throws(SelectionError) {
        let selection = try Selection(filter: options.filter, tags: options.tags)
        for name in ["a", "cold tap", String(repeating: "a", count: 600), "e\u{301}\u{202E}x"] {
            _ = selection.selects(file: "Scenarios/kindly/a.scn", case: name, tags: ["smoke", "slow"])
        }
    } catch {
        expectEscaped(UsageError(error.message).message)
    }
    return 0
}

private func expectEscaped(_ message: String) {
    for scalar in message.unicodeScalars where scalar != "\n" && TerminalText.isInvisible(scalar) {
        fatalError("a usage error holds U+\(String(scalar.value, radix: 16)) raw")
    }
}

/// SwiftPM names an executable's entry `<Target>_main`; hand control to libFuzzer's driver.
@_cdecl("FuzzArguments_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
