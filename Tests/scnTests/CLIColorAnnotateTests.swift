import CommandLineKit
import Foundation
import Testing

@testable import ScenarioTesting

/// `--color auto|always|never` and `scn test --annotate github`: what a CI log shows.
@Suite struct CLIColorAnnotateTests {
    static let failing = """
        sdk kindly
        launch background
        case "bad, one: 100%" {
          expect banners 1
        }
        case "fine" {
          expect banners 0
        }
        case "known" {
          known-bug "https://example.com/issues/7" because "app: background"
          expect banners 1
        }

        """

    @Test("colour never bleeds past a line break: each line is reset before its newline")
    func paintResetsEveryLine() {
        #expect(ColorChoice.paint("a\nb", "1;31") == "\u{1B}[1;31ma\u{1B}[0m\n\u{1B}[1;31mb\u{1B}[0m")
        #expect(ColorChoice.paint("a\n\nb\n", "2") == "\u{1B}[2ma\u{1B}[0m\n\n\u{1B}[2mb\u{1B}[0m\n")
        #expect(ColorChoice.paint("", "1") == "")
    }

    @Test("the choice: always colours into a pipe, never never does, auto as NO_COLOR and the terminal say")
    func decide() {
        #expect(ColorChoice.decide(terminal: false, environment: ["SCN_COLOR": "always"]))
        #expect(!ColorChoice.decide(terminal: true, environment: ["SCN_COLOR": "never"]))
        #expect(ColorChoice.decide(terminal: true, environment: [:]))
        #expect(!ColorChoice.decide(terminal: true, environment: ["NO_COLOR": ""]))
        #expect(ColorChoice.decide(terminal: true, environment: ["NO_COLOR": "1", "SCN_COLOR": "always"]))
        #expect(!ColorChoice.decide(terminal: false, environment: ["SCN_COLOR": "auto"]))
    }

    @Test("--color always colours scn test, run and check in a pipe; never and the default do not")
    func colorInAPipe() throws {
        let dir = try TempDir()
        try dir.write("a.scn", Self.failing)
        try dir.write("b.scn", "sdk kindly\nlaunhc x\n")
        for command in [["test", "a.scn"], ["run", "a.scn"], ["check", "b.scn"]] {
            let always = try dir.scn(command + ["--color", "always"])
            #expect((always.stdout + always.stderr).contains("\u{1B}["), "\(command) --color always")
            let never = try dir.scn(command + ["--color", "never"])
            #expect(!(never.stdout + never.stderr).contains("\u{1B}["), "\(command) --color never")
            let plain = try dir.scn(command)
            #expect(!(plain.stdout + plain.stderr).contains("\u{1B}["), "\(command) in a pipe")
            #expect(always.status == plain.status)
        }
        let wrong = try dir.scn("test", "a.scn", "--color", "sometimes")
        #expect(wrong.status == 2 && wrong.stderr.contains("--color"), "\(wrong)")
        // Coloured text never carries its colour over a line break.
        let always = try dir.scn("test", "a.scn", "--color", "always", "-v")
        var coloured = 0
        for line in (always.stdout + always.stderr).split(separator: "\n") {
            guard let last = line.ranges(of: "\u{1B}[").last else { continue }
            coloured += 1
            #expect(line[last.lowerBound...].hasPrefix("\u{1B}[0m"), "colour left open at the end of: \(line)")
        }
        #expect(coloured > 3)
    }

    @Test("--annotate github writes one workflow command per failure and known bug, in GitHub's syntax")
    func annotateGitHub() throws {
        let dir = try TempDir()
        try dir.write("a.scn", Self.failing)
        try dir.write("b.scn", "sdk kindly\nlaunhc x\n")
        let r = try dir.scn("test", "a.scn", "b.scn", "--annotate", "github")
        #expect(r.status == 2, "\(r)")
        let commands = r.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }.map(String.init)
        #expect(commands.count == 3, "\(commands)")
        // ::KIND file=F,line=L,col=C,title=T::MESSAGE, with %, CR, LF, ':' and ',' escaped in properties.
        let syntax = #/^::(error|notice|warning) file=[^,:]+(,line=\d+,col=\d+)?,title=[^:,]*::[^\r\n]*$/#
        for command in commands { #expect(command.wholeMatch(of: syntax) != nil, "\(command)") }
        #expect(
            commands.contains {
                $0.hasPrefix("::error file=a.scn,line=4,col=3,title=scn test%3A bad%2C one%3A 100%25::")
            })
        #expect(commands.contains { $0.hasPrefix("::notice file=a.scn,line=") && $0.contains("https%3A") == false })
        #expect(commands.contains { $0.hasPrefix("::error file=b.scn,line=2,col=1,title=scn test%3A check failed::") })
        #expect(commands.allSatisfy { !$0.contains("\u{1B}") })
        let wrong = try dir.scn("test", "a.scn", "--annotate", "gitlab")
        #expect(wrong.status == 2 && wrong.stderr.contains("--annotate"), "\(wrong)")
    }

    @Test("a run with more failures than GitHub shows writes 50 annotations and says how many more")
    func annotationsAreBounded() {
        let line = GitHubAnnotations.text(Array(repeating: "::error file=a.scn::x", count: 60))
        let lines = line.split(separator: "\n")
        #expect(lines.count == 51)
        #expect(
            lines.last == "::warning title=scn test::10 more annotations not written (the console report lists them)")
        #expect(GitHubAnnotations.data("50% off\r\nnext") == "50%25 off%0D%0Anext")
        #expect(GitHubAnnotations.property("a:b,c") == "a%3Ab%2Cc")
    }
}

/// `--color` on a real terminal (tmux): auto colours, never does not; in a pipe from the
/// same terminal, always does.
@Suite(.enabled(if: Tmux.executable != nil, "tmux is not installed"))
struct TerminalColorTests {
    @Test func colorOnATerminal() throws {
        let scn = try ScnBinary.path()
        let folder = try TemporaryFolder.make("color-pty")
        try CLIColorAnnotateTests.failing.write(
            toFile: (folder as NSString).appendingPathComponent("a.scn"), atomically: true, encoding: .utf8)
        let tmux = Tmux(folder: folder)
        defer { tmux.killServer() }
        try tmux.start(["env", "-u", "NO_COLOR", "-u", "SCN_COLOR", "TERM=screen", "sh"], in: folder)
        var runs = 0
        func run(_ command: String) throws -> String {
            runs += 1
            let marker = "END\(runs)-"
            tmux.type("clear")
            _ = tmux.tmux(["clear-history", "-t", tmux.session])
            tmux.type(command + "; echo \(marker)$?")
            // The marker followed by the exit status: the typed line shows `$?` instead.
            _ = try tmux.waitFor(command, { $0.contains(marker + "1") || $0.contains(marker + "0") })
            // With -e, the pane keeps its escape sequences.
            return tmux.tmux(["capture-pane", "-p", "-e", "-t", tmux.session, "-S", "-200"]).output
        }
        let auto = try run("\(scn) test a.scn")
        #expect(auto.contains("\u{1B}["), "auto colours a terminal")
        let never = try run("\(scn) test a.scn --color never")
        #expect(!never.contains("\u{1B}[3") && !never.contains("\u{1B}[1;3"), "never:\n\(never)")
        let piped = try run("\(scn) test a.scn --color always | cat")
        #expect(piped.contains("\u{1B}["), "always colours a pipe")
        let plain = try run("\(scn) test a.scn | cat")
        #expect(!plain.contains("\u{1B}[3") && !plain.contains("\u{1B}[1;3"), "auto does not colour a pipe")
        tmux.type("exit")
    }
}
