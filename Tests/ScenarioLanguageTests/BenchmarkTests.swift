import Foundation
import Testing

@testable import ScenarioLanguage

/// A file of `lines` lines, with every construct in proportion to real scenarios.
func generatedScenario(lines: Int) -> String {
    let block = """
        # a case of the generated suite
        case "cold tap NUMBER" {
            tags generated
            launch killed
            push kindly visible title "Anna NUMBER" body "Hi there, ${who}" chat chat-1
            expect banner "Anna NUMBER" "Hi there"
            repeat 2 {
                tap
                wait 61s
            }
            push raw {"aps": {"alert": "hi", "mutable-content": 1}, "kindly": {"v": 1, "list": [1, 2.5, true, null]}}
            cold_tap 1m30s
            expect chat closed; expect log 'dropped'
        }

        """
    let perBlock = block.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    var text = "sdk kindly 3.0.12\nlet who = \"you\"\ndef cold_tap delay {\n    launch killed\n    wait $delay\n}\n"
    text.reserveCapacity(lines * 40)
    var n = 0
    while text.utf8.count < 0 || n * perBlock < lines - 6 {
        text += block.replacingOccurrences(of: "NUMBER", with: String(n))
        n += 1
    }
    return text
}

@Suite struct BenchmarkTests {
    /// `SCN_BENCH=1 swift test --filter ScenarioLanguageTests.BenchmarkTests`
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SCN_BENCH"] == "1"))
    func parsingAHundredThousandLines() {
        let text = generatedScenario(lines: 100_000)
        let file = SourceFile(path: "bench.scn", text: text)
        let lines = file.lineStarts.count
        let clock = ContinuousClock()
        var tree: SyntaxTree?
        var best = Duration.seconds(1000)
        for _ in 0..<3 {
            let elapsed = clock.measure { tree = Parser.parse(file) }
            best = min(best, elapsed)
        }
        let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
        print("parse: \(lines) lines in \(String(format: "%.3f", seconds)) s = \(Int(Double(lines) / seconds)) lines/s")
        #expect(tree?.diagnostics.isEmpty == true)

        let checkElapsed = clock.measure { _ = Checker(registry: testRegistry).check(tree ?? Parser.parse(file)) }
        let checkSeconds = Double(checkElapsed.components.seconds) + Double(checkElapsed.components.attoseconds) / 1e18
        print(
            "check: \(lines) lines in \(String(format: "%.3f", checkSeconds)) s = \(Int(Double(lines) / checkSeconds)) lines/s"
        )

        let fmtElapsed = clock.measure { _ = try? Formatter.format(tree ?? Parser.parse(file)) }
        let fmtSeconds = Double(fmtElapsed.components.seconds) + Double(fmtElapsed.components.attoseconds) / 1e18
        print(
            "format: \(lines) lines in \(String(format: "%.3f", fmtSeconds)) s = \(Int(Double(lines) / fmtSeconds)) lines/s"
        )

        // Linearity: ten times the input should take about ten times as long.
        let small = SourceFile(path: "small.scn", text: generatedScenario(lines: 10_000))
        var smallBest = Duration.seconds(1000)
        for _ in 0..<3 { smallBest = min(smallBest, clock.measure { _ = Parser.parse(small) }) }
        print("parse: 10x the lines took \(String(format: "%.1f", best / smallBest))x the time")
    }
}

/// No input, however malformed, crashes or hangs the front end.
@Suite struct RobustnessTests {
    @Test func randomBytes() {
        var rng = SplitMix(seed: 7)
        let alphabet =
            Array("tap let repeat for in def case include tags skip {}[],:=;$\"'#\\\n 0123456789sm.-/abc".utf8) + [
                0, 0xFF, 0xC3, 0xA9, 0xE2,
            ]
        for _ in 0..<300 {
            let bytes = (0..<rng.next(400)).map { _ in alphabet[rng.next(alphabet.count)] }
            let file = SourceFile(path: "r.scn", bytes: bytes)
            let tree = Parser.parse(file)
            _ = Checker(registry: testRegistry, loader: MemoryLoader(files: includeFiles)).check(tree)
            _ = DiagnosticRenderer().render(tree.diagnostics)
            if tree.diagnostics.isEmpty, let text = try? Formatter.format(tree) {
                let again = Parser.parse(SourceFile(path: "r.scn", text: text))
                #expect(
                    again.diagnostics.isEmpty,
                    "\(String(decoding: bytes, as: UTF8.self).debugDescription) → \(text.debugDescription)")
                #expect(
                    dump(again.statements) == dump(tree.statements),
                    "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
                #expect(
                    (try? Formatter.format(again)) == text, "\(String(decoding: bytes, as: UTF8.self).debugDescription)"
                )
            }
        }
    }

    @Test func randomTokenSoup() {
        var rng = SplitMix(seed: 11)
        let pieces = [
            "tap", "wait 1s", "let x = ", "$x", "repeat 2 {", "}", "{", "[", "]", ",", ":", "\n", ";", "\"s ${x}\"",
            "'r\n'",
            "for v in [a, b] {", "case \"c\" {", "def f p {", "f 1", "push raw {\"a\": 1}", "# c\n", "null", "true",
            " ",
            "include \"lib/common.scn\"", "tags t", "skip", "sdk kindly", "extension kindly", "launch killed",
        ]
        for _ in 0..<500 {
            let text = (0..<rng.next(60)).map { _ in pieces[rng.next(pieces.count)] }.joined(
                separator: rng.next(2) == 0 ? " " : "")
            let tree = Parser.parse(SourceFile(path: "soup.scn", text: text))
            _ = Checker(registry: testRegistry, loader: MemoryLoader(files: includeFiles)).check(tree)
            if tree.diagnostics.isEmpty, let once = try? Formatter.format(tree) {
                let again = Parser.parse(SourceFile(path: "soup.scn", text: once))
                #expect(
                    dump(again.statements) == dump(tree.statements),
                    "\(text.debugDescription) → \(once.debugDescription)")
                #expect((try? Formatter.format(again)) == once, "\(text.debugDescription) → \(once.debugDescription)")
            }
        }
    }
}
