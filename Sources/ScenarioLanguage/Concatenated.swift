// Joining words by a loop over concrete types: the library's `joined(separator:)` runs
// unspecialised code whose first call builds its types' metadata at run time and scans
// every loaded image's conformance records (0.2M instructions of each start-up;
// docs/PERFORMANCE.md). For names, paths and lists on the start-up path.

extension Array where Element == String {
    /// The elements with `separator` between them, as `joined(separator:)` gives.
    public func concatenated(separator: String) -> String {
        var text = ""
        for (k, part) in enumerated() {
            if k > 0 { text += separator }
            text += part
        }
        return text
    }
}

extension Array where Element == Substring {
    /// The elements with `separator` between them, as `joined(separator:)` gives.
    public func concatenated(separator: String) -> String {
        var text = ""
        for (k, part) in enumerated() {
            if k > 0 { text += separator }
            text += String(part)
        }
        return text
    }
}
