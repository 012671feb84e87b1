import ScenarioLanguage
import ScenarioRuntime
import ScenarioTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A scenario named on the command line: a file with its scenario root, or standard input
/// (`-`).
struct ScenarioInput: Sendable {
    /// The path as the user wrote it; `<stdin>` for standard input.
    var path: String
    /// Where includes and payload files are found.
    var root: String
    var isStandardInput: Bool

    static let standardInputName = "<stdin>"
}

/// Reading files named on the command line.
enum Files {
    /// The bytes of a scenario file: a regular file of at most ``maxBytes``, checked
    /// before a byte is read (``BoundedFile``).
    static func read(_ path: String) throws(LoadError) -> [UInt8] {
        try BoundedFile.read(path, maxBytes: maxBytes)
    }

    /// The largest scenario file the tool reads (the scenario root's loader uses the same).
    static var maxBytes: Int { DirectoryLoader(root: ".").maxBytes }

    /// Standard input, read once, whoever asks first; at most ``maxBytes``.
    static let standardInput: Result<[UInt8], LoadError> = {
        do throws(LoadError) {
            return .success(try BoundedFile.readStandardInput(maxBytes: maxBytes))
        } catch {
            return .failure(error)
        }
    }()

    /// The bytes of an input.
    static func read(_ input: ScenarioInput) throws(LoadError) -> [UInt8] {
        if input.isStandardInput { return try standardInput.get() }
        return try read(input.path)
    }

    /// The scenario root of a file run directly: its own folder.
    static func folder(of path: String) -> String {
        let dir = PathText.parent(path)
        return dir.isEmpty ? "." : dir
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
    }

    /// Writes `text` to a new file at `path`; false when it could not be written whole.
    static func write(_ text: String, to path: String) -> Bool {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return true
        } catch {
            return false
        }
    }

    /// Replaces the contents of an existing file, atomically (a file beside it, renamed over
    /// it), keeping the file's permissions. A symbolic link is not followed: the rename
    /// replaces the link itself, so nothing outside `path` is ever written.
    static func rewrite(_ text: String, at path: String) -> Bool {
        let fm = FileManager.default
        let permissions = (try? fm.attributesOfItem(atPath: path))?[.posixPermissions]
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            if let permissions {
                try fm.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
            }
            return true
        } catch {
            return false
        }
    }

    /// A path without `.` components and repeated or trailing slashes, as discovery
    /// reports it.
    static func tidy(_ path: String) -> String {
        let joined = path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
        if path.hasPrefix("/") { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// Why `fmt` leaves `file` alone, or nil: a symbolic link is not followed (the
    /// file it names may be anywhere), and neither is a file reached through a linked
    /// folder that leads out of the folder it was found under.
    static func linkProblem(_ file: ScenarioInput) -> String? {
        if file.isStandardInput { return nil }
        if Platform.isSymbolicLink(file.path) {
            return "'\(TerminalText.escape(file.path))' is a symbolic link; fmt does not follow links"
        }
        guard let real = Platform.realPath(file.path), let root = Platform.realPath(file.root) else { return nil }
        let inside = root == "/" ? real.hasPrefix("/") : real.hasPrefix(root + "/")
        guard inside else {
            return "'\(TerminalText.escape(file.path))' is reached through a symbolic link out of "
                + "'\(TerminalText.escape(file.root))'; fmt does not follow links"
        }
        return nil
    }

    /// The scenarios that `paths` name, in order, as `scn test` finds them: a folder stands
    /// for every `*.scn` below it (recursively, sorted by path, names starting with `.`
    /// skipped; the folder is the files' scenario root), a file for itself (its own folder
    /// is its root), `-` for standard input (the working directory is its root). `root`
    /// (`--root DIR`), when given, is every one's root. A file named twice is listed once.
    /// A path that does not exist and a folder without scenarios are reported on standard
    /// error; `ok` is false when a path could not be used.
    static func scenarios(_ paths: [String], root: String? = nil) -> (files: [ScenarioInput], ok: Bool) {
        var files: [ScenarioInput] = []
        var seen = Set<String>()
        var ok = true
        if let root, !isFolder(root) {
            Terminal.writeError("error: --root '\(TerminalText.escape(root))' is not a folder\n")
            return ([], false)
        }
        for path in paths {
            if path == "-" {
                if seen.insert(ScenarioInput.standardInputName).inserted {
                    files.append(
                        ScenarioInput(
                            path: ScenarioInput.standardInputName,
                            root: root ?? FileManager.default.currentDirectoryPath, isStandardInput: true))
                }
                continue
            }
            do {
                let found = try Discovery.discover(paths: [path])
                if found.isEmpty {
                    Terminal.writeError("warning: no *.scn files under '\(TerminalText.escape(path))'\n")
                }
                for file in found where seen.insert(file.path).inserted {
                    files.append(ScenarioInput(path: file.path, root: root ?? file.root, isStandardInput: false))
                }
            } catch {
                Terminal.writeError("error: \(TerminalText.escape(error.message))\n")
                ok = false
            }
        }
        return (files, ok)
    }
}

extension Tool {
    /// An input read and checked with the tool's vocabulary.
    func load(_ input: ScenarioInput) -> (result: CheckResult?, loader: DirectoryLoader, error: String?) {
        let loader = ScenarioLoader(vocabulary: vocabulary)
        if input.isStandardInput {
            let bytes: [UInt8]
            do throws(LoadError) {
                bytes = try Files.standardInput.get()
            } catch {
                return (nil, DirectoryLoader(root: input.root), error.message)
            }
            let (result, directory) = loader.load(source: SourceFile(path: input.path, bytes: bytes), root: input.root)
            return (result, directory, nil)
        }
        return loader.load(path: input.path, root: input.root)
    }
}
