import ScenarioLanguage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A scenario file found by discovery: what the reports call it and the root it runs in.
public struct ScenarioFile: Sendable, Hashable {
    /// The file's path as the reports name it: the path the user gave joined with the path
    /// below it, lexically tidied (`./Scenarios/` → `Scenarios`).
    public var path: String
    /// The scenario root: the folder the user gave, or the file's folder for a file given
    /// directly.
    public var root: String

    /// A file `path` with scenario root `root`.
    public init(path: String, root: String) {
        self.path = path
        self.root = root
    }
}

/// Why discovery failed: a usage error (exit code 2).
public struct DiscoveryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, e.g. `no such file or directory: Scenarios`.
    public var message: String
    public var description: String { message }
}

/// Finds the scenario files of a test run.
///
/// Each path is a folder, searched recursively for `*.scn` files (entries whose names
/// start with `.` are ignored; symbolic links are followed, each folder visited once), or a
/// file, taken as it is whatever its extension. Paths are taken in the order given; the
/// files under one folder are sorted by path component, comparing bytes, so the order does
/// not depend on the file system or the locale. A file reached twice is listed once, with
/// the first root that reached it.
public enum Discovery {
    /// The path `scn test` uses when none is given.
    public static let defaultPath = "Scenarios"

    /// The scenario files under `paths`, in run order.
    ///
    /// - Parameter workingDirectory: the folder relative paths are resolved against (the
    ///   process's current directory when `nil`). Reported paths stay as the user wrote
    ///   them.
    /// - Throws: ``DiscoveryError`` when a path does not exist or a folder cannot be read.
    public static func discover(paths: [String], workingDirectory: String? = nil) throws(DiscoveryError)
        -> [ScenarioFile]
    {
        let fm = FileManager.default
        let base = workingDirectory ?? fm.currentDirectoryPath
        var seen = Set<String>()
        var files: [ScenarioFile] = []
        for given in paths.isEmpty ? [defaultPath] : paths {
            let display = tidy(given)
            let absolute = display.hasPrefix("/") ? display : tidy(base + "/" + display)
            var isDirectory = false
            guard !given.isEmpty, fm.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
                throw DiscoveryError(message: "no such file or directory: \(given)")
            }
            if isDirectory {
                var found: [[String]] = []
                var visited = Set<String>()
                try walk(absolute: absolute, relative: [], into: &found, visited: &visited)
                found.sort(by: componentsPrecede)
                for components in found {
                    let key = canonical(absolute + "/" + components.joined(separator: "/"))
                    guard seen.insert(key).inserted else { continue }
                    let path =
                        display == "."
                        ? components.joined(separator: "/") : display + "/" + components.joined(separator: "/")
                    files.append(ScenarioFile(path: path, root: display))
                }
            } else {
                guard seen.insert(canonical(absolute)).inserted else { continue }
                files.append(ScenarioFile(path: display, root: parent(of: display)))
            }
        }
        return files
    }

    private static func walk(
        absolute: String, relative: [String], into found: inout [[String]], visited: inout Set<String>
    ) throws(DiscoveryError) {
        let fm = FileManager.default
        guard visited.insert(canonical(absolute)).inserted else { return }  // a symlink cycle
        let names: [String]
        do {
            names = try fm.contentsOfDirectory(atPath: absolute)
        } catch {
            let shown = relative.isEmpty ? absolute : relative.joined(separator: "/")
            throw DiscoveryError(message: "cannot read folder \(shown): \(FileErrorText.describe(error))")
        }
        for name in names where !name.hasPrefix(".") {
            let child = absolute + "/" + name
            var isDirectory = false
            guard fm.fileExists(atPath: child, isDirectory: &isDirectory) else { continue }  // a dangling link
            if isDirectory {
                try walk(absolute: child, relative: relative + [name], into: &found, visited: &visited)
            } else if name.hasSuffix(".scn") {
                found.append(relative + [name])
            }
        }
    }

    /// Orders paths component by component, comparing each component's bytes, so a
    /// folder's files stay together: `a/z.scn` comes before `a-b.scn` because `a` comes
    /// before `a-b`.
    static func componentsPrecede(_ a: [String], _ b: [String]) -> Bool {
        for (x, y) in zip(a, b) where x != y {
            // The bytes compared in place: copying both into arrays was most of the sort.
            return x.utf8.lexicographicallyPrecedes(y.utf8)
        }
        return a.count < b.count
    }

    /// The path with `.` components, repeated and trailing slashes removed; `..` kept.
    static func tidy(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let joined = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
            .concatenated(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// The folder that holds `path` (`.` for a bare file name).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The path with symbolic links and `..` resolved, to recognise a file reached twice
    /// (`realpath(3)`; `URL.resolvingSymlinksInPath` cost 0.3M instructions, 2% of a short
    /// `scn run`); a path that cannot be resolved stands for itself.
    private static func canonical(_ path: String) -> String {
        Platform.realPath(path) ?? path
    }
}
