import CommandLineKit
import NotificationCore
import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One accepted entry of a REPL session: a line or block typed, or a file loaded.
struct ReplEntry: Sendable {
    enum Origin: Sendable, Equatable {
        case typed
        /// `:load FILE`, with the path as typed.
        case loaded(String)
    }

    var origin: Origin
    var source: SourceFile

    var text: String { String(decoding: source.bytes, as: UTF8.self) }
}

/// What the REPL shows after one input, and whether the session ends.
public struct ReplReply: Sendable, Equatable {
    /// The text to show; empty or ending in a newline.
    public var text: String
    /// The input was refused (syntax, check, a failed step, a bad meta command).
    public var isError: Bool
    public var quit: Bool

    static func ok(_ text: String) -> ReplReply { ReplReply(text: text, isError: false, quit: false) }
    static func error(_ text: String) -> ReplReply { ReplReply(text: text, isError: true, quit: false) }
}

/// The REPL without the terminal: entries, the session they built, the check context
/// they left, and the undo stack. Readline I/O lives in ``LineEditor``; this type is what
/// the tests drive.
///
/// Every input is all-or-nothing: it is checked in the check context the accepted entries
/// left, then run on a copy of the session; only when both succeed do the session, the
/// check context and the entries move on. Sessions and worlds are values, so the undo
/// stack is a list of earlier values.
struct ReplMachine {
    /// Everything `:undo` restores. The entries and the files read only grow between
    /// resets, so a snapshot keeps how many there were, not a copy of them: each entry
    /// costs the same whatever came before.
    struct Snapshot {
        var session: Session
        var checkContext: CheckContext
        var entryCount: Int
        /// The length of ``ReplMachine/sourceLog`` then.
        var sourceMark: Int
        /// For a `:reset`: everything it replaced.
        var replaced: (entries: [ReplEntry], sources: [String: SourceFile], log: [SourceChange])?
        /// Estimated bytes the snapshot's world holds beyond the world after it.
        var bytes: Int
    }

    /// A file an entry brought in, and what was known by its path before.
    struct SourceChange {
        var path: String
        var previous: SourceFile?
    }

    /// How far `:undo` goes back at most: this many entries, and snapshots whose worlds
    /// hold at most ``maxUndoBytes`` (estimated) beyond the world now. The oldest go first.
    static let maxUndo = 100
    static let maxUndoBytes = 64 << 20

    let vocabulary: Vocabulary
    let loader: ReplLoader
    let limits: Limits
    var color: Bool

    private(set) var session: Session
    private(set) var checkContext: CheckContext
    /// The accepted entries, in order (what `:save` writes).
    private(set) var entries: [ReplEntry] = []
    /// Every file an accepted entry or its includes brought in, by path (for carets
    /// under a failing step inside a `def` an earlier entry defined).
    private(set) var sources: [String: SourceFile] = [:]
    /// How ``sources`` changed, in order (what `:undo` takes back).
    private var sourceLog: [SourceChange] = []
    private var undoStack: [Snapshot] = []
    private var undoBytes = 0
    /// Whether a snapshot was let go (past ``maxUndo`` or ``maxUndoBytes``).
    private var undoneEver = false
    /// The newest entry refused because an `expect` in it failed, and that expectation as
    /// written, while no entry was accepted (nor undone, reset or loaded) since: `:save`
    /// writes it last, with the file marked `known-bug`.
    private(set) var failedExpectation: (source: SourceFile, statement: String)?
    /// Numbers typed entries; never goes back, so entry names stay unique.
    private var counter = 0

    /// A REPL whose scenario root is `root` (the working directory for `scn repl`).
    init(root: String, vocabulary: Vocabulary = .standard, limits: Limits = Limits(), color: Bool = false) {
        self.vocabulary = vocabulary
        self.loader = ReplLoader(root: root)
        self.limits = limits
        self.color = color
        self.session = ReplMachine.freshSession(vocabulary, loader, limits)
        self.checkContext = CheckContext()
    }

    private static func freshSession(_ vocabulary: Vocabulary, _ loader: ReplLoader, _ limits: Limits) -> Session {
        Session(vocabulary: vocabulary, context: ScenarioContext(loader: loader, limits: limits))
    }

    /// The world now; nil until the first action installs the app.
    var world: World? { session.context.world }

    /// How many steps `:undo` can go back.
    var undoDepth: Int { undoStack.count }

