#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads the files a scenario names (`include`, `push raw file`), confined to the
/// scenario root. Scenario files are untrusted: this is their only way to the disk.
public protocol SourceLoader: Sendable {
    /// Loads `path` as written in the file `from` (relative to that file's folder).
    /// Throws a message (the caller turns it into a diagnostic at the path's position).
    func load(_ path: String, from: String) throws(LoadError) -> SourceFile
    /// Throws when `path`, as written in the file `from`, is not inside the scenario root
    /// (without reading it). The default accepts every path.
    func confine(_ path: String, from: String) throws(LoadError)
    /// ``load(_:from:)`` refusing a file over `maxBytes` (a payload file) — before reading
    /// it, where the loader can tell.
    func load(_ path: String, from: String, maxBytes: Int) throws(LoadError) -> SourceFile
}

extension SourceLoader {
    public func confine(_ path: String, from: String) throws(LoadError) {}

    public func load(_ path: String, from: String, maxBytes: Int) throws(LoadError) -> SourceFile {
        let file = try load(path, from: from)
        guard file.bytes.count <= maxBytes else { throw LoadError("'\(path)' is larger than \(maxBytes) bytes") }
        return file
    }
}

public struct LoadError: Error, Hashable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// A loader confined to one folder: the scenario root.
public struct DirectoryLoader: SourceLoader {
    /// The root, as an absolute, standardized path.
    public let root: String
    /// Files larger than this are refused.
    public let maxBytes: Int

    public init(root: String, maxBytes: Int = 4 << 20) {
        self.root = Self.resolved(root)
        self.maxBytes = maxBytes
    }

    /// `root` made absolute, standardized and with its symbolic links resolved. On Linux, a
    /// path that exists and has no `.` or `..` component is what `realpath(3)` returns, as
    /// `URL.resolvingSymlinksInPath` would, at a twentieth of its cost (0.3M instructions of
    /// every start-up); anything else goes through `URL`, which removes `..` before it resolves.
    private static func resolved(_ root: String) -> String {
        #if os(Linux)
            let plain = !root.split(separator: "/").contains { $0 == "." || $0 == ".." }
            if plain, let resolved = Platform.realPath(root) { return resolved }
        #endif
        return URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
    }

    public func confine(_ path: String, from: String) throws(LoadError) {
        _ = try resolve(path, from: from)
    }

    /// The absolute path `path` names, written in the file `from`; throws when it is empty,
    /// absolute or outside the root.
    private func resolve(_ path: String, from: String) throws(LoadError) -> String {
        guard !path.isEmpty else { throw LoadError("empty path") }
        guard !path.hasPrefix("/") else {
            throw LoadError("'\(path)' is absolute; paths are relative to the file that names them")
        }
        let dir = URL(fileURLWithPath: from).deletingLastPathComponent()
        let target = dir.appendingPathComponent(path).standardizedFileURL
        let resolved = target.resolvingSymlinksInPath().path
        guard resolved == root || resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            throw LoadError("'\(path)' is outside the scenario root")
        }
        return resolved
    }

    public func load(_ path: String, from: String) throws(LoadError) -> SourceFile {
        try load(path, from: from, maxBytes: maxBytes)
    }

    /// The file, read only when it is a regular file of at most `maxBytes` (and this
    /// loader's own limit), known from `fstat` before a byte is read.
    public func load(_ path: String, from: String, maxBytes: Int) throws(LoadError) -> SourceFile {
        let dir = URL(fileURLWithPath: from).deletingLastPathComponent()
        let resolved = try resolve(path, from: from)
        let data = try BoundedFile.read(resolved, maxBytes: min(maxBytes, self.maxBytes), shown: path)
        // Keep the path as the user would write it: relative display paths stay relative.
        let shown = dir.path == "." ? path : (from.contains("/") ? (dir.relativePath + "/" + path) : path)
        return SourceFile(path: normalizePath(shown), bytes: data)
    }
}

/// `a/./b/../c.scn` → `a/c.scn`, lexically (leading `..` stay): one name per file, for
/// diagnostics, ``CheckedScript/sources`` and include cycles.
func normalizePath(_ path: String) -> String {
    var parts: [Substring] = []
    for piece in path.split(separator: "/", omittingEmptySubsequences: true) {
        if piece == "." { continue }
        if piece == "..", let last = parts.last, last != ".." {
            parts.removeLast()
            continue
        }
        parts.append(piece)
    }
    let joined = parts.concatenated(separator: "/")
    if path.hasPrefix("/") { return "/" + joined }
    return joined.isEmpty ? "." : joined
}
