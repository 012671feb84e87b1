/// "Did you mean …?": the closest candidate by edit distance (optimal string alignment:
/// insertions, deletions, substitutions and transpositions of neighbours cost 1, so
/// `tilte` is one edit from `title`).
public enum Suggestion {
    /// The candidate closest to `word`, if it is close enough to be a likely typo: at most
    /// two edits, and at most a third of the longer word. Ties go to the earlier candidate.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        best(for: word, among: candidates)?.candidate
    }

    /// The closest candidate and its distance, under the same rule as ``closest(to:among:)``.
    public static func best(for word: String, among candidates: [String]) -> (candidate: String, distance: Int)? {
        let w = Array(word.unicodeScalars)
        guard !w.isEmpty, w.count <= 64 else { return nil }
        var result: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let c = Array(candidate.unicodeScalars)
            guard abs(c.count - w.count) <= 2 else { continue }
            let d = distance(w, c)
            guard d <= 2, d * 3 <= max(w.count, c.count) else { continue }
            if let r = result, r.distance <= d { continue }
            result = (candidate, d)
        }
        return result
    }

    /// The optimal-string-alignment distance between two strings.
    public static func distance(_ a: String, _ b: String) -> Int {
        distance(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }

    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        var previous2 = [Int](repeating: 0, count: width)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: width)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d = min(d, previous2[j - 2] + 1)
                }
                current[j] = d
            }
            swap(&previous2, &previous)
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
