import StandardVocabulary
import Foundation
import Testing

@testable import ScenarioTesting

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct JUnitReportTests {
    @Test func isValidXMLWithATestcasePerCaseAndTheFailure() throws {
        let suite = try TemporarySuite(passingAndFailing)
        let run = suite.run(["--junit", "reports/junit.xml"])
        #expect(run.code == 1)
        let xml = try suite.read("reports/junit.xml")
        let document = try XMLDocument(xmlString: xml, options: [])
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "2")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        #expect(root.attribute(forName: "errors")?.stringValue == "0")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["Scenarios/a.scn", "Scenarios/b.scn"])
        let cases = suites.flatMap { $0.elements(forName: "testcase") }
        #expect(cases.count == 2)
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["ok", "broken"])
        #expect(cases.map { $0.attribute(forName: "classname")?.stringValue } == ["Scenarios.a", "Scenarios.b"])
        for c in cases {
            let time = try #require(c.attribute(forName: "time")?.stringValue)
            #expect(Double(time) != nil)
        }
        #expect(cases[0].elements(forName: "failure").isEmpty)
        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "type")?.stringValue == "failure")
        #expect(
            failure.attribute(forName: "message")?.stringValue
                == "error: expected banner \"Anna\", but the notification center is empty")
        #expect(
            failure.stringValue == """
                Scenarios/b.scn:1:1
                error: expected banner "Anna", but the notification center is empty
                  --> Scenarios/b.scn:1:1
                trace:
                  0ms  push kindly visible <sent>
                """)
        #expect(cases[1].attribute(forName: "file") == nil, "outside junit-10.xsd: only with --junit-locations")
        #expect(cases[1].attribute(forName: "line") == nil)

        _ = suite.run(["--junit", "j.xml", "--junit-locations"])
        let located = try XMLDocument(xmlString: try suite.read("j.xml"), options: [])
        let withPlaces = try #require(located.rootElement()).elements(forName: "testsuite").flatMap {
            $0.elements(forName: "testcase")
        }
        #expect(withPlaces[1].attribute(forName: "file")?.stringValue == "Scenarios/b.scn")
        #expect(withPlaces[1].attribute(forName: "line")?.stringValue == "1")
    }

    @Test func skipsErrorsAndCheckFailures() throws {
        let suite = try TemporarySuite([
            "Scenarios/a.scn": "case s skip not <yet> & \"never\"\ncase e error\n",
            "Scenarios/bad.scn": "check unknown command\n",
        ])
        let run = suite.run(["--junit", "j.xml"])
        #expect(run.code == 3)
        let document = try XMLDocument(xmlString: try suite.read("j.xml"), options: [])
        let root = try #require(document.rootElement())
        #expect(root.attribute(forName: "tests")?.stringValue == "3")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        #expect(root.attribute(forName: "skipped") == nil, "junit-10.xsd has no skipped on testsuites")
        #expect(root.elements(forName: "testsuite").first?.attribute(forName: "skipped")?.stringValue == "1")
        let cases = root.elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["s", "e", "check"])
        #expect(
            cases[0].elements(forName: "skipped").first?.attribute(forName: "message")?.stringValue
                == "not <yet> & \"never\"")
        #expect(cases[1].elements(forName: "error").first?.attribute(forName: "type")?.stringValue == "internal error")
        #expect(cases[2].elements(forName: "failure").first?.attribute(forName: "type")?.stringValue == "check")
    }

    @Test func escapesEverythingXMLCannotHold() throws {
        let nasty = "a<b>&\"'\u{1B}[31m\u{0}\r\n\ttab\u{FFFE}é😀"
        let result = TestSuiteResult(
            files: [
                TestFileResult(
                    file: ScenarioFile(path: "S/x&y.scn", root: "S"), problem: nil,
                    cases: [
                        TestCaseResult(
                            planned: PlannedCase(name: nasty),
                            outcome: .failed(nasty, message: nasty + "\nsecond line", at: nil))
                    ], duration: .milliseconds(1500))
            ], duration: .seconds(2))
        let xml = JUnitReporter.render(result)
        let document = try XMLDocument(xmlString: xml, options: [])
        let testcase = try #require(
            document.rootElement()?.elements(forName: "testsuite").first?.elements(forName: "testcase").first)
        let readable = "a<b>&\"'\\u{1B}[31m\\u{0}\r\n\ttab\\u{FFFE}é😀"
        #expect(testcase.attribute(forName: "name")?.stringValue == readable)
        let failure = try #require(testcase.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "a<b>&\"'\\u{1B}[31m\\u{0}\r")
        #expect(failure.stringValue == readable + "\nsecond line")
        #expect(testcase.attribute(forName: "classname")?.stringValue == "S.x&y")
        #expect(xml.contains("time=\"1.500\""))
        #expect(
            xml.contains(
                "<testsuites name=\"scn test\" tests=\"1\" failures=\"1\" errors=\"0\" time=\"2.000\">"))
    }
}