    /// Keeps the state before a change, `replaced` for a reset; the oldest snapshots go
    /// past ``maxUndo`` or ``maxUndoBytes``.
    private mutating func pushUndo(
        before: Session, checkContext: CheckContext, entryCount: Int, sourceMark: Int,
        replaced: (entries: [ReplEntry], sources: [String: SourceFile], log: [SourceChange])? = nil
    ) {
        let bytes = before.context.world?.estimatedBytes(beyond: session.context.world?.storageIdentity) ?? 0
        undoStack.append(
            Snapshot(
                session: before, checkContext: checkContext, entryCount: entryCount, sourceMark: sourceMark,
                replaced: replaced, bytes: bytes))
        undoBytes += bytes
        var drop = 0
        while undoStack.count - drop > Self.maxUndo || (undoBytes > Self.maxUndoBytes && undoStack.count - drop > 1) {
            undoBytes -= undoStack[drop].bytes
            drop += 1
        }
        if drop > 0 {
            undoStack.removeFirst(drop)
            undoneEver = true
        }
    }

    private mutating func addSource(_ file: SourceFile) {
        sourceLog.append(SourceChange(path: file.path, previous: sources[file.path]))
        sources[file.path] = file
    }

    /// Takes ``sources`` back to when ``sourceLog`` had `mark` changes.
    private mutating func rollBackSources(to mark: Int) {
        while sourceLog.count > mark, let change = sourceLog.popLast() {
            sources[change.path] = change.previous
        }
    }

    private mutating func restore(_ s: Snapshot) {
        undoBytes -= s.bytes
        failedExpectation = nil
        session = s.session
        checkContext = s.checkContext
        if let replaced = s.replaced {
            entries = replaced.entries
            sources = replaced.sources
            sourceLog = replaced.log
        } else {
            rollBackSources(to: s.sourceMark)
            if entries.count > s.entryCount { entries.removeLast(entries.count - s.entryCount) }
        }
    }

    // MARK: Input

    /// One complete input: a meta command (a first line starting with `:`), or statements.
    mutating func handle(_ input: String) -> ReplReply {
        let trimmed = input.drop(while: { $0 == " " || $0 == "\t" })
        if trimmed.hasPrefix(":") {
            switch MetaCommand.parse(String(trimmed)) {
            case .success(let command): return run(command)
            case .failure(let error): return .error(errorLine(error.message))
            }
        }
        return enter(input)
    }

    /// Statements typed at the prompt (a line, or a block once it closes).
    mutating func enter(_ text: String) -> ReplReply {
        guard text.contains(where: { !$0.isWhitespace }) else { return .ok("") }
        counter += 1
        return accept(SourceFile(path: ReplLoader.entryName(counter), text: text), origin: .typed)
    }

    /// Checks `source` in the current check context and runs it on a copy of the session;
    /// keeps the result only when both succeed.
    private mutating func accept(_ source: SourceFile, origin: ReplEntry.Origin) -> ReplReply {
        let step = Language.check(source, in: checkContext, registry: vocabulary.registry, loader: loader)
        guard step.isAccepted else {
            return .error(ReplMachine.endLine(Language.render(step.diagnostics, color: color)))
        }
        let mark = sourceLog.count
        addSource(source)
        var included: [String: SourceFile] = [:]
        ReplMachine.collectSources(step.statements, into: &included)
        for path in included.keys.sorted() { if let file = included[path] { addSource(file) } }
        // The check's warnings (a bare word read as a title, …) come first, run or not.
        let warnings = step.warnings.isEmpty ? "" : ReplMachine.endLine(Language.render(step.warnings, color: color))
        var next = session
        do {
            try next.execute(step.statements)
        } catch {
            if error.kind == .expectation {
                failedExpectation = (source, FailureReport.statement(error, sources: sources, fallback: source))
            }
            let trace = next.context.world?.trace ?? []
            let text = FailureReport.render(error, sources: sources, fallback: source, trace: trace, color: color)
            rollBackSources(to: mark)
            return .error(warnings + ReplMachine.endLine(text))
        }
        let before = world
        let previous = session
        failedExpectation = nil
        session = next
        pushUndo(before: previous, checkContext: checkContext, entryCount: entries.count, sourceMark: mark)
        checkContext = step.context
        entries.append(ReplEntry(origin: origin, source: source))
        return .ok(warnings + render(WorldReport.changes(from: before, to: world, color: color), empty: "ok"))
    }

