import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary

/// The REPL one typed line at a time, as the terminal loop drives it: a meta command
/// (a first line starting with `:`), or a line of statements added to the open block,
/// which runs once it is complete. The terminal loop and the REPL fuzz target both feed
/// lines through this type, so what one tests is what the other runs.
public struct ReplConsole: Sendable {
    var machine: ReplMachine
    /// The lines of a block still open (`{`, `[` or `'` not closed yet).
    var block = OpenBlock()

    /// A REPL whose scenario root is `root` (the working directory for `scn repl`).
    public init(root: String, vocabulary: Vocabulary = .standard, limits: Limits = Limits(), color: Bool = false) {
        machine = ReplMachine(root: root, vocabulary: vocabulary, limits: limits, color: color)
    }

    /// Whether a block is open: the next line continues it.
    public var continuing: Bool { !block.isEmpty }

    /// One typed line; nil while it only extends an open block.
    public mutating func line(_ line: String) -> ReplReply? {
        if block.isEmpty && line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix(":") {
            return machine.handle(line)
        }
        guard let text = Repl.add(line, to: &block) else { return nil }
        return machine.enter(text)
    }

    /// Ctrl-C: the open block is dropped.
    public mutating func interrupt() { block.clear() }

    /// What Tab offers for `word` at the end of `before` (the line so far): words, or
    /// nil where a file name goes.
    public func complete(before: String, word: String) -> [String]? {
        switch Repl.completer(for: machine).complete(before: before, word: word, continuation: continuing) {
        case .words(let words): return words
        case .files: return nil
        }
    }
}
