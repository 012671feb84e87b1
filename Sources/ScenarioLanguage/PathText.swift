// Path text and file-error text without the whole of Foundation: the tool links only
// FoundationEssentials, so that it starts without loading ICU (see docs/PERFORMANCE.md).
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Paths as text, the way the tool shows them: joined with one `/`, parents by dropping the
/// last component. No file-system access.
public enum PathText {
    /// `base/component`; `component` alone when `base` is empty, `base` alone when
    /// `component` is.
    public static func join(_ base: String, _ component: String) -> String {
        if base.isEmpty { return component }
        if component.isEmpty { return base }
        let trimmed = component.hasPrefix("/") ? String(component.drop { $0 == "/" }) : component
        return base.hasSuffix("/") ? base + trimmed : base + "/" + trimmed
    }

    /// The folder part of `path`: `/a/b` → `/a`, `/a` → `/`, `a` → `` (empty), `a/b/` → `a`.
    public static func parent(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard let slash = text.lastIndex(of: "/") else { return "" }
        if slash == text.startIndex { return "/" }
        var head = text[..<slash]
        while head.count > 1, head.hasSuffix("/") { head = head.dropLast() }
        return String(head)
    }

    /// The last component of `path`: `/a/b.scn` → `b.scn`.
    public static func lastComponent(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard let slash = text.lastIndex(of: "/") else { return String(text) }
        return String(text[text.index(after: slash)...])
    }
}

/// A file-system error as a short phrase for a diagnostic.
public enum FileErrorText {
    public static func describe(_ error: any Error) -> String {
        guard let error = error as? CocoaError else { return "\(error)" }
        switch error.code {
        case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
        case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file or directory"
        case .fileWriteOutOfSpace: return "no space left on the device"
        case .fileWriteFileExists: return "it already exists"
        default: return "error \(error.code.rawValue)"
        }
    }
}
