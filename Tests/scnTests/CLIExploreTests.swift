import Foundation
import Testing

@Suite("scn explore")
struct CLIExploreTests {
    @Test("a counterexample is written with --out, exits 1, and scn run reproduces it as a known bug")
    func counterexampleFile() throws {
        let dir = try TempDir()
        try dir.write("cold.scn", "sdk kindly 3.0.12\nextension kindly\ndelegate-assigned at-start\n")
        let r = try dir.scn(
            "explore", "cold.scn", "--check", "no-lost-tap", "--depth", "4", "--jobs", "2", "--out", "out")
        #expect(r.status == 1, "\(r)")
        #expect(
            r.stdout.contains("no-lost-tap: violated after 4 step(s): launch killed; push kindly visible; tap; start"))
        #expect(r.stdout.contains("written to out/no-lost-tap.scn"))
        #expect(r.stdout.contains("invariants: holds for every sequence up to depth 4"))
        #expect(r.stderr.isEmpty, "no progress line when standard error is not a terminal")
        let written = try dir.read("out/no-lost-tap.scn")
        #expect(written.contains("known-bug \"scn explore: no-lost-tap\""))
        let run = try dir.scn("run", "out/no-lost-tap.scn")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("KNOWN"))
    }

    @Test("every property holding exits 0; a file's own property is reported by its text")
    func holds() throws {
        let dir = try TempDir()
        try dir.write(
            "ok.scn",
            "sdk kindly 3.0.12\nextension kindly\nnever expect delivered false\nalphabet { launch killed; push kindly }\n"
        )
        let r = try dir.scn("explore", "ok.scn", "--depth", "3")
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("never expect delivered false: holds for every sequence up to depth 3"))
    }

    @Test("usage errors: an unknown check (with a suggestion), a bad depth, a folder")
    func usageErrors() throws {
        let dir = try TempDir()
        try dir.write("a.scn", "sdk kindly 3.0.12\n")
        let check = try dir.scn("explore", "a.scn", "--check", "no-lost-taps")
        #expect(check.status == 2)
        #expect(check.stderr.contains("unknown check 'no-lost-taps'; did you mean 'no-lost-tap'?"))
        let depth = try dir.scn("explore", "a.scn", "--depth", "0")
        #expect(depth.status == 2)
        let folder = try dir.scn("explore", ".")
        #expect(folder.status == 2)
        let bad = try dir.write("bad.scn", "sdk kindly 3.0.12\nalways launch killed\n")
        let checked = try dir.scn("explore", bad)
        #expect(checked.status == 2)
        #expect(checked.stderr.contains("'always' takes an expectation"))
    }
}
