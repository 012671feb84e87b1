import FuzzDriver
import ScenarioLanguageServer
import ScenarioRuntime
import StandardVocabulary

/// libFuzzer entry: the bytes are what an editor writes to `scn lsp`'s standard input —
/// headers and bodies, cut into two reads at a point the first byte picks. Every frame is
/// answered; a frame that cannot be read must cost one error, and nothing may crash, hang
/// or answer a request twice.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var server = LanguageServer(registry: Vocabulary.standard.registry, version: "fuzz")
    var framer = MessageFramer(maxBodyBytes: 1 << 16)
    let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    for piece in [bytes[..<cut], bytes[cut...]] {
        framer.append(piece)
        while let frame = framer.next() {
            for reply in server.handle(frame) {
                guard !reply.isEmpty else { fatalError("an empty reply") }
            }
            if server.exitCode != nil { return 0 }
        }
    }
    return 0
}

/// SwiftPM names an executable's entry `<Target>_main`; hand control to libFuzzer's driver.
@_cdecl("FuzzLanguageServer_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