    /// The files include statements brought in (their steps may fail later, inside a def).
    private static func collectSources(_ statements: [CheckedStmt], into sources: inout [String: SourceFile]) {
        // Every body, alphabet too: a message may point into any file that was read.
        for visit in Walk(statements, skipping: []) {
            if case .include(_, let source, _) = visit.node.kind { sources[source.path] = source }
        }
    }

    // MARK: Meta commands

    mutating func run(_ command: MetaCommand) -> ReplReply {
        switch command {
        case .help(let words): return help(words)
        case .state: return .ok(stateText())
        case .trace: return .ok(traceText())
        case .undo: return undo()
        case .reset: return reset()
        case .load(let path): return load(path)
        case .save(let path): return save(path)
        case .quit: return ReplReply(text: "", isError: false, quit: true)
        }
    }

    /// `:undo`: back to the state before the newest accepted entry (or `:reset`, `:load`).
    mutating func undo() -> ReplReply {
        guard let previous = undoStack.popLast() else {
            if undoneEver {
                return .error(
                    errorLine(
                        "nothing more to undo: :undo keeps the last \(Self.maxUndo) entries, and earlier worlds "
                            + "up to \(Self.maxUndoBytes >> 20) MiB (estimated)"))
            }
            return .error(errorLine("nothing to undo"))
        }
        let undone = previous.replaced == nil && entries.count > previous.entryCount ? entries.last : nil
        let before = world
        restore(previous)
        var lines: [String] = []
        if let undone {
            let first = undone.text.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
            switch undone.origin {
            case .typed: lines.append("undid: \(first)")
            case .loaded(let path): lines.append("undid: :load \(path)")
            }
        } else {
            lines.append("undid the :reset")
        }
        lines += WorldReport.changes(from: before, to: world, color: color)
        return .ok(render(lines, empty: ""))
    }

    /// `:reset`: a fresh, uninstalled world and no entries (`:undo` brings them back).
    mutating func reset() -> ReplReply {
        let previous = session
        session = ReplMachine.freshSession(vocabulary, loader, limits)
        pushUndo(
            before: previous, checkContext: checkContext, entryCount: entries.count, sourceMark: sourceLog.count,
            replaced: (entries, sources, sourceLog))
        checkContext = CheckContext()
        entries = []
        sources = [:]
        sourceLog = []
        return .ok("fresh session: nothing configured, nothing installed (:undo brings the old one back)\n")
    }

    /// `:load FILE`: the file's statements, checked and run here as one entry. The path is
    /// relative to the working directory; its includes stay inside the scenario root.
    mutating func load(_ path: String) -> ReplReply {
        let absolute = loader.absolute(path)
        let data: [UInt8]
        do throws(LoadError) {
            data = try BoundedFile.read(absolute, maxBytes: loader.base.maxBytes, shown: path)
        } catch {
            return .error(errorLine(error.message))
        }
        let source = SourceFile(path: path, bytes: data)
        if ReplMachine.hasCases(Language.parse(source).statements) {
            return .error(
                errorLine(
                    "'\(path)' has case blocks, and each case needs a world of its own: run it with 'scn run \(path)', "
                        + "or :load a file of plain statements"))
        }
        var reply = accept(source, origin: .loaded(path))
        if !reply.isError { reply.text = "loaded \(path)\n" + reply.text }
        return reply
    }

    /// Whether a file's top level has `case` blocks (directly or in a `for` around them).
    private static func hasCases(_ statements: [Stmt]) -> Bool {
        // Only `for` bodies: a `case` anywhere else is the checker's error, not a file of cases.
        Walk(statements, skipping: WalkBodies.all.subtracting(.for)).contains { visit in
            if case .case = visit.node.kind { true } else { false }
        }
    }

    // MARK: Save

    /// The reference `:save` gives the `known-bug` line of a failing expectation: the
    /// expectation as written, in a raw string (no escapes, no interpolation).
    static func knownBugReference(_ statement: String) -> String {
        let shown = statement.isEmpty || statement.contains("'") ? "the expectation at the end" : statement
        return "'found with scn repl: \(shown) fails'"
    }

