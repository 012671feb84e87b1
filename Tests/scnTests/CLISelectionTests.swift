import Foundation
import Testing

/// `scn run --case NAME` and `--filter REGEX` pick cases; `scn test --trace` prints the
/// whole trace of each failing case.
@Suite struct CLISelectionTests {
    static let file = """
        sdk kindly
        extension kindly
        launch background

        case "first" {
            push kindly visible title "Anna"
            expect banner "Anna"
        }

        case "second" {
            push kindly visible title "Anna"
            expect banner "Bob"
        }

        """

    @Test("run --case runs only that case; an unknown name is a usage error listing the cases")
    func runCase() throws {
        let dir = try TempDir()
        try dir.write("two.scn", Self.file)
        let one = try dir.scn("run", "--case", "first", "two.scn")
        #expect(one.status == 0, "\(one)")
        #expect(one.stdout == "PASS two.scn › first\n")
        let none = try dir.scn("run", "--case", "third", "two.scn")
        #expect(none.status == 2, "\(none)")
        #expect(none.stderr.contains("no case \"third\" in two.scn; its cases: \"first\", \"second\""))
    }

    @Test("run --filter runs the cases whose \"file › case\" matches")
    func runFilter() throws {
        let dir = try TempDir()
        try dir.write("two.scn", Self.file)
        let r = try dir.scn("run", "--filter", "› sec", "two.scn")
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.hasPrefix("FAIL two.scn › second\n"))
        #expect(!r.stdout.contains("two.scn › first"))
        let bad = try dir.scn("run", "--filter", "(", "two.scn")
        #expect(bad.status == 2, "\(bad)")
    }

    @Test("test --trace prints the whole trace of each failing case, and only of those")
    func testTrace() throws {
        let dir = try TempDir()
        try dir.write("s/two.scn", Self.file)
        let r = try dir.scn("test", "--trace", "s")
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("whole trace ("), "\(r)")
        #expect(r.stdout.contains("  [   0.000s] install: kindly 3.0.12, extension kindly\n"), "\(r)")
        #expect(r.stdout.components(separatedBy: "whole trace (").count == 2, "one failing case")
        let plain = try dir.scn("test", "s")
        #expect(!plain.stdout.contains("whole trace"))
    }
}