@Suite struct TAPReportTests {
    @Test func oneTestPointPerCaseThenThePlan() throws {
        let suite = try TemporarySuite(passingAndFailing)
        let run = suite.run(["--tap"])
        #expect(run.code == 1)
        #expect(
            run.stdout == """
                TAP version 13
                ok 1 - Scenarios/a.scn › ok
                not ok 2 - Scenarios/b.scn › broken
                  ---
                  message: "error: expected banner \\"Anna\\", but the notification center is empty"
                  severity: fail
                  type: failure
                  at:
                    file: Scenarios/b.scn
                    line: 1
                    column: 1
                  output: |
                    error: expected banner "Anna", but the notification center is empty
                      --> Scenarios/b.scn:1:1
                    trace:
                      0ms  push kindly visible <sent>
                  ...
                1..2

                """)
        #expect(run.stdout.components(separatedBy: "\nnot ok ").count - 1 == 1)
    }

    @Test func skipsChecksAndEscapes() throws {
        let suite = try TemporarySuite([
            "Scenarios/a.scn": "case s#1 skip later\ncase ok pass\n",
            "Scenarios/bad.scn": "check unknown command\n",
        ])
        let run = suite.run(["--tap", "--jobs", "3"])
        #expect(run.code == 2)
        #expect(
            run.stdout == """
                TAP version 13
                ok 1 - Scenarios/a.scn › s＃1 # SKIP later
                ok 2 - Scenarios/a.scn › ok
                not ok 3 - Scenarios/bad.scn
                  ---
                  message: "error: unknown command"
                  severity: fail
                  type: check
                  at:
                    file: Scenarios/bad.scn
                    line: 1
                    column: 1
                  output: |
                    error: unknown command
                      --> Scenarios/bad.scn:1:1
                       |
                     1 | check unknown command
                       | ^
                  ...
                1..3

                """)
    }

    @Test func emptyRunHasPlanZero() throws {
        let suite = try TemporarySuite(passingAndFailing)
        #expect(suite.run(["--tap", "--filter", "zzz"]).stdout == "TAP version 13\n1..0\n")
    }
}

@Suite struct JSONReportTests {
    /// The report with every `duration_ms` removed.
    static func withoutDurations(_ text: String) throws -> NSDictionary {
        func strip(_ value: Any) -> Any {
            if let d = value as? [String: Any] {
                return d.filter { $0.key != "duration_ms" }.mapValues(strip)
            }
            if let a = value as? [Any] { return a.map(strip) }
            return value
        }
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(strip(object) as? NSDictionary)
    }

    @Test func identicalForJobs1And2OnceDurationsAreRemoved() throws {
        var files = mixedSuite
        for i in 0..<5 { files["Scenarios/many/f\(i).scn"] = "sleep \(25 - 5 * i)\ncase a pass\n" }
        let suite = try TemporarySuite(files)
        _ = suite.run(["--jobs", "1", "--json", "one.json"])
        _ = suite.run(["--jobs", "2", "--json", "two.json"])
        let one = try suite.read("one.json")
        let two = try suite.read("two.json")
        #expect(try Self.withoutDurations(one) == Self.withoutDurations(two))
        let withoutDurationLines = { (s: String) in s.split(separator: "\n").filter { !$0.contains("\"duration_ms\"") }
        }
        #expect(withoutDurationLines(one) == withoutDurationLines(two), "even byte for byte, line by line")
    }

