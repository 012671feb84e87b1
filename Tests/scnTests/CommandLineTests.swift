import StandardVocabulary
import CommandLineKit
import Foundation
import ScenarioLanguage
import ScenarioRuntime
import Testing

@testable import ScenarioTool

/// One command-line layer for every subcommand: `--help`, did-you-mean, `--opt=VALUE`,
/// `--`, `-` for standard input, usage errors with exit 2. The subcommands come from the
/// tool's own list, so a new one is covered without touching this file.
@Suite struct CommandLineTests {
    static let names = Tool.subcommands.map(\.spec.name)

    @Test(arguments: names)
    func everySubcommandAnswersHelp(command: String) throws {
        let dir = try TempDir()
        for spelling in ["--help", "-h"] {
            let r = try dir.scn([command, spelling])
            #expect(r.status == 0, "\(command) \(spelling): \(r)")
            #expect(r.stdout.hasPrefix("usage: scn \(command)"), "\(r)")
            #expect(r.stdout.contains("-h, --help"), "\(r)")
            #expect(r.stderr.isEmpty, "\(r)")
        }
        // Also after other words, and through `scn help COMMAND`.
        let later = try dir.scn([command, "x.scn", "--help"])
        #expect(later.status == 0, "\(later)")
        let viaHelp = try dir.scn(["help", command])
        #expect(viaHelp.status == 0)
        #expect(viaHelp.stdout == later.stdout)
    }

    @Test func helpAndReplAnswerHelpToo() throws {
        let dir = try TempDir()
        // `scn repl --help` with standard input not a terminal prints help; it runs nothing.
        let repl = try dir.scn(["repl", "--help"], input: "launch killed\n")
        #expect(repl.status == 0, "\(repl)")
        #expect(repl.stdout.hasPrefix("usage: scn repl"))
        let help = try dir.scn("help", "--help")
        #expect(help.status == 0, "\(help)")
        #expect(help.stdout.hasPrefix("usage: scn help"))
    }

