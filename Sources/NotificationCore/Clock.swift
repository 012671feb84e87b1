// Virtual time: milliseconds from 0, moved only by `wait`.

/// How the core writes times and durations: `61s`, `1m30s`, `500ms`, `1.500s` in the trace.
public enum TimeFormat {
    /// A duration as a scenario would write it: `0s`, `500ms`, `61s`, `2m`, `1m1s`, `1h`, `1m30.5s`→`90500ms`.
    public static func duration(_ milliseconds: Int64) -> String {
        if milliseconds % 1000 != 0 || milliseconds < 0 { return "\(milliseconds)ms" }
        var seconds = milliseconds / 1000
        if seconds < 60 { return "\(seconds)s" }
        var out = ""
        let hours = seconds / 3600
        if hours > 0 { out += "\(hours)h" }
        seconds %= 3600
        if seconds / 60 > 0 { out += "\(seconds / 60)m" }
        if seconds % 60 > 0 { out += "\(seconds % 60)s" }
        return out
    }

    /// An age in seconds, as an SDK log would print it: `61s`, `60.001s`.
    public static func seconds(_ milliseconds: Int64) -> String {
        let text = timestamp(milliseconds)
        return text.hasSuffix(".000s") ? String(text.dropLast(5)) + "s" : text
    }

    /// The timestamp right-aligned to nine characters (`   0.000s`, `  61.000s`), so the
    /// times of a trace or log line up for the first 10,000 seconds.
    public static func column(_ milliseconds: Int64) -> String {
        let text = timestamp(milliseconds)
        return text.count < 9 ? String(repeating: " ", count: 9 - text.count) + text : text
    }

    /// A point in virtual time for the trace: seconds with milliseconds, `61.000s`.
    public static func timestamp(_ milliseconds: Int64) -> String {
        let sign = milliseconds < 0 ? "-" : ""
        let magnitude = milliseconds.magnitude
        let fraction = String(magnitude % 1000)
        return "\(sign)\(magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
    }
}
