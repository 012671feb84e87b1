import FuzzDriver
import ScenarioExploration

/// libFuzzer entry for `scn explore --merge`: the input is one shard file. Findings: a crash
/// or a hang in the parser or the join, and a file that reads back differently once written
/// (what `--merge` reads must be what `--shard` wrote).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard case .success(let shard) = ShardResult.parse(text) else { return 0 }
    _ = try? ExploreResult.merge([shard])
    let written = shard.fileText
    guard case .success(let again) = ShardResult.parse(written) else {
        fatalError("a shard file written from a parsed one does not parse:\n\(written.prefix(2_000))")
    }
    if again.fileText != written { fatalError("a shard file does not read back as written") }
    return 0
}

/// SwiftPM names an executable's entry `<Target>_main`; hand control to libFuzzer's driver.
@_cdecl("FuzzShard_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
