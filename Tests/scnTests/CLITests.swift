import Foundation
import Testing

/// `scn --version`, `scn help`, usage errors.
@Suite struct CLITests {
    @Test("CHANGELOG.md's newest version is the one scn --version prints")
    func changelogNamesTheVersion() throws {
        let text = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let heading = try #require(text.split(separator: "\n").first { $0.hasPrefix("## ") })
        let r = try TempDir().scn("--version")
        let version = try #require(r.stdout.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(heading.hasPrefix("## \(version) "), "\(heading) vs \(r.stdout)")
    }

    @Test func versionPrintsOneLine() throws {
        let dir = try TempDir()
        for spelling in ["--version", "version"] {
            let r = try dir.scn(spelling)
            #expect(r.status == 0, "\(r)")
            #expect(r.stderr.isEmpty)
            let line = r.stdout
            #expect(line.hasPrefix("scn "), "\(r)")
            #expect(line.hasSuffix("\n") && line.filter { $0 == "\n" }.count == 1)
            let version = line.dropFirst(4).dropLast()
            let parts = version.split(separator: ".")
            #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil }, "not a version: \(version)")
        }
    }

    @Test func helpListsEveryCommand() throws {
        let dir = try TempDir()
        let r = try dir.scn("help")
        #expect(r.status == 0, "\(r)")
        let lines = r.stdoutLines
        for command in ["test", "run", "check", "fmt", "repl", "repro", "apns", "help", "--version"] {
            #expect(lines.contains { $0.hasPrefix("  \(command) ") }, "'scn help' does not list \(command)")
        }
        #expect(
            r.stdout.contains(
                "exit codes: 0 passed, 1 a case failed, 2 usage or check error, 3 internal error, 4 explore stopped by a budget before --depth"
            ))
        // And the scenario commands, from the registry.
        #expect(lines.contains { $0.hasPrefix("  push kindly ") })
        #expect(lines.contains { $0.hasPrefix("  expect banner") })
        // --help prints the same usage.
        let h = try dir.scn("--help")
        #expect(h.status == 0)
        #expect(r.stdout.hasPrefix(h.stdout))
    }

    @Test func helpForOneCommandShowsItsUsage() throws {
        let dir = try TempDir()
        let r = try dir.scn("help", "push", "kindly")
        #expect(r.status == 0, "\(r)")
        #expect(r.stderr.isEmpty)
        #expect(
            r.stdoutLines.first
                == "push kindly [visible|silent] [title TEXT] [body TEXT] [chat TEXT] [tampered] [missing chat_id|title|body|v] [push-type alert|background|voip|none|TEXT] [priority 10|5|1|N] [collapse-id TEXT] [expiration D|0|none|past|bad]"
        )
        #expect(r.stdout.contains("    title: a quoted string\n"))
        #expect(r.stdout.contains("    missing: 'chat_id', 'title', 'body', 'v'\n"))
    }

    @Test func helpForAnUnknownCommandIsAUsageError() throws {
        let dir = try TempDir()
        let r = try dir.scn("help", "frobnicate")
        #expect(r.status == 2, "\(r)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "error: no command 'frobnicate'; 'scn help' lists them all\n")
    }

    @Test func helpMarkdownIsDocsCommands() throws {
        let dir = try TempDir()
        let r = try dir.scn("help", "--markdown")
        #expect(r.status == 0)
        let doc = try String(contentsOf: CLI.packageRoot.appendingPathComponent("docs/COMMANDS.md"), encoding: .utf8)
        #expect(r.stdout == doc, "regenerate: scn help --markdown > docs/COMMANDS.md")
    }

    @Test func unknownSubcommandIsAUsageError() throws {
        let dir = try TempDir()
        let r = try dir.scn("frobnicate")
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr == "error: unknown command 'frobnicate'\nRun 'scn --help' for the commands.\n")
    }

    @Test(arguments: [
        ["run"], ["check"], ["fmt"], ["fmt", "--check"], ["repro"], ["apns", "x.scn"], ["apns", "--out", "o"],
        ["run", "--bogus", "x.scn"], ["check", "--bogus", "x.scn"], ["fmt", "--bogus", "x.scn"],
        ["repro", "--bogus", "x.scn"], ["repro", "x.scn", "--case"], ["apns", "x.scn", "--out"],
        ["run", "--max-steps", "0", "x.scn"], ["run", "--max-steps", "many", "x.scn"], ["run", "--max-steps"],
        ["test", "--bogus"], ["test", "no-such-folder"],
    ])
    func usageErrorsExit2(arguments: [String]) throws {
        let dir = try TempDir()
        try dir.write("x.scn", Fixture.passing)
        let r = try dir.scn(arguments)
        #expect(r.status == 2, "\(arguments): \(r)")
        #expect(r.stdout.isEmpty, "\(arguments): \(r)")
        #expect(!r.stderr.isEmpty)
    }

    @Test(arguments: ["run", "check", "fmt", "repro", "apns", "test"])
    func subcommandHelp(command: String) throws {
        let dir = try TempDir()
        let r = try dir.scn(command, "--help")
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.hasPrefix("usage: scn \(command)") || r.stdout.contains("scn test"), "\(r)")
        let viaHelp = try dir.scn("help", command)
        #expect(viaHelp.status == 0, "\(viaHelp)")
        #expect(viaHelp.stdout.hasPrefix("usage: scn \(command)"), "\(viaHelp)")
    }

    @Test func missingFilesAreReportedNotCrashedOn() throws {
        let dir = try TempDir()
        for command in [["check"], ["run"], ["fmt"], ["repro"], ["apns", "--out", "o"]] {
            let r = try dir.scn(command + ["nope.scn"])
            #expect(r.status == 2, "\(command): \(r)")
            #expect(r.stderr.contains("nope.scn"), "\(command): \(r)")
        }
    }
}
