import Foundation
import ScenarioLanguage
import ScenarioTesting

/// Reading files named on the command line.
enum Files {
    /// The bytes of a scenario file, at most ``maxBytes`` (checked before reading).
    static func read(_ path: String) throws(LoadError) -> [UInt8] {
        try BoundedFile.read(path, maxBytes: maxBytes)
    }

    /// The largest scenario file the tool reads (the scenario root's loader uses the same).
    static var maxBytes: Int { DirectoryLoader(root: ".").maxBytes }

    /// The scenario root of a file run directly: its own folder.
    static func folder(of path: String) -> String {
        let dir = (path as NSString).deletingLastPathComponent
        return dir.isEmpty ? "." : dir
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func write(_ text: String, to path: String) -> Bool {
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    /// Replaces the contents of an existing file, atomically, through symbolic links (the
    /// link stays a link, its target changes) and keeping the file's permissions.
    static func rewrite(_ text: String, at path: String) -> Bool {
        let fm = FileManager.default
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let permissions = (try? fm.attributesOfItem(atPath: target.path))?[.posixPermissions]
        do {
            try Data(text.utf8).write(to: target, options: .atomic)
            if let permissions {
                try fm.setAttributes([.posixPermissions: permissions], ofItemAtPath: target.path)
            }
            return true
        } catch {
            return false
        }
    }

    /// The scenario files that `paths` name, in order, as `scn test` finds them: a folder
    /// stands for every `*.scn` below it (recursively, sorted by path, names starting with
    /// `.` skipped; the folder is the files' scenario root), a file for itself (its own
    /// folder is its root). A file named twice is listed once. A path that does not exist
    /// and a folder without scenarios are reported on standard error; `ok` is false when a
    /// path could not be used.
    static func scenarios(_ paths: [String]) -> (files: [ScenarioFile], ok: Bool) {
        var files: [ScenarioFile] = []
        var seen = Set<String>()
        var ok = true
        for path in paths {
            do {
                let found = try Discovery.discover(paths: [path])
                if found.isEmpty {
                    Terminal.writeError("warning: no *.scn files under '\(TerminalText.escape(path))'\n")
                }
                for file in found where seen.insert(file.path).inserted {
                    files.append(file)
                }
            } catch {
                Terminal.writeError("error: \(TerminalText.escape(error.message))\n")
                ok = false
            }
        }
        return (files, ok)
    }
}
