// The syntax tree of a `.scn` file. Every node carries its source range.
//
//   file      := statement*            (statements end at a newline, ';' or the '}' of their block)
//   statement := command | let | repeat | for | def | include | case | tags | skip
//              | known-bug | property | bug | alphabet
//   command   := WORD value*
//   let       := 'let' NAME '=' value
//   repeat    := 'repeat' value block
//   for       := 'for' NAME 'in' value block
//   def       := 'def' NAME NAME* block
//   include   := 'include' STRING
//   case      := 'case' STRING block
//   tags      := 'tags' WORD+
//   skip      := 'skip' STRING?
//   known-bug := 'known-bug' STRING ('because' STRING ('in' WORD)?)?
//   property  := ('always' | 'never') command      (the command is an `expect …`)
//   bug       := 'bug' ('always' | 'never')? command   (an expectation the known bug breaks)
//   alphabet  := 'alphabet' block                  (the steps `scn explore` draws from)
//   block     := '{' statement* '}'    ('{' on the header's line)
//   value     := WORD | NUMBER | DURATION | STRING | RAWSTRING | 'true' | 'false' | 'none'
//              | '$' NAME | '[' value,* ']' | '{' (key ':' value),* '}'
//   key       := WORD | NUMBER | STRING | RAWSTRING
//
// Newlines inside the brackets of a value are skipped; `null` is `none` there (JSON).
// See docs/LANGUAGE.md for the full grammar.

/// A name with the range where it was written.
public struct Name: Hashable, Sendable {
    public var text: String
    public var range: SourceRange
    public init(_ text: String, _ range: SourceRange) {
        self.text = text
        self.range = range
    }
}

/// One piece of a double-quoted string: literal text or `${name}`.
public enum StringPart: Hashable, Sendable {
    case text(String)
    case interpolation(Name)
}

/// A value as written in the source.
public struct Expr: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A bare word: `kindly`, `3.0.12`, `chat-1`, `edna.getChat`.
        case word(String)
        /// `"…"`, escapes resolved, with interpolations.
        case string([StringPart])
        /// `'…'`: raw text.
        case rawString(String)
        /// `42`, `3.5`; `text` is the source spelling (so `2.0` can also be a version).
        case number(text: String, value: Double)
        /// `61s`, `1m30s`, `500ms`, in milliseconds; `text` is the source spelling.
        case duration(text: String, milliseconds: Int64)
        case bool(Bool)
        case none
        case list([Expr])
        /// `{key: value}`; keys in source order (duplicates are a check error).
        case object([ObjectEntry])
        /// `$name`.
        case variable(String)
    }

    public var kind: Kind
    public var range: SourceRange
    public init(_ kind: Kind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// The spelling of a word-like value (`word`, `true`, `false`, `none`, a number or a
    /// duration as written), used to match literal words and choices. Nil for others.
    public var wordText: String? {
        switch kind {
        case .word(let w): return w
        case .bool(let b): return b ? "true" : "false"
        case .none: return "none"
        case .number(let t, _): return t
        case .duration(let t, _): return t
        default: return nil
        }
    }
}

public struct ObjectEntry: Hashable, Sendable {
    public var key: Name
    public var value: Expr
    public init(key: Name, value: Expr) {
        self.key = key
        self.value = value
    }
}

/// `{ statement* }`.
public struct Block: Hashable, Sendable {
    public var statements: [Stmt]
    /// From `{` to `}` inclusive.
    public var range: SourceRange
    public init(statements: [Stmt], range: SourceRange) {
        self.statements = statements
        self.range = range
    }
}

/// A statement.
public struct Stmt: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A built-in or user-defined command: its words and values as written.
        /// `arguments[0]` is the head word (the command's first word).
        case command([Expr])
        case `let`(Name, Expr)
        case `repeat`(count: Expr, body: Block)
        case `for`(variable: Name, sequence: Expr, body: Block)
        case def(name: Name, parameters: [Name], body: Block)
        case include(path: Expr)
        case `case`(name: Expr, body: Block)
        case tags([Name])
        case skip(reason: Expr?)
        /// `known-bug "reference" [because "TEXT" [in PUSH]]`: the case states what should
        /// happen and fails until the bug is fixed; `because` states the cause as trace text
        /// (among PUSH's events with `in`).
        case knownBug(reference: Expr?, because: Expr?, push: Expr?)
        /// `bug expect …` / `bug always|never expect …`: an expectation (or property) the
        /// known bug breaks; `property` is nil for a plain expectation.
        case bug(keyword: SourceRange, property: PropertyKind?, expectation: [Expr])
        /// `always expect …` / `never expect …`: the expectation's words and values.
        case property(PropertyKind, keyword: SourceRange, expectation: [Expr])
        /// `alphabet { … }`: the steps exploration draws from.
        case alphabet(Block)
    }

    public var kind: Kind
    /// The whole statement, first token to last.
    public var range: SourceRange
    public init(_ kind: Kind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

/// Whether a property must hold after every step (`always`) or must never hold (`never`).
public enum PropertyKind: String, Hashable, Sendable {
    case always
    case never
}

/// A `#` comment, kept for the formatter.
public struct Comment: Hashable, Sendable {
    /// The text after `#`, without the newline.
    public var text: String
    public var range: SourceRange
    public init(text: String, range: SourceRange) {
        self.text = text
        self.range = range
    }
}

/// A parsed file: its statements, its comments, and the syntax errors found.
public struct SyntaxTree: Sendable {
    public var source: SourceFile
    public var statements: [Stmt]
    public var comments: [Comment]
    /// Syntax errors; the tree holds whatever could be recovered around them.
    public var diagnostics: [Diagnostic]
    /// The lexer's warnings, which do not stop the file from running.
    public var warnings: [Diagnostic] = []
    public init(
        source: SourceFile, statements: [Stmt], comments: [Comment], diagnostics: [Diagnostic]
    ) {
        self.source = source
        self.statements = statements
        self.comments = comments
        self.diagnostics = diagnostics
    }
}
