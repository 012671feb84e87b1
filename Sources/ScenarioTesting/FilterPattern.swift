/// The regular expressions of `--filter`, matched in time linear in the text: the pattern
/// is compiled to a Thompson automaton and every text position is simulated once with the
/// set of states it can be in (as in Thompson's 1968 construction and Pike's VM, without
/// captures: `--filter` only asks whether the pattern occurs). No input backtracks, so
/// `(a|a)*b` over a long name ends at once.
///
/// The syntax is the common one: literals, `.`, classes `[a-z]` `[^…]`, `\d \w \s` (and
/// `\D \W \S`), escapes `\. \\ \t \n`, anchors `^ $ \b \B`, groups `( )` `(?: )` `(?<name> )`,
/// alternation `|`, quantifiers `* + ? {n} {n,} {n,m}` (a lazy `?` after one is accepted:
/// it matches the same texts), and `(?i)` at the start for a match that ignores case. What
/// needs backtracking — backreferences, lookaround, possessive quantifiers — is refused
/// with a message. Text is matched a Unicode scalar at a time.
struct FilterPattern: Sendable {
    /// The most states a pattern compiles to (counted repetition copies its operand).
    static let maxStates = 10_000
    /// The most groups nested in one another.
    static let maxNesting = 64
    /// The largest count in `{n,m}`.
    static let maxCount = 1_000

    fileprivate enum Assertion: Sendable { case start, end, wordBoundary, notWordBoundary }

    fileprivate enum Instruction: Sendable {
        case scalar(Unicode.Scalar)
        case any
        case set(ScalarSet)
        case split(Int, Int)
        case jump(Int)
        case assert(Assertion)
        case match
    }

    fileprivate let program: [Instruction]
    fileprivate let ignoresCase: Bool

    /// Compiles `pattern`; a ``FilterPatternError`` says what is wrong and where.
    init(_ pattern: String) throws(FilterPatternError) {
        var scalars = Array(pattern.unicodeScalars)
        var ignoresCase = false
        if scalars.starts(with: "(?i)".unicodeScalars) {
            ignoresCase = true
            scalars.removeFirst(4)
        }
        var parser = Parser(scalars: scalars, ignoresCase: ignoresCase)
        let node = try parser.parseAlternation(depth: 0)
        if parser.index < scalars.count {
            throw FilterPatternError("unbalanced ')' at character \(parser.index + 1 + (ignoresCase ? 4 : 0))")
        }
        var compiler = Compiler()
        try compiler.emit(node)
        compiler.program.append(.match)
        program = compiler.program
        self.ignoresCase = ignoresCase
    }

    /// Whether the pattern occurs anywhere in `text` (not anchored).
    func matches(_ text: Substring) -> Bool {
        var scalars = Array(text.unicodeScalars)
        if ignoresCase { scalars = scalars.map(Self.folded) }
        var current = StateSet(capacity: program.count)
        var next = StateSet(capacity: program.count)
        var stack: [Int] = []
        for position in 0...scalars.count {
            // A match may start at every position: the start state joins the set.
            if add(0, at: position, scalars, to: &current, stack: &stack) { return true }
            guard position < scalars.count else { break }
            let scalar = scalars[position]
            next.clear()
            for pc in current.members {
                let advances: Bool
                switch program[pc] {
                case .scalar(let wanted): advances = scalar == wanted
                case .any: advances = scalar != "\n"
                case .set(let set): advances = set.contains(scalar)
                default: advances = false
                }
                if advances, add(pc + 1, at: position + 1, scalars, to: &next, stack: &stack) { return true }
            }
            swap(&current, &next)
        }
        return false
    }

    /// Adds `pc` and every state reached from it without reading (splits, jumps and
    /// assertions that hold at `position`) to `set`; true when one of them is the match.
    private func add(
        _ pc: Int, at position: Int, _ scalars: [Unicode.Scalar], to set: inout StateSet, stack: inout [Int]
    ) -> Bool {
        stack.removeAll(keepingCapacity: true)
        stack.append(pc)
        while let pc = stack.popLast() {
            guard set.insert(pc) else { continue }
            switch program[pc] {
            case .match: return true
            case .jump(let target): stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .assert(let assertion):
                if holds(assertion, at: position, scalars) { stack.append(pc + 1) }
            case .scalar, .any, .set: break
            }
        }
        return false
    }

