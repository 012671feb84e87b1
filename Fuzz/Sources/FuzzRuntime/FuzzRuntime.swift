import FuzzDriver
import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary

/// libFuzzer entry for the runtime with files: the input is a small tree of files.
///
/// The bytes up to the first line `#file NAME` are `main.scn`; each `#file NAME` line
/// starts another file called NAME (`lib.scn`, `a/b.scn`, `p.apns`) that `include` and
/// `push raw file` read through an in-memory loader. The main file is checked with that
/// loader and every case runs with a small step limit and the standard value limits.
/// A crash, a hang, an internal error, or a limit error without a position is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let files = MemoryLoader.split(Array(UnsafeBufferPointer(start: data, count: size)))
    let loader = MemoryLoader(files: files)
    let vocabulary = Vocabulary.standard
    let main = SourceFile(path: "main.scn", bytes: files["main.scn"] ?? [])
    let checked = Language.check(main, registry: vocabulary.registry, loader: loader)
    guard let script = checked.script else { return 0 }
    let results = Interpreter(vocabulary: vocabulary, limits: Limits(maxSteps: 2_000)).run(script, loader: loader)
    for result in results {
        if result.status == .error { fatalError("internal error: \(result.failure?.message ?? "")") }
        if let failure = result.failure, failure.range == nil {
            fatalError("a failure without a position: \(failure.message)")
        }
        // Reports of the case are bounded too.
        _ = FailureReport.render(result, in: script)
    }
    return 0
}

/// Files held in memory, named as `include` names them (relative to the main file's
/// folder; `..` out of it is refused, as the directory loader refuses leaving the root).
struct MemoryLoader: SourceLoader {
    var files: [String: [UInt8]]

    func load(_ path: String, from: String) throws(LoadError) -> SourceFile {
        var parts: [Substring] = []
        let folder = from.split(separator: "/").dropLast()
        for piece in (folder + path.split(separator: "/")) where piece != "." {
            if piece == ".." {
                guard !parts.isEmpty else { throw LoadError("'\(path)' is outside the scenario root") }
                parts.removeLast()
            } else {
                parts.append(piece)
            }
        }
        let name = parts.joined(separator: "/")
        guard !path.hasPrefix("/"), let bytes = files[name] else { throw LoadError("cannot read '\(path)'") }
        guard bytes.count <= 4 << 20 else { throw LoadError("'\(path)' is larger than \(4 << 20) bytes") }
        return SourceFile(path: name, bytes: bytes)
    }

    /// The input cut at `#file NAME` lines.
    static func split(_ bytes: [UInt8]) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        var name = "main.scn"
        var current: [UInt8] = []
        let marker = Array("#file ".utf8)
        var lineStart = 0
        var i = 0
        while i <= bytes.count {
            if i == bytes.count || bytes[i] == UInt8(ascii: "\n") {
                let line = bytes[lineStart..<i]
                if line.starts(with: marker) {
                    files[name] = current
                    name = String(decoding: line.dropFirst(marker.count), as: UTF8.self)
                    current = []
                } else {
                    current += line
                    if i < bytes.count { current.append(UInt8(ascii: "\n")) }
                }
                lineStart = i + 1
            }
            i += 1
        }
        files[name] = current
        return files
    }
}

/// SwiftPM names an executable's entry `<Target>_main`; hand control to libFuzzer's driver.
@_cdecl("FuzzRuntime_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
