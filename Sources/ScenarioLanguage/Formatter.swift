/// The canonical layout of a `.scn` file (`scn fmt`), from its tree and its comments.
///
/// - one statement per line (`;` sequences are split), 4-space indentation in blocks,
///   `{` on the header's line, one space between arguments;
/// - words, numbers, durations, strings and keys exactly as written (source slices);
/// - a list or object written on one line stays on one line (`{a: 1, b: 2}`); one that
///   spans lines gets one entry per line, without a trailing comma;
/// - comments kept, on their own line or after the code they followed on its line;
/// - blank lines between statements kept, collapsed to one; none after `{` or before
///   `}`; no trailing whitespace; one final newline.
///
/// Formatting is idempotent and never changes the meaning: the formatted text parses
/// to the same tree (modulo positions). A file with syntax errors is refused.
public enum Formatter {
    /// The canonical text of a parsed file; throws its syntax errors instead.
    public static func format(_ tree: SyntaxTree) throws(FormatError) -> String {
        guard tree.diagnostics.isEmpty else { throw FormatError(diagnostics: tree.diagnostics) }
        var printer = Printer(source: tree.source, comments: tree.comments)
        printer.statements(tree.statements, indent: 0, closing: Int.max)
        return printer.finish()
    }

    /// Parses and formats.
    public static func format(_ source: SourceFile, limits: LanguageLimits = .standard) throws(FormatError) -> String {
        try format(Parser.parse(source, limits: limits))
    }
}

/// Formatting was refused: the file has syntax errors.
public struct FormatError: Error, Sendable {
    /// The syntax errors that prevent formatting.
    public var diagnostics: [Diagnostic]
    public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
}

private struct Printer {
    let source: SourceFile
    let comments: [Comment]
    var nextComment = 0
    var out = ""
    /// Whether the current output line has content (it is ended lazily).
    var lineOpen = false
    /// The source line (0-based) of the last thing written; -1 before anything.
    var lastLine = -1
    /// Just after an opening `{` or `[`: no blank line here.
    var atOpen = false

    init(source: SourceFile, comments: [Comment]) {
        self.source = source
        self.comments = comments
        out.reserveCapacity(source.bytes.count + source.bytes.count / 8)
    }

    func line(_ offset: Int) -> Int { source.lineIndex(of: offset) }

    // MARK: - Lines

    /// Starts an output line for an item whose source starts on `sourceLine`, keeping
    /// one blank line where the source had at least one.
    mutating func startLine(indent: Int, sourceLine: Int, closer: Bool = false) {
        if lineOpen { out += "\n" }
        if !closer && !atOpen && lastLine >= 0 && sourceLine >= lastLine + 2 { out += "\n" }
        out += String(repeating: "    ", count: indent)
        lineOpen = true
        atOpen = false
    }

    /// Writes source text verbatim and remembers where it ends.
    mutating func slice(_ range: SourceRange) {
        out += source.text(range)
        lastLine = line(max(range.start, range.end - 1))
    }

    /// Comments that start before `offset`: after the code on their line, or on their own.
    mutating func comments(before offset: Int, indent: Int) {
        while nextComment < comments.count && comments[nextComment].range.start < offset {
            let comment = comments[nextComment]
            nextComment += 1
            let commentLine = line(comment.range.start)
            var text = "#" + comment.text
            // Trailing blanks go, carriage returns among them: a comment that ended in
            // `\r \r` must not lose one a run (formatting is idempotent).
            while let last = text.unicodeScalars.last, last == " " || last == "\t" || last == "\r" {
                text.unicodeScalars.removeLast()
            }
            if lineOpen && commentLine == lastLine && !atOpenLineIsEmpty {
                out += " " + text
            } else {
                startLine(indent: indent, sourceLine: commentLine)
                out += text
            }
            lastLine = commentLine
            out += "\n"
            lineOpen = false
        }
    }

    /// Whether the open line holds only indentation (nothing to trail a comment after).
    var atOpenLineIsEmpty: Bool {
        guard lineOpen else { return true }
        for scalar in out.unicodeScalars.reversed() {
            if scalar == "\n" { return true }
            if scalar != " " { return false }
        }
        return true
    }

    func hasComment(in range: SourceRange) -> Bool {
        var k = nextComment
        while k < comments.count && comments[k].range.start < range.end {
            if comments[k].range.start >= range.start { return true }
            k += 1
        }
        return false
    }

    mutating func finish() -> String {
        comments(before: Int.max, indent: 0)
        if lineOpen { out += "\n" }
        return out
    }

    // MARK: - Statements

    mutating func statements(_ list: [Stmt], indent: Int, closing: Int) {
        for stmt in list {
            comments(before: stmt.range.start, indent: indent)
            startLine(indent: indent, sourceLine: line(stmt.range.start))
            statement(stmt, indent: indent)
        }
        comments(before: closing, indent: indent)
    }

