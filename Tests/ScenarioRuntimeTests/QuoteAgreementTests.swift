import NotificationCore
import ScenarioLanguage
import Testing

/// The core writes scenario text with its own `ScenarioText.quoted` (it does not depend on
/// the language module); it must write exactly what `Quote.string` writes.
@Suite struct QuoteAgreementTests {
    /// A small seeded generator: the same strings on every run.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func theCoreQuotesEveryScalarAsTheLanguageDoes() {
        // Every scalar of the planes text uses, alone and between letters.
        for value in UInt32(0)...0x3_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for s in [String(scalar), "a" + String(scalar) + "b"] where ScenarioText.quoted(s) != Quote.string(s) {
                Issue.record(
                    "U+\(String(value, radix: 16, uppercase: true)): \(ScenarioText.quoted(s)) ≠ \(Quote.string(s))")
                return
            }
        }
    }

    @Test func theCoreQuotesRandomStringsAsTheLanguageDoes() {
        var rng = SplitMix(state: 0x5C4E_0002)
        let pieces = [
            "\"", "\\", "$", "${x}", "\n", "\r", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{2028}", "\u{202E}",
            "\u{200B}", "\u{200D}", "\u{FEFF}", "é", "😀", "👩‍👩‍👧", "a", " ",
        ]
        for _ in 0..<3000 {
            var s = ""
            if Bool.random(using: &rng) {
                for _ in 0..<Int.random(in: 0...12, using: &rng) {
                    s += pieces[Int.random(in: 0..<pieces.count, using: &rng)]
                }
            } else {
                let bytes = (0..<Int.random(in: 0...40, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng)
                }
                s = String(decoding: bytes, as: UTF8.self)
            }
            #expect(ScenarioText.quoted(s) == Quote.string(s), "\(Quote.string(s))")
        }
    }
}
