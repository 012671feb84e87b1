// The inputs of the benchmarks, generated so that every figure is reproducible from this
// file alone.

enum Generate {
    /// A four-line scenario: the start-up figure runs it.
    static let fourLines = """
        sdk kindly 3.0.12
        extension kindly
        push kindly visible title "Anna" body "Hi"
        expect banner "Anna" "Hi"

        """

    /// `lines` statements in the shape of real ones; `scn check` accepts them all.
    static func checkInput(_ lines: Int) -> String {
        var out = "sdk kindly\nextension kindly\nlaunch background\n"
        for i in 0..<lines {
            switch i % 5 {
            case 0: out += "push kindly visible title \"Agent \(i)\" body \"Message \(i)\"\n"
            case 1: out += "expect banner \"Agent \(i - 1)\" \"Message \(i - 1)\"\n"
            case 2: out += "clear\n"
            case 3: out += "wait 61s\n"
            default: out += "let x\(i) = [1, 2, \"three\", {a: \(i)}]\n"
            }
        }
        return out
    }

    /// The same statements as Lua, for `luac5.4 -p`: a call per command with the same
    /// arguments, a table constructor per `let` (globals: Lua allows 200 locals).
    static func luaInput(_ lines: Int) -> String {
        var out = "sdk(\"kindly\")\nextension(\"kindly\")\nlaunch(\"background\")\n"
        for i in 0..<lines {
            switch i % 5 {
            case 0: out += "push_kindly(\"visible\", {title = \"Agent \(i)\", body = \"Message \(i)\"})\n"
            case 1: out += "expect_banner(\"Agent \(i - 1)\", \"Message \(i - 1)\")\n"
            case 2: out += "clear()\n"
            case 3: out += "wait(\"61s\")\n"
            default: out += "x\(i) = {1, 2, \"three\", {a = \(i)}}\n"
            }
        }
        return out
    }

    /// One file of the corpus: five cases in the shape of the scenario library's.
    static func corpusFile(_ n: Int) -> String {
        """
        # corpus file \(n)
        tags kindly corpus
        sdk kindly 3.0.12
        extension kindly

        case "background: the extension's banner" {
            launch background
            push kindly visible title "Anna \(n)" body "Hi \(n)"
            expect banner "Anna \(n)" "Hi \(n)"
            expect banner from extension
        }

        case "tap on the banner opens the chat" {
            launch background
            push kindly visible
            tap
            expect chat open
        }

        case "foreground on the chat: no banner, the message in the history" {
            screen chat
            push kindly visible
            expect banner none
            expect history count 1
        }

        case "cold-start tap replayed by start()" {
            launch killed
            push kindly visible
            tap
            wait 10s
            start
            expect chat open
        }

        case "silent push in the background" {
            launch background
            push kindly silent body "Quiet \(n)"
            expect history count 1
            wait 1s
        }

        """
    }

    /// The scaling generators: each one's work grows with `n`; the figure compares `n` with `4n`.
    static let scaling: [(name: String, make: @Sendable (Int) -> String)] = [
        (
            "pushes with expect banners",
            { n in
                var out = "sdk kindly 3.0.12\nextension kindly\nlaunch background\n"
                for i in 0..<n { out += "push kindly visible\nexpect banners \(i + 1)\n" }
                return out
            }
        ),
        (
            "pending extensions",
            { n in
                var out = "sdk kindly 3.0.12\nextension kindly\nextension-delay 20s\nlaunch background\n"
                for _ in 0..<n { out += "push kindly visible\n" }
                return out + "wait 31s\nexpect banners \(n)\n"
            }
        ),
        (
            "thousands of chats",
            { n in
                var out = "sdk kindly 3.0.12\nextension kindly\nlaunch background\n"
                for i in 0..<n { out += "push kindly visible chat \"c\(i)\"\nexpect banners 1\nclear\n" }
                return out
            }
        ),
        (
            "long history",
            { n in
                var out = "sdk kindly 3.0.12\nextension kindly\nscreen chat\n"
                for i in 0..<n {
                    out += "push kindly visible\nexpect history \"Message \(i + 1)\"\nexpect history count \(i + 1)\n"
                }
                return out
            }
        ),
        (
            "long log",
            { n in
                var out = "sdk kindly 3.0.12\n"
                for i in 0..<n {
                    out += "push kindly visible tampered\nexpect log \"cannot decrypt notification p\(i + 1):\"\n"
                }
                return out
            }
        ),
    ]

    /// A case of about 1,000,000 steps (commands and loop iterations): rounds of a push, a
    /// tap, the chat and the notification center, each followed by thirty visits to the chat.
    /// A round is 100 steps and sends one push; one round fewer than the steps allow keeps the
    /// case within a case's limits (1,000,000 steps, 10,000 pushes).
    static func millionSteps(_ steps: Int = 1_000_000) -> String {
        """
        sdk kindly 3.0.12
        extension kindly

        repeat \(steps / 100 - 1) {
            launch background
            push kindly visible
            expect banners 1
            tap
            expect chat open
            screen host
            clear
            wait 1s
            expect banner none
            repeat 30 {
                screen chat
                screen host
            }
        }

        """
    }
}