    mutating func statement(_ stmt: Stmt, indent: Int) {
        switch stmt.kind {
        case .command(let arguments):
            for (k, argument) in arguments.enumerated() {
                if k > 0 { out += " " }
                value(argument, indent: indent)
            }
        case .let(let name, let v):
            out += "let "
            slice(name.range)
            out += " = "
            value(v, indent: indent)
        case .repeat(let count, let body):
            out += "repeat "
            value(count, indent: indent)
            out += " "
            block(body, indent: indent)
        case .for(let variable, let sequence, let body):
            out += "for "
            slice(variable.range)
            out += " in "
            value(sequence, indent: indent)
            out += " "
            block(body, indent: indent)
        case .def(let name, let parameters, let body):
            out += "def "
            slice(name.range)
            for parameter in parameters {
                out += " "
                slice(parameter.range)
            }
            out += " "
            block(body, indent: indent)
        case .include(let path):
            out += "include "
            value(path, indent: indent)
        case .case(let name, let body):
            out += "case "
            value(name, indent: indent)
            out += " "
            block(body, indent: indent)
        case .tags(let names):
            out += "tags"
            for name in names {
                out += " "
                slice(name.range)
            }
        case .skip(let reason):
            // The keyword itself is sliced, so a comment after a bare `skip` stays on its line.
            slice(SourceRange(stmt.range.start, stmt.range.start + 4))
            if let reason {
                out += " "
                value(reason, indent: indent)
            }
        case .knownBug(let reference, let because, let push):
            slice(SourceRange(stmt.range.start, stmt.range.start + 9))
            if let reference {
                out += " "
                value(reference, indent: indent)
            }
            if let because {
                out += " because "
                value(because, indent: indent)
            }
            if let push {
                out += " in "
                value(push, indent: indent)
            }
        case .bug(_, let property, let expectation):
            out += "bug"
            if let property { out += " " + property.rawValue }
            for argument in expectation {
                out += " "
                value(argument, indent: indent)
            }
        case .property(let kind, _, let expectation):
            out += kind.rawValue
            for argument in expectation {
                out += " "
                value(argument, indent: indent)
            }
        case .alphabet(let body):
            out += "alphabet "
            block(body, indent: indent)
        }
    }

    mutating func block(_ body: Block, indent: Int) {
        if body.statements.isEmpty && !hasComment(in: body.range) {
            out += "{}"
            lastLine = line(max(body.range.start, body.range.end - 1))
            return
        }
        out += "{"
        lastLine = line(body.range.start)
        atOpen = true
        statements(body.statements, indent: indent + 1, closing: body.range.end - 1)
        startLine(indent: indent, sourceLine: line(body.range.end - 1), closer: true)
        slice(SourceRange(body.range.end - 1, body.range.end))
    }

    // MARK: - Values

    mutating func value(_ expr: Expr, indent: Int) {
        switch expr.kind {
        case .list(let items):
            container(expr, open: "[", close: "]", count: items.count, indent: indent) { printer, k, indent in
                printer.value(items[k], indent: indent)
            } start: { k in
                items[k].range.start
            }
        case .object(let entries):
            container(expr, open: "{", close: "}", count: entries.count, indent: indent) { printer, k, indent in
                printer.slice(entries[k].key.range)
                printer.out += ": "
                printer.value(entries[k].value, indent: indent)
            } start: { k in
                entries[k].key.range.start
            }
        default:
            slice(expr.range)
        }
    }

    mutating func container(
        _ expr: Expr, open: String, close: String, count: Int, indent: Int,
        entry: (inout Printer, Int, Int) -> Void, start: (Int) -> Int
    ) {
        let multiline = line(expr.range.start) != line(max(expr.range.start, expr.range.end - 1))
        if count == 0 && !hasComment(in: expr.range) {
            out += open + close
            lastLine = line(max(expr.range.start, expr.range.end - 1))
            return
        }
        if !multiline {
            out += open
            for k in 0..<count {
                if k > 0 { out += ", " }
                entry(&self, k, indent)
            }
            out += close
            lastLine = line(max(expr.range.start, expr.range.end - 1))
            return
        }
        out += open
        lastLine = line(expr.range.start)
        atOpen = true
        for k in 0..<count {
            comments(before: start(k), indent: indent + 1)
            startLine(indent: indent + 1, sourceLine: line(start(k)))
            entry(&self, k, indent + 1)
            if k < count - 1 { out += "," }
        }
        comments(before: expr.range.end - 1, indent: indent + 1)
        startLine(indent: indent, sourceLine: line(expr.range.end - 1), closer: true)
        out += close
        lastLine = line(expr.range.end - 1)
    }
}
