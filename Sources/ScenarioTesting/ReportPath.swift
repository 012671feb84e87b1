import ScenarioLanguage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a report goes (`--junit FILE`, `--json FILE`, `--out DIR`): checked before anything
/// runs, so that a run is never wasted on a report that cannot be written, and the message
/// says what is wrong in plain words.
public enum ReportPath {
    /// What stops a file from being written at `path` (relative to `base`), or `nil`.
    /// Missing folders on the way are fine: they are created when the report is written.
    public static func problem(file path: String, base: String) -> String? {
        let absolute = resolve(path, base: base)
        if isFolder(absolute) { return "'\(path)' is a folder" }
        if FileManager.default.fileExists(atPath: absolute) {
            return Platform.isWritable(absolute, folder: false) ? nil : "'\(path)' is not writable"
        }
        return problem(creating: PathText.parent(absolute), named: path, base: base)
    }

    /// What stops a folder from being used (or made) at `path` for writing files, or `nil`.
    public static func problem(folder path: String, base: String) -> String? {
        let absolute = resolve(path, base: base)
        if FileManager.default.fileExists(atPath: absolute) {
            guard isFolder(absolute) else { return "'\(path)' is a file, not a folder" }
            return Platform.isWritable(absolute, folder: true) ? nil : "cannot write in '\(path)' (permission denied)"
        }
        return problem(creating: PathText.parent(absolute), named: path, base: base)
    }

    /// The nearest folder that exists above a path to create must be a writable folder.
    private static func problem(creating folder: String, named path: String, base: String) -> String? {
        var ancestor = folder.isEmpty ? "/" : folder
        while !FileManager.default.fileExists(atPath: ancestor) {
            let up = PathText.parent(ancestor)
            if up == ancestor || up.isEmpty { break }
            ancestor = up
        }
        // Named as the user would: relative to the working folder when it is inside it.
        let prefix = base.hasSuffix("/") ? base : base + "/"
        let shown = ancestor.hasPrefix(prefix) ? String(ancestor.dropFirst(prefix.count)) : ancestor
        guard isFolder(ancestor) else { return "cannot create '\(path)': '\(shown)' is a file, not a folder" }
        guard Platform.isWritable(ancestor, folder: true) else {
            return "cannot create '\(path)': '\(shown)' is not writable"
        }
        return nil
    }

    /// Writes `text` to `path` (relative to `base`), atomically, creating missing folders;
    /// returns what went wrong, or `nil`.
    public static func write(_ text: String, to path: String, base: String) -> String? {
        let spool = ReportSpool(keepingInMemory: true)
        return spool.write(head: text, tail: "", to: path, base: base)
    }

    static func resolve(_ path: String, base: String) -> String {
        path.hasPrefix("/") ? path : PathText.join(base, path)
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
    }
}

/// A report file written as the run goes (`--junit`, `--json`): each file's part is spooled
/// to an unnamed temporary file as it is reported, and the report is written at the end,
/// when the totals that open it are known. The run's memory does not grow with the suite.
final class ReportSpool: @unchecked Sendable {
    /// The unnamed temporary file (removed when closed); nil when none could be made, and
    /// the parts are kept in `memory` instead.
    private let spool: Platform.Stream?
    private var memory = ""

    /// A spool on an unnamed temporary file, or in memory when `keepingInMemory`.
    init(keepingInMemory: Bool = false) {
        spool = keepingInMemory ? nil : Platform.Stream.temporary()
    }
    /// How many parts were appended.
    private(set) var count = 0

    /// Appends one part. Callers serialise their calls.
    func append(_ part: String) {
        count += 1
        guard let spool else {
            memory += part
            return
        }
        _ = spool.write(part)
    }

    /// Writes `head`, the parts in order and `tail` to `path` (relative to `base`): to a
    /// file beside it first, renamed over it when complete; returns what went wrong, or `nil`.
    func write(head: String, tail: String, to path: String, base: String) -> String? {
        if let problem = ReportPath.problem(file: path, base: base) { return problem }
        let absolute = ReportPath.resolve(path, base: base)
        func failure() -> String { "cannot write '\(path)' (\(Platform.lastErrorText ?? "unknown error"))" }
        do {
            try FileManager.default.createDirectory(
                atPath: PathText.parent(absolute), withIntermediateDirectories: true)
        } catch {
            return "cannot write '\(path)'"
        }
        // A device or a FIFO (`/dev/stdout`, `/dev/full`) is written in place: it cannot be
        // replaced. A file is written beside its final name and renamed over it once whole,
        // so a failed run never leaves a truncated report.
        let inPlace = Platform.isSpecialFile(absolute)
        let partial: String
        let out: Platform.Stream
        if inPlace {
            guard let stream = Platform.Stream.create(absolute) else { return failure() }
            (out, partial) = (stream, absolute)
        } else {
            guard let made = Platform.Stream.createBeside(absolute) else { return failure() }
            (out, partial) = made
        }
        Platform.clearLastError()
        var written = out.write(head)
        if let spool {
            written = written && spool.rewind()
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while written {
                let n = buffer.withUnsafeMutableBytes { spool.read(into: $0) }
                if n == 0 { break }
                written = buffer.withUnsafeBytes { out.write(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            }
            written = written && !spool.failed
        } else {
            written = written && out.write(memory)
        }
        written = written && out.write(tail)
        let closed = out.close()
        guard written, closed, inPlace || Platform.rename(partial, to: absolute) else {
            let problem = failure()
            if !inPlace { Platform.remove(partial) }
            return problem
        }
        return nil
    }
}
