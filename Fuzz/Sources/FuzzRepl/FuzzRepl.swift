import FuzzDriver
import ScenarioTool

import Foundation

/// libFuzzer entry for the REPL: each input line is typed at the prompt, as the terminal
/// loop feeds them (meta commands, blocks left open, `:undo`, `:reset`, `:load`), and Tab
/// is pressed at the end of each line. `:save` lines are skipped (the target writes no
/// files); `:load` reads from an empty folder. Findings: a crash, a hang, and a reply that
/// is neither empty nor ends in a newline.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var console = ReplConsole(root: emptyFolder)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let typed = String(line)
        if typed.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix(":save") { continue }
        let word = typed.split(separator: " ", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        _ = console.complete(before: String(typed.dropLast(word.count)), word: word)
        guard let reply = console.line(typed) else { continue }
        if !reply.text.isEmpty && !reply.text.hasSuffix("\n") {
            fatalError("a reply that does not end its line: \(reply.text.debugDescription)")
        }
        if reply.quit { break }
    }
    return 0
}

/// A folder with nothing in it, made once.
let emptyFolder: String = {
    let path = NSTemporaryDirectory() + "scn-fuzz-repl-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

/// SwiftPM names an executable's entry `<Target>_main`; hand control to libFuzzer's driver.
@_cdecl("FuzzRepl_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