    /// A misspelt subcommand: one letter changed.
    @Test(arguments: names)
    func misspeltSubcommandsGetADidYouMean(command: String) throws {
        let dir = try TempDir()
        let typo = String(command.dropLast()) + (command.last == "x" ? "y" : "x")
        let r = try dir.scn([typo])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("error: unknown command '\(typo)'; did you mean '\(command)'?\n"), "\(r)")
    }

    /// Every option of every subcommand, misspelt by one letter.
    @Test(arguments: Tool.subcommands.map(\.spec))
    func misspeltOptionsGetADidYouMean(spec: CommandSpec) throws {
        let dir = try TempDir()
        for option in spec.allOptions {
            var letters = Array(option.name)
            letters[3] = letters[3] == "q" ? "z" : "q"
            let typo = String(letters)
            let r = try dir.scn([spec.name, typo])
            #expect(r.status == 2, "\(spec.name) \(typo): \(r)")
            #expect(r.stdout.isEmpty)
            #expect(
                r.stderr
                    == "error: unknown option '\(typo)'; did you mean '\(option.name)'?\nRun 'scn \(spec.name) --help' for usage.\n",
                "\(r)")
        }
    }

    @Test func topLevelTyposToo() throws {
        let dir = try TempDir()
        let r = try dir.scn("--verison")
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("error: unknown option '--verison'; did you mean '--version'?"), "\(r)")
        let help = try dir.scn("help", "pusj")
        #expect(help.status == 2)
        #expect(help.stderr.contains("did you mean 'push'?"), "\(help)")
    }

    @Test func bothSpellingsOfAValueAndTheEndOfOptions() throws {
        let dir = try TempDir()
        try dir.write("x.scn", Fixture.passing)
        try dir.write("--odd.scn", Fixture.passing)
        let a = try dir.scn("run", "--max-steps=1", "x.scn")
        let b = try dir.scn("run", "--max-steps", "1", "x.scn")
        #expect(a.status == 1 && b.status == 1, "1 step is too few: \(a)")
        #expect(a.stdout == b.stdout)
        let c = try dir.scn("check", "--", "--odd.scn")
        #expect(c.status == 0, "\(c)")
        #expect(c.stdout == "ok --odd.scn (1 case)\n")
        let flagWithValue = try dir.scn("run", "--trace=yes", "x.scn")
        #expect(flagWithValue.status == 2)
        #expect(flagWithValue.stderr.hasPrefix("error: option '--trace' takes no value\n"))
        let missing = try dir.scn("repro", "x.scn", "--case")
        #expect(missing.stderr.hasPrefix("error: option '--case' needs a value: NAME ("), "\(missing)")
        let extra = try dir.scn("repro", "x.scn", "y.scn")
        #expect(extra.status == 2)
        #expect(extra.stderr.hasPrefix("error: unexpected argument 'y.scn' (scn repro FILE)\n"), "\(extra)")
    }

    @Test func parserRules() throws {
        let spec = CommandSpec(
            "demo", abstract: "a demo", arguments: [ArgumentSpec("PATH", .scenario, .any, "paths")],
            options: [.flag("--all", short: "a", "all"), .value("--jobs", short: "j", "N", .number, "jobs")])
        let p = try ArgumentParser.parse(["-j4", "x", "--jobs", "-1", "-", "--", "--all", "-j"], for: spec)
        #expect(p.values["--jobs"] == ["4", "-1"], "a value may start with a dash")
        #expect(p.value("--jobs") == "-1", "the last one counts")
        #expect(p.positionals == ["x", "-", "--all", "-j"])
        #expect(!p.flag("--all"))
        #expect(throws: UsageError("option '--jobs' needs a whole number of at least 1, not '-1'")) {
            try p.positiveInteger("--jobs")
        }
        #expect(throws: UsageError("unknown option '-x'")) { try ArgumentParser.parse(["-x"], for: spec) }
        #expect(throws: UsageError("unknown option '-ax'")) { try ArgumentParser.parse(["-ax"], for: spec) }
        #expect(try ArgumentParser.parse(["-a", "--help"], for: spec).help)
    }

    @Test func standardInputForRunCheckAndFmt() throws {
        let dir = try TempDir()
        try dir.write("lib/helpers.scn", "def open_chat {\n    launch foreground\n}\n")
        let scenario = "include \"lib/helpers.scn\"\n" + Fixture.passing
        let check = try dir.scn(["check", "-"], input: scenario)
        #expect(check.status == 0, "\(check)")
        #expect(check.stdout == "ok <stdin> (1 case)\n")
        let run = try dir.scn(["run", "-"], input: scenario)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("PASS <stdin> › "), "\(run)")
        let failing = try dir.scn(["run", "-"], input: Fixture.failing)
        #expect(failing.status == 1)

        // fmt -: the result on standard output, the input unchanged; an editor's filter.
        let fmt = try dir.scn(["fmt", "-"], input: Fixture.unformatted)
        #expect(fmt.status == 0, "\(fmt)")
        #expect(fmt.stdout == Fixture.formatted)
        let formatted = try dir.scn(["fmt", "-"], input: Fixture.formatted)
        #expect(formatted.stdout == Fixture.formatted, "a formatted text comes back as it was")
        let bad = try dir.scn(["fmt", "-"], input: "case \"x\" {\n")
        #expect(bad.status == 2)
        #expect(bad.stdout.isEmpty, "nothing on standard output: the editor keeps its buffer")
        let checkOnly = try dir.scn(["fmt", "--check", "-"], input: Fixture.unformatted)
        #expect(checkOnly.status == 1)
        #expect(checkOnly.stdout == "<stdin>: not formatted\n")
    }

    /// An editor's "run this file" runs it from its own folder; `--root` lets its includes
    /// reach above that folder.
    @Test func rootSetsTheScenarioRoot() throws {
        let dir = try TempDir()
        try dir.write("lib/x.scn", "def go {\n    launch background\n}\n")
        try dir.write(
            "cases/a.scn",
            "include \"../lib/x.scn\"\nsdk kindly\nextension kindly\ngo\npush kindly visible title \"A\"\nexpect banner \"A\"\n"
        )
        let without = try dir.scn("check", "cases/a.scn")
        #expect(without.status == 2, "outside the file's own folder: \(without)")
        for command in [["check"], ["run"], ["repro"], ["apns", "--out", "o"]] {
            let r = try dir.scn(command + ["--root", ".", "cases/a.scn"])
            #expect(r.status == 0, "\(command): \(r)")
        }
        let notAFolder = try dir.scn("run", "--root", "nope", "cases/a.scn")
        #expect(notAFolder.status == 2)
        #expect(notAFolder.stderr.contains("'nope' is not a folder"), "\(notAFolder)")
    }

    @Test func checkJSON() throws {
        let dir = try TempDir()
        try dir.write("good.scn", Fixture.passing)
        try dir.write("bad.scn", "sdk kindly\npush kindly visible tilte \"Anna\"\n")
        let r = try dir.scn("check", "--json", "good.scn", "bad.scn")
        #expect(r.status == 2)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(r)")
        let objects = try lines.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects[0]["type"] as? String == "file")
        #expect(objects[0]["status"] as? String == "ok")
        #expect(objects[0]["cases"] as? Int == 1)
        #expect(objects[1]["type"] as? String == "diagnostic")
        #expect(objects[1]["file"] as? String == "bad.scn")
        #expect(objects[1]["line"] as? Int == 2)
        #expect(objects[1]["column"] as? Int == 21)
        #expect(objects[1]["end_column"] as? Int == 26)
        #expect(objects[1]["severity"] as? String == "error")
        #expect((objects[1]["message"] as? String)?.contains("tilte") == true)
        #expect(objects[2]["status"] as? String == "error")
        #expect(r.stderr.isEmpty)
    }

    /// A file of definitions only is a library: checked, never counted as a case.
    @Test func librariesAreNotCases() throws {
        let dir = try TempDir()
        try dir.write("S/lib/common.scn", "# helpers\nlet who = \"Anna\"\ndef go {\n    launch background\n}\n")
        try dir.write("S/a.scn", "include \"lib/common.scn\"\n" + Fixture.passing)
        let check = try dir.scn("check", "S")
        #expect(check.stdout.contains("ok S/lib/common.scn (0 cases)\n"), "\(check)")
        let test = try dir.scn("test", "S")
        #expect(test.status == 0, "\(test)")
        #expect(test.stdout.hasSuffix("1 passed, 0 failed\n"), "\(test)")
        let real = try dir.scn("test", "--list", CLI.packageRoot.appendingPathComponent("Scenarios/language").path)
        #expect(!real.stdout.contains("common.scn"), "\(real)")
    }

    @Test func apnsRefusesWhatAPNsRejects() throws {
        let dir = try TempDir()
        let big = String(repeating: "x", count: 4060)
        for (payload, problem) in [
            (#"{"alert": "no aps"}"#, "the payload has no 'aps' dictionary; APNs rejects it"),
            (#"{"aps": "a string"}"#, "'aps' is not a dictionary; APNs rejects it"),
            (#"{"aps": {"alert": "\#(big)"}}"#, "over APNs' limit of 4096"),
        ] {
            try dir.write("p.scn", "sdk kindly\nlaunch background\npush raw \(payload)\n")
            let r = try dir.scn("apns", "p.scn", "--out", "out")
            #expect(r.status == 2, "\(payload): \(r)")
            #expect(r.stderr.contains(problem), "\(r)")
            #expect(r.stderr.hasSuffix("nothing was written\n"))
            #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("out").path))
        }
        try dir.write("p.scn", "sdk kindly\nlaunch background\npush raw {\"aps\": {\"alert\": \"hi\"}}\n")
        let ok = try dir.scn("apns", "p.scn", "--out", "out")
        #expect(ok.status == 0, "\(ok)")
        try dir.write("blocker", "")
        let blocked = try dir.scn("apns", "p.scn", "--out", "blocker")
        #expect(blocked.status == 2)
        #expect(blocked.stderr == "error: --out: 'blocker' is a file, not a folder\n", "\(blocked)")
    }

    /// `scn explore --shard K/N` in N processes, then `--merge`: exactly one process's
    /// report (its time line aside), for N = 1 … 4.
    @Test func exploreShardsJoinAcrossProcesses() throws {
        let dir = try TempDir()
        try dir.write("p.scn", "sdk none\nhost registers first-launch\nhost uploads-token if-changed\n")
        let arguments = ["explore", "p.scn", "--depth", "3", "--check", "token-current,loss-explained"]
        func withoutTime(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("  time: ") }
                .joined(separator: "\n")
        }
        let single = try dir.scn(arguments)
        #expect(single.status == 1, "\(single)")
        for n in 1...4 {
            for k in 1...n {
                let shard = try dir.scn(arguments + ["--shard", "\(k)/\(n)", "--out", "shards\(n)"])
                #expect(shard.status == 0, "\(shard)")
            }
            let merged = try dir.scn(["explore", "--merge", "shards\(n)"])
            #expect(merged.status == 1, "\(merged)")
            #expect(withoutTime(merged.stdout) == withoutTime(single.stdout), "N = \(n)")
        }
        let missing = try dir.scn(["explore", "--merge", "shards4/shard-1-of-4.txt", "shards4/shard-2-of-4.txt"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("missing shard(s): 3/4, 4/4"), "\(missing)")
        _ = try dir.write("junk/shard-1-of-1.txt", "not a shard\n")
        let junk = try dir.scn(["explore", "--merge", "junk"])
        #expect(junk.status == 2)
        #expect(junk.stderr.contains("not a shard file"), "\(junk)")
        let noOut = try dir.scn(arguments + ["--shard", "1/2"])
        #expect(noOut.status == 2)
        let bad = try dir.scn(arguments + ["--shard", "3/2", "--out", "x"])
        #expect(bad.status == 2)
    }

    @Test func apnsNamesAppleReasonAndWritesVoIPWithItsTopic() throws {
        let dir = try TempDir()
        for (push, reason) in [
            ("push raw {}", "400 PayloadEmpty"), ("push app visible title \"A\" priority 7", "400 BadPriority"),
            ("push app visible title \"A\" push-type alrt", "400 InvalidPushType"),
            ("push app visible title \"A\" expiration bad", "400 BadExpirationDate"),
        ] {
            try dir.write("p.scn", "sdk none\n\(push)\n")
            let r = try dir.scn("apns", "p.scn", "--out", "out")
            #expect(r.status == 2, "\(push): \(r)")
            #expect(r.stderr.contains("APNs answers \(reason)"), "\(r)")
        }
        try dir.write("v.scn", "sdk none\npush app voip title \"Anna\"\n")
        let voip = try dir.scn("apns", "v.scn", "--out", "out")
        #expect(voip.status == 0, "\(voip)")
        #expect(voip.stdout.hasSuffix("p1.voip.apns\n"))
        #expect(voip.stderr.contains("a VoIP push for topic com.example.app.voip"))
    }

    @Test func apnsNamesTheTopicUnderAMultiTopicCertificate() throws {
        let dir = try TempDir()
        let cert = "sdk none\nprovider auth cert [\"com.example.app\", \"com.example.app.voip\"]\n"
        try dir.write("t.scn", cert + "provider topic \"com.example.app\"\npush app visible title \"A\"\n")
        let named = try dir.scn("apns", "t.scn", "--out", "out")
        #expect(named.status == 0, "\(named)")
        #expect(named.stderr.contains("certificate covers 2 topics; send it to a device with apns-topic com.example.app"))
        try dir.write("o.scn", cert + "provider topic omitted\npush app visible title \"A\"\n")
        let omitted = try dir.scn("apns", "o.scn", "--out", "out2")
        #expect(omitted.stderr.contains("without apns-topic is 400 MissingTopic"), "\(omitted)")
    }

    /// A host's own tool: the same subcommands, with the host's commands in every one.
    @Test func aHostVocabularyReachesEverySubcommand() throws {
        var vocabulary = Vocabulary.standard
        try vocabulary.register(
            Signature(
                ["expect", "unread"], [Parameter("count", .integer)], role: .expectation, topic: "Host",
                summary: "the host's unread count is N")
        ) { _, _ throws(StepError) in }
        let tool = Tool(vocabulary: vocabulary)
        #expect(tool.spec.topics.contains("expect"))
        let dir = try TempDir()
        let path = try dir.write("h.scn", "sdk kindly\nlaunch background\nexpect unread 1\n")
        let input = FileRun.input(dir.url.appendingPathComponent(path).path, root: nil)
        let run = FileRun.run(input, tool: tool, limits: Limits())
        #expect(run.exitCode == ExitCode.success, "\(run.diagnostics)")
        let standard = FileRun.run(input, tool: Tool(vocabulary: .standard), limits: Limits())
        #expect(standard.exitCode == ExitCode.usage, "unknown command 'expect unread' without the host's vocabulary")
    }
}

/// The JUnit report against the schema Jenkins' xunit plugin publishes, when `xmllint` is
/// installed (CI installs it: .ci/packages/cli.apt; .ci/checks/42-cli-junit-schema.sh runs the
/// same check on the whole library).
@Suite struct JUnitSchemaTests {
    static let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint", "/opt/homebrew/bin/xmllint"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(.enabled(if: xmllint != nil, "xmllint is not installed"))
    func reportsValidateAgainstJunit10() throws {
        let dir = try TempDir()
        try dir.write("S/lib/helpers.scn", "def expect_bob {\n    expect banner \"Bob\"\n}\n")
        try dir.write(
            "S/a.scn", "include \"lib/helpers.scn\"\n" + Fixture.twoCases + "case \"c\" {\n    skip \"later\"\n}\n")
        try dir.write("S/bad.scn", "sdk kindly\npush kindly visible tilte \"A\"\n")
        let r = try dir.scn("test", "S", "--junit", "j.xml")
        #expect(r.status == 2, "\(r)")
        let schema = CLI.packageRoot.appendingPathComponent("Tests/Schemas/junit-10.xsd").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.xmllint))
        process.arguments = ["--noout", "--schema", schema, dir.url.appendingPathComponent("j.xml").path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(message)")
    }
}
