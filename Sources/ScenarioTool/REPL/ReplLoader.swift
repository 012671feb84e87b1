import ScenarioLanguage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The REPL's file access for `include` and `push raw file`: a ``DirectoryLoader`` confined
/// to the scenario root (the working directory), that resolves paths against the root
/// rather than the process's current directory.
///
/// Typed entries are named `<repl N>`, which is no file: what they name is relative to the
/// root itself. Paths shown in diagnostics stay relative to the root.
struct ReplLoader: SourceLoader {
    let base: DirectoryLoader

    init(root: String) {
        base = DirectoryLoader(root: root)
    }

    /// The scenario root, absolute.
    var root: String { base.root }

    func load(_ path: String, from: String) throws(LoadError) -> SourceFile {
        let anchor: String
        if ReplLoader.isEntryName(from) {
            anchor = PathText.join(root, "entry")
        } else if from.hasPrefix("/") {
            anchor = from
        } else {
            anchor = PathText.join(root, from)
        }
        let file = try base.load(path, from: anchor)
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard file.path.hasPrefix(prefix) else { return file }
        return SourceFile(path: String(file.path.dropFirst(prefix.count)), bytes: file.bytes)
    }

    /// `<repl 3>`: the name of the third typed entry.
    static func entryName(_ number: Int) -> String { "<repl \(number)>" }

    static func isEntryName(_ path: String) -> Bool { path.hasPrefix("<repl ") && path.hasSuffix(">") }

    /// A path the user typed (`:load`, `:save`), absolute: relative ones are relative to the root.
    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : PathText.join(root, path)
    }
}