    private func holds(_ assertion: Assertion, at position: Int, _ scalars: [Unicode.Scalar]) -> Bool {
        switch assertion {
        case .start: return position == 0
        case .end: return position == scalars.count
        case .wordBoundary, .notWordBoundary:
            let before = position > 0 && ScalarSet.isWord(scalars[position - 1])
            let after = position < scalars.count && ScalarSet.isWord(scalars[position])
            return (before != after) == (assertion == .wordBoundary)
        }
    }

    fileprivate static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first ?? scalar : scalar
    }
}

/// A `--filter` that cannot be compiled.
struct FilterPatternError: Error, Sendable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The states of the automaton one text position can be in: members in the order added,
/// with a mark per state so that each is added once (a sparse set, cleared in O(1)).
private struct StateSet {
    private var marks: [UInt32]
    private var generation: UInt32 = 1
    private(set) var members: [Int] = []

    init(capacity: Int) { marks = Array(repeating: 0, count: capacity) }

    mutating func insert(_ pc: Int) -> Bool {
        guard marks[pc] != generation else { return false }
        marks[pc] = generation
        members.append(pc)
        return true
    }

    mutating func clear() {
        members.removeAll(keepingCapacity: true)
        generation &+= 1
        if generation == 0 {
            for i in marks.indices { marks[i] = 0 }
            generation = 1
        }
    }
}

/// A bracket class or `\d`-style class: ranges of scalars, maybe negated.
struct ScalarSet: Sendable {
    var ranges: [ClosedRange<UInt32>] = []
    var negated = false

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        ranges.contains { $0.contains(scalar.value) } != negated
    }

    static let digit = ScalarSet(ranges: [0x30...0x39])
    static let word = ScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    static let space = ScalarSet(ranges: [0x09...0x0D, 0x20...0x20, 0x85...0x85, 0xA0...0xA0, 0x2000...0x200A])

    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        word.contains(scalar) || (scalar.value > 0x7F && scalar.properties.isAlphabetic)
    }
}

/// The pattern as a tree, before it is compiled.
private indirect enum Node {
    case empty
    case instruction(FilterPattern.Instruction)
    case sequence([Node])
    case alternation([Node])
    case repeated(Node, min: Int, max: Int?)
}

/// Recursive descent over the pattern, its depth bounded by ``FilterPattern/maxNesting``.
private struct Parser {
    let scalars: [Unicode.Scalar]
    let ignoresCase: Bool
    var index = 0

    init(scalars: [Unicode.Scalar], ignoresCase: Bool) {
        self.scalars = scalars
        self.ignoresCase = ignoresCase
    }

    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    func fail(_ message: String) -> FilterPatternError { FilterPatternError(message) }