    @Test func followsTheDocumentedSchema() throws {
        let suite = try TemporarySuite([
            "Scenarios/a.scn": "tags smoke\ncase ok pass fast\ncase no fail\ncase later skip soon\n",
            "Scenarios/bad.scn": "check unknown command\n",
        ])
        let run = suite.run(["--json", "r.json"])
        #expect(run.code == 2)
        let report = try Self.withoutDurations(try suite.read("r.json"))
        let expected: NSDictionary = [
            "version": 1,
            "exit_code": 2,
            "summary": [
                "files": 2, "cases": 4, "passed": 1, "failed": 2, "skipped": 1, "errors": 0, "check_errors": 1,
                "known_bugs_reproduced": 0, "known_bugs_no_longer_reproducing": 0, "not_run": 0,
            ],
            "files": [
                [
                    "path": "Scenarios/a.scn", "root": "Scenarios", "status": "failed", "problem": NSNull(),
                    "cases": [
                        [
                            "name": "ok", "tags": ["smoke", "fast"], "status": "passed", "skip_reason": NSNull(),
                            "known_bug": NSNull(), "message": NSNull(), "location": NSNull(),
                            "declared_at": ["path": "Scenarios/a.scn", "line": 2, "column": 1],
                        ],
                        [
                            "name": "no", "tags": ["smoke"], "status": "failed", "skip_reason": NSNull(),
                            "known_bug": NSNull(),
                            "message":
                                "error: expected banner \"Anna\", but the notification center is empty\n  --> Scenarios/a.scn:3:1\ntrace:\n  0ms  push kindly visible <sent>",
                            "location": ["path": "Scenarios/a.scn", "line": 3, "column": 1],
                            "declared_at": ["path": "Scenarios/a.scn", "line": 3, "column": 1],
                        ],
                        [
                            "name": "later", "tags": ["smoke"], "status": "skipped", "skip_reason": "soon",
                            "known_bug": NSNull(), "message": NSNull(), "location": NSNull(),
                            "declared_at": ["path": "Scenarios/a.scn", "line": 4, "column": 1],
                        ],
                    ],
                ],
                [
                    "path": "Scenarios/bad.scn", "root": "Scenarios", "status": "failed",
                    "problem": [
                        "kind": "check",
                        "message":
                            "error: unknown command\n  --> Scenarios/bad.scn:1:1\n   |\n 1 | check unknown command\n   | ^",
                        "location": ["path": "Scenarios/bad.scn", "line": 1, "column": 1],
                    ],
                    "cases": [],
                ],
            ],
        ]
        #expect(report == expected)
        let text = try suite.read("r.json")
        #expect(text.hasPrefix("{\n  \"version\": 1,\n  \"exit_code\": 2,\n"))
        #expect(text.contains("\"duration_ms\": "))
        #expect(text.contains("\"tags\": [\"smoke\", \"fast\"],"))
        #expect(text.contains("\"location\": {\"path\": \"Scenarios/a.scn\", \"line\": 3, \"column\": 1},"))
    }

    @Test func escapesStrings() {
        #expect(JSON.quote("a\"b\\c\n\u{1}\u{1F}é😀\u{2028}") == "\"a\\\"b\\\\c\\n\\u0001\\u001fé😀\\u2028\"")
    }
}

/// Perl's TAP::Parser (what `prove` uses) reads the report, YAML blocks included — when Perl
/// is installed.
@Suite struct TAPConsumerTests {
    static let perl = "/usr/bin/perl"
    static var hasTAPParser: Bool {
        FileManager.default.isExecutableFile(atPath: perl)
            && (try? runPerl(["-MTAP::Parser", "-e", "1"], input: "")).map { $0.status == 0 } == true
    }

    static func runPerl(_ arguments: [String], input: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: perl)
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(.enabled(if: hasTAPParser)) func proveReadsEveryTestPointAndDiagnostic() throws {
        let tricky = "first line\n\n  indented after a blank line\n\ttab \"quoted\" \u{1B}[31m"
        let result = TestSuiteResult(
            files: [
                TestFileResult(
                    file: ScenarioFile(path: "S/a.scn", root: "S"), problem: nil,
                    cases: [
                        TestCaseResult(planned: PlannedCase(name: "ok #1"), outcome: .passed("ok #1")),
                        TestCaseResult(
                            planned: PlannedCase(name: "fails"),
                            outcome: .failed(
                                "fails", message: tricky, at: FileLocation(path: "S/a.scn", line: 4, column: 2))),
                        TestCaseResult(
                            planned: PlannedCase(
                                name: "leading", location: FileLocation(path: "S/a.scn", line: 9, column: 1)),
                            outcome: .error("leading", message: "  --> starts with spaces\nsecond")),
                        TestCaseResult(
                            planned: PlannedCase(name: "later", skipReason: "needs # edna"),
                            outcome: .skipped("later", reason: "needs # edna")),
                    ], duration: .zero)
            ], duration: .zero)
        let tap = TAPReporter.header + "1..4\n" + TAPReporter.points(result.files[0], first: 1)
        let script = #"""
            use TAP::Parser;
            local $/; my $tap = <STDIN>;
            my $p = TAP::Parser->new({ tap => $tap });
            my @yaml;
            while (my $r = $p->next) { push @yaml, $r->data if $r->is_yaml; }
            print "errors=", scalar($p->parse_errors), " ", join(";", $p->parse_errors), "\n";
            print "tests=", $p->tests_run, " passed=", scalar($p->passed), " failed=", scalar($p->failed),
                  " skipped=", scalar($p->skipped), "\n";
            for my $y (@yaml) {
                my $o = $y->{output}; $o =~ s/\n/\\n/g; $o =~ s/\t/\\t/g; $o =~ s/\e/\\e/g;
                print "yaml: ", $y->{severity}, " ", ($y->{at} ? $y->{at}{line} : "-"), " [", $o, "]\n";
            }
            """#
        let (status, output) = try Self.runPerl(["-e", script], input: tap)
        #expect(status == 0)
        #expect(
            output == """
                errors=0 
                tests=4 passed=2 failed=2 skipped=1
                yaml: fail 4 [first line\\n\\n  indented after a blank line\\n\\ttab "quoted" \\u{1B}[31m\\n]
                yaml: error 9 [  --> starts with spaces\\nsecond]

                """)
    }
}
