import FoundationEssentials
import ScenarioLanguage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
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
            return access(absolute, W_OK) == 0 ? nil : "'\(path)' is not writable"
        }
        return problem(creating: PathText.parent(absolute), named: path, base: base)
    }

    /// What stops a folder from being used (or made) at `path` for writing files, or `nil`.
    public static func problem(folder path: String, base: String) -> String? {
        let absolute = resolve(path, base: base)
        if FileManager.default.fileExists(atPath: absolute) {
            guard isFolder(absolute) else { return "'\(path)' is a file, not a folder" }
            return access(absolute, W_OK | X_OK) == 0 ? nil : "cannot write in '\(path)' (permission denied)"
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
        guard access(ancestor, W_OK | X_OK) == 0 else {
            return "cannot create '\(path)': '\(shown)' is not writable"
        }
        return nil
    }

    /// Writes `text` to `path` (relative to `base`), atomically, creating missing folders;
    /// returns what went wrong, or `nil`.
    public static func write(_ text: String, to path: String, base: String) -> String? {
        if let problem = problem(file: path, base: base) { return problem }
        let url = URL(fileURLWithPath: resolve(path, base: base))
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
            return nil
        } catch {
            return "cannot write '\(path)'" + (errno != 0 ? " (\(String(cString: strerror(errno))))" : "")
        }
    }

    static func resolve(_ path: String, base: String) -> String {
        path.hasPrefix("/") ? path : PathText.join(base, path)
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
    }
}
