import ScenarioLanguage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the REPL keeps its history between sessions: `$XDG_STATE_HOME/scn/history`, or
/// `~/.local/state/scn/history` when `XDG_STATE_HOME` is unset (or not absolute, as the
/// XDG spec asks).
enum HistoryFile {
    /// Entries kept, oldest dropped first.
    static let capacity = 1000

    static func path(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return PathText.join(state, "scn/history")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return PathText.join(home, ".local/state/scn/history")
    }

    /// Creates the file (and its folders) if needed, readable by its owner only. False when
    /// that is not possible: the session then keeps history in memory only.
    static func prepare(_ path: String) -> Bool {
        let folder = PathText.parent(path)
        let files = FileManager.default
        do {
            try files.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            return false
        }
        if files.fileExists(atPath: path) { return files.isWritableFile(atPath: path) }
        return files.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
    }
}