    /// The accepted entries as one file, in order, in the canonical layout; after them, the
    /// newest failing expectation's entry (``failedExpectation``), the file marked
    /// `known-bug` for it, so that it states what should happen.
    func savedText() -> Result<String, FormatError> {
        var text = ""
        if let failed = failedExpectation {
            text += "# The last entry's expectation failed in scn repl: the file reproduces a known bug\n"
            text += "# (scn test reports it KNOWN while it fails). Put the bug's thread in the reference.\n"
            text += "known-bug \(ReplMachine.knownBugReference(failed.statement))\n\n"
        }
        for entry in entries {
            if case .loaded(let path) = entry.origin { text += "# :load \(path)\n" }
            text += entry.text
            if !text.hasSuffix("\n") { text += "\n" }
        }
        if let failed = failedExpectation {
            text += String(decoding: failed.source.bytes, as: UTF8.self)
            if !text.hasSuffix("\n") { text += "\n" }
        }
        return Language.format(SourceFile(path: "<save>", text: text))
    }

    /// The path `:save` writes: as given, with `.scn` added when it has another ending, so
    /// that `scn test` finds the file.
    static func savePath(_ path: String) -> String {
        path.hasSuffix(".scn") ? path : path + ".scn"
    }

    /// `:save FILE`: writes ``savedText()`` to ``savePath(_:)``, then runs the file as
    /// `scn run` would and says so if it does not pass (a path that only resolves from
    /// here, say) or, with a failing expectation, does not reproduce it.
    func save(_ given: String) -> ReplReply {
        guard !entries.isEmpty || failedExpectation != nil else {
            return .error(errorLine("nothing to save: no entry has been accepted yet"))
        }
        let path = ReplMachine.savePath(given)
        let text: String
        switch savedText() {
        case .success(let formatted): text = formatted
        case .failure(let error): return .error(ReplMachine.endLine(Language.render(error.diagnostics, color: color)))
        }
        let absolute = loader.absolute(path)
        let folder = PathText.parent(absolute)
        if !folder.isEmpty {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        guard FileManager.default.createFile(atPath: absolute, contents: Data(text.utf8)) else {
            return .error(errorLine("cannot write '\(path)'"))
        }
        let count = entries.count
        var out = "saved \(count) entr\(count == 1 ? "y" : "ies") to \(path)\n"
        if let failed = failedExpectation {
            let shown = failed.statement.isEmpty ? "the failing expectation" : "'\(failed.statement)'"
            out += "and the failing \(shown) last, as a known bug: the file is marked known-bug, "
            out += "so scn test reports it KNOWN while it fails\n"
        }
        if let problem = verify(absolute, knownBug: failedExpectation != nil) {
            out += "note: \(problem)\n"
        }
        return .ok(out)
    }

    /// Runs the saved file as `scn run` would; nil when it passes, or, for a `knownBug`
    /// file, when it reproduces the bug.
    private func verify(_ absolute: String, knownBug: Bool) -> String? {
        let loaded = ScenarioLoader(vocabulary: vocabulary).load(path: absolute, root: Files.folder(of: absolute))
        if let error = loaded.error { return error }
        guard let result = loaded.result, let script = result.script, result.diagnostics.isEmpty else {
            let first = loaded.result?.diagnostics.first.map { $0.description } ?? "it does not check"
            return "'scn run' would refuse the saved file: \(first)"
        }
        let results = Interpreter(vocabulary: vocabulary, limits: limits).run(script, loader: loaded.loader)
        if knownBug {
            if let failed = results.first(where: { if case .reproduced = $0.status { false } else { true } }) {
                let message = failed.failure?.message ?? "every step passed"
                return "the saved file does not reproduce the known bug under 'scn run': \(message)"
            }
            return nil
        }
        if let failed = results.first(where: { $0.status != .passed }) {
            let message = failed.failure?.message ?? "it did not pass"
            return "the saved file does not pass under 'scn run': \(message)"
        }
        return nil
    }

    // MARK: Showing things

    /// `:state`: the world now, or the configuration so far before the first action.
    func stateText() -> String {
        var lines: [String] = []
        if let world {
            // A line each, escaped whole: a title's line break is shown as `\n`, not kept.
            lines += world.summaryLines.map { TerminalText.escape($0) }
        } else {
            lines.append("not installed yet: the first action installs the app")
            if checkContext.settings.isEmpty {
                lines.append("configuration: none yet (an 'sdk' line is needed before the first action)")
            } else {
                lines.append("configuration so far:")
                for setting in checkContext.settings {
                    let text = sources[setting.path].map { $0.text(setting.range) } ?? setting.signature.name
                    lines.append("  \(TerminalText.escape(text))")
                }
            }
        }
        let variables = session.environment.variableNames
        if !variables.isEmpty {
            let shown = variables.map { name in
                "$\(name) = \(TerminalText.escape(session.environment.lookup(name)?.preview ?? "?"))"
            }
            lines.append("variables " + shown.joined(separator: ", "))
        }
        let defs = session.environment.definitions.values.sorted { $0.name.text < $1.name.text }
        if !defs.isEmpty {
            let shown = defs.map { d in ([d.name.text] + d.parameters.map(\.text)).joined(separator: " ") }
            lines.append("defs " + shown.joined(separator: ", "))
        }
        lines.append("\(entries.count) entries accepted (:save writes them)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `:trace`: the whole trace, one event a line.
    func traceText() -> String {
        guard let world else { return "no trace yet: the app is not installed (the first action installs it)\n" }
        return world.trace.map { TerminalText.escape($0.line) + "\n" }.joined()
    }

    /// `:help`, `:help COMMAND…`, `:help :meta`.
    func help(_ words: [String]) -> ReplReply {
        let registry = vocabulary.registry
        guard let first = words.first else { return .ok(overview()) }
        if first.hasPrefix(":") {
            guard let entry = MetaCommand.entry(named: first) else {
                let near = MetaCommand.suggestion(for: first).map { "; did you mean '\($0)'?" } ?? ""
                return .error(errorLine("no meta command '\(first)'\(near)"))
            }
            return .ok("\(entry.usage)\n    \(entry.summary)\n")
        }
        if let form = ReplMachine.statementForms[first], words.count == 1 {
            return .ok(form + "\n")
        }
        if let text = Reference.text(registry, command: words) { return .ok(text) }
        let candidates = registry.headWords + ReplMachine.statementForms.keys.sorted()
        let near = Suggestion.closest(to: first, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
        return .error(errorLine("no command '\(words.joined(separator: " "))'\(near)"))
    }

    /// The statements of the language the REPL accepts besides commands (docs/LANGUAGE.md).
    static let statementForms: [String: String] = [
        "let": "let NAME = VALUE\n    binds $NAME for the rest of the session",
        "repeat": "repeat N { … }\n    runs the block N times",
        "for": "for NAME in [A, B, …] { … }\n    runs the block once per value, with $NAME bound",
        "def": "def NAME [PARAM…] { … }\n    a command of your own; call it as NAME ARG…",
        "include": "include \"FILE\"\n    the statements of FILE (relative to the working directory)",
        "case": "case \"NAME\" { … }\n    cases belong in files: in the REPL, type the steps themselves",
    ]

    private func overview() -> String {
        var out = "Type scenario lines: each is checked, then run against the world, and what changed is shown.\n"
        out += "An open {, [ or ' continues on the '...>' prompt. An error changes nothing.\n\n"
        out += "meta commands:\n"
        let width = MetaCommand.table.map(\.usage.count).max() ?? 0
        for entry in MetaCommand.table {
            out += "  \(entry.usage)\(String(repeating: " ", count: width - entry.usage.count))  \(entry.summary)\n"
        }
        out += "\ncommands (:help COMMAND for one):\n"
        out += wrap(vocabulary.registry.headWords, indent: "  ")
        out += "\nstatements: let, repeat, for, def, include (case blocks belong in files)\n"
        out += "keys: Tab completes, Up/Down walk the history, Ctrl-C drops the line or block, Ctrl-D quits\n"
        return out
    }

    private func wrap(_ words: [String], indent: String, width: Int = 88) -> String {
        var out = ""
        var line = indent
        for word in words {
            if line.count + word.count + 1 > width, line != indent {
                out += line + "\n"
                line = indent
            }
            line += (line == indent ? "" : " ") + word
        }
        if line != indent { out += line + "\n" }
        return out
    }

    /// `text` ending in exactly one newline.
    static func endLine(_ text: String) -> String {
        var out = Substring(text)
        while out.hasSuffix("\n") { out = out.dropLast() }
        return out + "\n"
    }

    private func errorLine(_ message: String) -> String {
        (color ? ColorChoice.paint("error", "31;1") + ColorChoice.paint(": " + message, "1") : "error: " + message)
            + "\n"
    }

    private func render(_ lines: [String], empty: String) -> String {
        if lines.isEmpty { return empty.isEmpty ? "" : "  " + WorldReport.Style(color: color).dim(empty) + "\n" }
        return lines.map { "  " + $0 + "\n" }.joined()
    }
}