    mutating func parseAlternation(depth: Int) throws(FilterPatternError) -> Node {
        var branches = [try parseSequence(depth: depth)]
        while peek == "|" {
            index += 1
            branches.append(try parseSequence(depth: depth))
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    mutating func parseSequence(depth: Int) throws(FilterPatternError) -> Node {
        var items: [Node] = []
        while let c = peek, c != "|", c != ")" {
            var atom = try parseAtom(depth: depth)
            atom = try parseQuantifiers(atom)
            items.append(atom)
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    mutating func parseQuantifiers(_ atom: Node) throws(FilterPatternError) -> Node {
        var node = atom
        var repeatedHere = false
        while let c = peek {
            let (min, max): (Int, Int?)
            switch c {
            case "*": (min, max) = (0, nil)
            case "+": (min, max) = (1, nil)
            case "?": (min, max) = (0, 1)
            case "{":
                guard let counted = try parseCount() else { return node }
                (min, max) = counted
                index -= 1  // parseCount stopped after `}`; the shared step below passes it
            default: return node
            }
            index += 1
            if peek == "?" {
                index += 1  // lazy: the same texts match
            } else if peek == "+" {
                throw fail("possessive quantifiers ('\(c)+') are not supported by --filter")
            }
            if case .instruction(.assert) = node { throw fail("nothing to repeat before '\(c)'") }
            if repeatedHere {
                throw fail("a quantifier after a quantifier ('\(c)'): put the first in a group")
            }
            repeatedHere = true
            node = .repeated(node, min: min, max: max)
        }
        return node
    }

    /// `{n}`, `{n,}` or `{n,m}` at ``index``, leaving ``index`` after `}`; nil (and
    /// nothing read) when the brace is a literal.
    mutating func parseCount() throws(FilterPatternError) -> (Int, Int?)? {
        let start = index
        index += 1
        func number() -> Int? {
            var value: Int?
            while let c = peek, c.isASCII, ("0"..."9").contains(c) {
                let digit = Int(c.value) - 0x30
                value = Swift.min((value ?? 0) * 10 + digit, FilterPattern.maxCount + 1)
                index += 1
            }
            return value
        }
        guard let low = number() else {
            index = start
            return nil
        }
        var high: Int? = low
        if peek == "," {
            index += 1
            high = number()
        }
        guard peek == "}" else {
            index = start
            return nil
        }
        index += 1
        if low > FilterPattern.maxCount || (high ?? 0) > FilterPattern.maxCount {
            throw fail("a count in {n,m} is at most \(FilterPattern.maxCount)")
        }
        if let high, high < low { throw fail("{\(low),\(high)}: the second count is smaller than the first") }
        return (low, high)
    }

    mutating func parseAtom(depth: Int) throws(FilterPatternError) -> Node {
        guard let c = peek else { return .empty }
        index += 1
        switch c {
        case "(":
            guard depth < FilterPattern.maxNesting else {
                throw fail("--filter nests groups more than \(FilterPattern.maxNesting) deep")
            }
            if peek == "?" {
                index += 1
                if peek == ":" {
                    index += 1
                } else if peek == "<", index + 1 < scalars.count, scalars[index + 1] != "=", scalars[index + 1] != "!" {
                    while let n = peek, n != ">" { index += 1 }
                    guard peek == ">" else { throw fail("unterminated group name") }
                    index += 1
                } else if let n = peek, n == "=" || n == "!" || n == "<" {
                    throw fail("lookaround ('(?\(n)') is not supported by --filter")
                } else {
                    throw fail("'(?' group not supported by --filter (use '(?:' or '(?i)' at the start)")
                }
            }
            let inner = try parseAlternation(depth: depth + 1)
            guard peek == ")" else { throw fail("expected ')'") }
            index += 1
            return inner
        case "*", "+", "?":
            throw fail("nothing to repeat before '\(c)'")
        case ".": return .instruction(.any)
        case "^": return .instruction(.assert(.start))
        case "$": return .instruction(.assert(.end))
        case "[": return .instruction(.set(try parseClass()))
        case "\\": return try parseEscape(inClass: false).node
        default: return literal(c)
        }
    }

    func literal(_ c: Unicode.Scalar) -> Node {
        .instruction(.scalar(ignoresCase ? FilterPattern.folded(c) : c))
    }

    /// An escape after `\`: a node, or (in a class) the scalar or set it stands for.
    mutating func parseEscape(inClass: Bool) throws(FilterPatternError) -> (node: Node, set: ScalarSet?) {
        guard let c = peek else { throw fail("'\\' at the end of the pattern") }
        index += 1
        func set(_ s: ScalarSet, negated: Bool = false) -> (Node, ScalarSet?) {
            var s = s
            s.negated = negated
            return (.instruction(.set(s)), s)
        }
        switch c {
        case "d": return set(.digit)
        case "D": return set(.digit, negated: true)
        case "w": return set(.word)
        case "W": return set(.word, negated: true)
        case "s": return set(.space)
        case "S": return set(.space, negated: true)
        case "t": return (literal("\t"), ScalarSet(ranges: [0x09...0x09]))
        case "n": return (literal("\n"), ScalarSet(ranges: [0x0A...0x0A]))
        case "r": return (literal("\r"), ScalarSet(ranges: [0x0D...0x0D]))
        case "b" where !inClass: return (.instruction(.assert(.wordBoundary)), nil)
        case "B" where !inClass: return (.instruction(.assert(.notWordBoundary)), nil)
        case "1"..."9", "k", "g":
            throw fail("backreferences ('\\\(c)') are not supported by --filter")
        default:
            if c.properties.isAlphabetic || c.properties.numericType != nil {
                throw fail("unknown escape '\\\(c)' in --filter")
            }
            return (literal(c), ScalarSet(ranges: [c.value...c.value]))
        }
    }

    /// A bracket class after `[`.
    mutating func parseClass() throws(FilterPatternError) -> ScalarSet {
        var result = ScalarSet()
        if peek == "^" {
            result.negated = true
            index += 1
        }
        var first = true
        while true {
            guard let c = peek else { throw fail("missing ']'") }
            if c == "]" && !first {
                index += 1
                break
            }
            first = false
            index += 1
            var low: UInt32
            if c == "\\" {
                let escaped = try parseEscape(inClass: true)
                guard let set = escaped.set else { throw fail("'\\b' in a class") }
                if set.negated || set.ranges.count != 1 || set.ranges[0].count != 1 {
                    // A class inside the class: its ranges join (a negated one is refused).
                    guard !set.negated else { throw fail("a negated class inside [...] is not supported") }
                    result.ranges += set.ranges
                    continue
                }
                low = set.ranges[0].lowerBound
            } else {
                low = c.value
            }
            var high = low
            if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                index += 1
                guard let h = peek else { throw fail("missing ']'") }
                index += 1
                if h == "\\" {
                    guard let set = try parseEscape(inClass: true).set, set.ranges.count == 1, !set.negated else {
                        throw fail("a range must end at a character")
                    }
                    high = set.ranges[0].lowerBound
                } else {
                    high = h.value
                }
                guard low <= high else { throw fail("range out of order in [...]") }
            }
            result.ranges.append(low...high)
            if ignoresCase {
                for v in low...min(high, low + 0x3FF) {
                    guard let s = Unicode.Scalar(v) else { continue }
                    let f = FilterPattern.folded(s).value
                    if f != v { result.ranges.append(f...f) }
                }
            }
        }
        return result
    }
}

/// Emits a tree as instructions, its size bounded by ``FilterPattern/maxStates``.
private struct Compiler {
    var program: [FilterPattern.Instruction] = []

    mutating func append(_ instruction: FilterPattern.Instruction) throws(FilterPatternError) -> Int {
        guard program.count < FilterPattern.maxStates else {
            throw FilterPatternError("--filter is too complex: more than \(FilterPattern.maxStates) states")
        }
        program.append(instruction)
        return program.count - 1
    }

    mutating func emit(_ node: Node) throws(FilterPatternError) {
        switch node {
        case .empty: break
        case .instruction(let instruction): _ = try append(instruction)
        case .sequence(let items): for item in items { try emit(item) }
        case .alternation(let branches):
            // split L1, next; L1: first; jump end; next: split L2, … ; last
            var jumps: [Int] = []
            for (k, branch) in branches.enumerated() {
                if k < branches.count - 1 {
                    let split = try append(.split(0, 0))
                    try emit(branch)
                    jumps.append(try append(.jump(0)))
                    program[split] = .split(split + 1, program.count)
                } else {
                    try emit(branch)
                }
            }
            for j in jumps { program[j] = .jump(program.count) }
        case .repeated(let inner, let min, let max):
            for _ in 0..<min { try emit(inner) }
            if let max {
                // Each optional copy: split in, skip.
                var skips: [Int] = []
                for _ in min..<max {
                    let split = try append(.split(0, 0))
                    skips.append(split)
                    try emit(inner)
                    program[split] = .split(split + 1, -1)
                }
                for s in skips { program[s] = .split(s + 1, program.count) }
            } else {
                // L: split body, end; body; jump L
                let split = try append(.split(0, 0))
                try emit(inner)
                _ = try append(.jump(split))
                program[split] = .split(split + 1, program.count)
            }
        }
    }
}
