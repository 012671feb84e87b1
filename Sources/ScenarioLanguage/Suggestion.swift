/// "Did you mean …?": the closest candidate by edit distance (optimal string alignment:
/// insertions, deletions, substitutions and transpositions of neighbours cost 1, so
/// `tilte` is one edit from `title`).
public enum Suggestion {
    /// The candidate closest to `word`, if it is close enough to be a likely typo: at most
    /// two edits, and at most a third of the longer word. Ties go to the earlier candidate.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        best(for: word, among: candidates)?.candidate
    }

    /// Candidates compared with one word at most: a file with twenty thousand defs gets
    /// suggestions from the first ``maxCandidates`` of them, in a bounded time.
    public static let maxCandidates = 1024

    /// The closest candidate and its distance, under the same rule as ``closest(to:among:)``.
    public static func best(for word: String, among candidates: [String]) -> (candidate: String, distance: Int)? {
        let w = Array(word.unicodeScalars)
        guard !w.isEmpty, w.count <= 64 else { return nil }
        var result: (candidate: String, distance: Int)?
        for candidate in candidates.prefix(maxCandidates) where candidate != word {
            // Only a closer candidate than the best so far can win (ties go to the earlier).
            let bound = min(2, (result?.distance ?? 3) - 1)
            // Only candidates of a length within the bound can be within it.
            let length = candidate.unicodeScalars.count
            guard abs(length - w.count) <= bound else { continue }
            let c = Array(candidate.unicodeScalars)
            let d = distance(w, c, bound: bound)
            guard d <= bound, d * 3 <= max(w.count, c.count) else { continue }
            result = (candidate, d)
            // Two different words are at least one edit apart: nothing beats one.
            if d == 1 { break }
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

    /// The distance when it is at most `bound`, else `bound + 1`: only the cells within
    /// `bound` of the diagonal are computed, and the work stops as soon as every cell of a
    /// row exceeds `bound` (linear in the length, not quadratic).
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], bound: Int) -> Int {
        let over = bound + 1
        if abs(a.count - b.count) > bound { return over }
        if a.isEmpty || b.isEmpty { return min(max(a.count, b.count), over) }
        let width = b.count + 1
        var previous2 = [Int](repeating: over, count: width)
        var previous = (0...b.count).map { min($0, over) }
        var current = [Int](repeating: over, count: width)
        for i in 1...a.count {
            let low = max(1, i - bound)
            let high = min(b.count, i + bound)
            // Outside the band every cell is over the bound: reset the two cells beside it
            // that the next row reads.
            current[low - 1] = low == 1 ? min(i, over) : over
            if high + 1 < width { current[high + 1] = over }
            var rowMin = current[low - 1]
            if low <= high {
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        d = min(d, previous2[j - 2] + 1)
                    }
                    current[j] = min(d, over)
                    rowMin = min(rowMin, current[j])
                }
            }
            if rowMin > bound { return over }
            swap(&previous2, &previous)
            swap(&previous, &current)
        }
        return min(previous[b.count], over)
    }
}
