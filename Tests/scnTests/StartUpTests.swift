import StandardVocabulary
import Foundation
import Testing

@testable import ScenarioTool

/// What `scn` loads when it starts: every command pays for binding the symbols of each
/// library it links (docs/PERFORMANCE.md, start-up), so only what every run needs is linked.
@Suite struct StartUpTests {
    #if os(Linux)
        @Test("scn links neither readline (the REPL loads it) nor Foundation with ICU")
        func theToolLinksOnlyWhatEveryRunNeeds() throws {
            let ldd = try ProcessRunner.run("/usr/bin/env", ["ldd", try ScnBinary.path()], in: "/")
            #expect(ldd.status == 0, "\(ldd.output)")
            // `\tlibcrypto.so.3 => /lib/…/libcrypto.so.3 (0x…)`: the name is the first field.
            // (An incremental debug build may keep the links of an import since removed:
            // build from clean before believing a failure here.)
            let libraries = ldd.output.split(separator: "\n").compactMap {
                $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
            }
            #expect(libraries.contains { $0.hasPrefix("libcrypto.so") }, "\(libraries)")
            #expect(!libraries.contains { $0.hasPrefix("libreadline") }, "\(libraries)")
            #expect(!libraries.contains { $0.hasPrefix("libFoundation.so") }, "\(libraries)")
            #expect(!libraries.contains { $0.hasPrefix("libFoundationInternationalization") }, "\(libraries)")
            #expect(!libraries.contains { $0.hasPrefix("lib_FoundationICU") }, "\(libraries)")
        }
    #endif

    @Test("GNU readline loads when the REPL asks for it")
    func readlineLoads() throws {
        let readline = try Readline.load()
        readline.usingHistory()
        readline.addHistory("push kindly visible")
        #expect(readline.newestHistoryLine == "push kindly visible")
    }

    @Test("a missing readline is a clear error that names what was tried and how to install it")
    func aMissingReadlineIsAClearError() {
        #expect {
            _ = try Readline.load(["/nonexistent/libreadline.so.8"])
        } throws: { error in
            let text = (error as? Readline.LoadError)?.description ?? ""
            return text.contains("the REPL needs GNU readline") && text.contains("/nonexistent/libreadline.so.8")
                && (text.contains("apt-get install libreadline8") || text.contains("brew install readline"))
        }
    }

    #if os(Linux)
        @Test("a library that is not GNU readline is refused, by the name it lacks")
        func anotherLibraryIsNotReadline() {
            #expect {
                _ = try Readline.load(["libc.so.6"])
            } throws: { error in
                let text = (error as? Readline.LoadError)?.description ?? ""
                return text.contains("libc.so.6: no 'using_history': not a readline-compatible library")
            }
        }
    #endif
}
