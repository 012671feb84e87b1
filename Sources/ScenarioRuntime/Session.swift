import ScenarioLanguage

/// A property of a case (`always expect …`, `never expect …`) as it was run.
public struct Property: Hashable, Sendable {
    public var kind: PropertyKind
    public var expectation: BoundCommand
    /// The property's statement and file.
    public var range: SourceRange
    public var path: String
    /// Marked `bug` (`bug always expect …`): a property the case's known bug breaks.
    public var bug = false
    public init(kind: PropertyKind, expectation: BoundCommand, range: SourceRange, path: String, bug: Bool = false) {
        self.kind = kind
        self.expectation = expectation
        self.range = range
        self.path = path
        self.bug = bug
    }
}

/// Step-by-step execution of checked statements against one context and environment.
///
/// A value: the REPL keeps the session of each accepted line to step back, and a case
/// run is one session from a fresh context.
public struct Session: Sendable {
    public var context: ScenarioContext
    public var environment: Environment
    /// Steps run so far (commands, calls and loop iterations).
    public private(set) var steps = 0
    public let vocabulary: Vocabulary
    /// The properties (`always expect …`, `never expect …`) run so far: each is checked
    /// after every later step. A property line counts once however often it runs (in a
    /// `repeat`, a `for`, a def called again): a property is its statement, not its runs.
    public private(set) var properties: [Property] = []
    /// Where each property is in ``properties``.
    private var propertyIndex: [Property: Int] = [:]
    /// What each property has read so far (beside ``properties``): a property reads each
    /// new trace event, log line or message once.
    private var memories: [PropertyMemory] = []
    private var callDepth = 0

    public init(vocabulary: Vocabulary, context: ScenarioContext, environment: Environment = Environment()) {
        self.vocabulary = vocabulary
        self.context = context
        self.environment = environment
    }

    /// Runs `statements` in order. On error the session holds the state reached so far
    /// (callers that need all-or-nothing keep a copy from before).
    ///
    /// Blocks, loops and calls of user commands are frames on a stack of our own, not
    /// native calls: a def that calls itself through forty nested blocks, 256 deep, is ten
    /// thousand frames on the heap, never a native stack overflow.
    public mutating func execute(_ statements: [CheckedStmt]) throws(StepError) {
        var frames = [Frame(body: statements, loop: .once, exit: .nothing)]
        do throws(StepError) {
            while let top = frames.indices.last {
                if frames[top].index < frames[top].body.count {
                    let statement = frames[top].body[frames[top].index]
                    frames[top].index += 1
                    if let frame = try step(statement) { frames.append(frame) }
                } else if try !nextIteration(&frames[top]) {
                    leave(frames.removeLast())
                }
            }
        } catch var error {
            error.frames = []
            error.moreFrames = 0
            for frame in frames.reversed() {
                guard let origin = frame.origin else { continue }
                if error.frames.count < StepError.frameLimit {
                    error.frames.append(origin)
                } else {
                    error.moreFrames += 1
                }
            }
            while let frame = frames.popLast() { leave(frame) }
            throw error
        }
    }

    /// A block being run: its statements, the next one, and what repeats it or ends it.
    private struct Frame {
        var body: [CheckedStmt]
        var index = 0
        var loop: Loop
        var exit: Exit
        /// For a call's body: the call (name and statement).
        var call: (name: String, statement: CheckedStmt)?

        init(body: [CheckedStmt], loop: Loop, exit: Exit, call: (name: String, statement: CheckedStmt)? = nil) {
            self.body = body
            self.loop = loop
            self.exit = exit
            self.call = call
        }

        /// What a failure inside this block says about it; nil for a block that says
        /// nothing (the case, an include).
        var origin: StepError.Frame? {
            switch loop {
            case .once:
                guard let call else { return nil }
                return StepError.Frame(.call(call.name), range: call.statement.range, path: call.statement.path)
            case .times(let remaining, let total, let statement):
                return StepError.Frame(
                    .iteration(number: total - remaining, count: total), range: statement.range, path: statement.path)
            case .items(let items, let next, let variable, let statement):
                let shown = items[next - 1].value.display(limit: StepError.Frame.valueLimit).text
                return StepError.Frame(
                    .item(variable: variable, value: shown, number: next, count: items.count), range: statement.range,
                    path: statement.path)
            }
        }
    }

    private enum Loop {
        /// Runs once (a call's body, an include).
        case once
        /// `repeat`: this many more times, of `total`.
        case times(remaining: Int, total: Int, statement: CheckedStmt)
        /// `for`: the items still to bind.
        case items([SizedValue], next: Int, variable: String, statement: CheckedStmt)
    }

    private enum Exit {
        case nothing
        /// A loop iteration's scope.
        case popScope
        /// The end of a call: the caller's environment comes back.
        case returnTo(Environment)
    }

    /// Starts the next iteration of a loop frame whose body is done; false when it is
    /// not a loop or the loop is over.
    private mutating func nextIteration(_ frame: inout Frame) throws(StepError) -> Bool {
        switch frame.loop {
        case .once:
            return false
        case .times(let remaining, let total, let statement):
            guard remaining > 0 else { return false }
            try countStep(statement)
            environment.pop()
            environment.push()
            frame.loop = .times(remaining: remaining - 1, total: total, statement: statement)
        case .items(let items, let next, let variable, let statement):
            guard next < items.count else { return false }
            try countStep(statement)
            environment.pop()
            environment.push()
            environment.bind(variable, items[next])
            frame.loop = .items(items, next: next + 1, variable: variable, statement: statement)
        }
        frame.index = 0
        return true
    }

    private mutating func leave(_ frame: Frame) {
        switch frame.exit {
        case .nothing: break
        case .popScope: environment.pop()
        case .returnTo(let saved):
            callDepth -= 1
            environment = saved
        }
    }

    private mutating func countStep(_ statement: CheckedStmt) throws(StepError) {
        steps += 1
        if steps > context.limits.maxSteps {
            throw StepError(
                .limit, "step limit reached: a case may run at most \(context.limits.maxSteps) steps (see --max-steps)",
                range: statement.range, path: statement.path)
        }
    }

    /// Runs one statement; a block it opens is returned as a frame to run next. An error
    /// without a position is placed at the statement.
    private mutating func step(_ statement: CheckedStmt) throws(StepError) -> Frame? {
        do {
            return try run(statement)
        } catch var error {
            if error.range == nil {
                error.range = statement.range
                error.path = statement.path
            }
            throw error
        }
    }

    private mutating func run(_ statement: CheckedStmt) throws(StepError) -> Frame? {
        let limits = context.limits
        switch statement.kind {
        case .command(let bound):
            try countStep(statement)
            do throws(StepError) {
                try runCommand(bound, statement)
            } catch var error {
                if statement.bug && error.kind == .expectation { error.bug = true }
                throw error
            }
            try checkProperties(after: statement)

        case .property(let kind, let bound):
            let property = Property(
                kind: kind, expectation: bound, range: statement.range, path: statement.path, bug: statement.bug)
            let index: Int
            if let known = propertyIndex[property] {
                index = known
            } else {
                index = properties.count
                propertyIndex[property] = index
                properties.append(property)
                memories.append(PropertyMemory())
            }
            try check(index, at: statement)

        case .alphabet:
            break

        case .call(let name, let argumentExprs):
            try countStep(statement)
            guard let def = environment.definition(named: name.text) else {
                throw StepError(
                    .precondition, "unknown command '\(name.text)'", range: name.range, path: statement.path)
            }
            guard def.parameters.count == argumentExprs.count else {
                throw StepError(
                    .precondition,
                    "'\(name.text)' takes \(def.parameters.count) argument(s), got \(argumentExprs.count)",
                    range: statement.range, path: statement.path)
            }
            guard callDepth < limits.maxCallDepth else {
                throw StepError(
                    .limit,
                    "call depth limit reached: user commands may nest at most \(limits.maxCallDepth) deep",
                    range: statement.range, path: statement.path)
            }
            var values: [SizedValue] = []
            for e in argumentExprs {
                values.append(try Self.evaluateSized(e, in: environment, limits: limits, path: statement.path))
            }
            let saved = environment
            environment = environment.globalsOnly()
            environment.push()
            for (p, v) in zip(def.parameters, values) { environment.bind(p.text, v) }
            callDepth += 1
            return Frame(body: def.body, loop: .once, exit: .returnTo(saved), call: (name.text, statement))

        case .let(let name, let expr):
            try countStep(statement)
            let value = try Self.evaluateSized(expr, in: environment, limits: limits, path: statement.path)
            environment.bind(name.text, value)

        case .repeat(let countExpr, let body):
            // A variable is looked up, never rendered, before it is known to be a number.
            let count = try Self.evaluateSized(countExpr, in: environment, limits: limits, path: statement.path)
            guard case .number(let t, _) = count.value, let n = ValueKind.wholeNumber(t) else {
                throw StepError(
                    .precondition, "'repeat' needs a whole number, got \(count.value.preview)",
                    range: countExpr.range, path: statement.path)
            }
            guard n > 0 else { return nil }
            try countStep(statement)
            environment.push()
            return Frame(body: body, loop: .times(remaining: n - 1, total: n, statement: statement), exit: .popScope)

        case .for(let variable, let sequenceExpr, let body):
            let sequence = try Self.evaluateSized(sequenceExpr, in: environment, limits: limits, path: statement.path)
            guard case .list(let list) = sequence.value else {
                throw StepError(
                    .precondition, "'for' needs a list, got \(sequence.value.preview)", range: sequenceExpr.range,
                    path: statement.path)
            }
            // Each item's size, found once: together they are no larger than the list.
            var items: [SizedValue] = []
            items.reserveCapacity(list.count)
            for item in list {
                let size =
                    ValueSize.measure(item, limit: sequence.size.bytes) ?? ValueSize(bytes: Int.max, depth: Int.max)
                items.append(SizedValue(value: item, size: size))
            }
            guard let first = items.first else { return nil }
            try countStep(statement)
            environment.push()
            environment.bind(variable.text, first)
            return Frame(
                body: body, loop: .items(items, next: 1, variable: variable.text, statement: statement),
                exit: .popScope)

        case .def(let name, let parameters, let body):
            environment.define(Definition(name: name, parameters: parameters, body: body))

        case .include(_, _, let body):
            return Frame(body: body, loop: .once, exit: .nothing)
        }
        return nil
    }

    private mutating func runCommand(_ bound: BoundCommand, _ statement: CheckedStmt) throws(StepError) {
        let arguments = try evaluateArguments(bound, range: statement.range, path: statement.path)
        let signature = bound.signature
        if signature.role == .setting && context.isInstalled {
            throw StepError(
                .precondition,
                "'\(signature.name)' is install-time configuration: the app is already installed (the first action installs it)"
            )
        }
        guard let handler = vocabulary.handler(for: signature) else {
            throw StepError(.internal, "no handler registered for '\(signature.name)'")
        }
        context.currentPath = statement.path
        try handler(&context, arguments)
    }

    // MARK: - Properties

    /// Checks every property run so far (once the app is installed).
    public mutating func checkProperties(after statement: CheckedStmt) throws(StepError) {
        guard context.isInstalled else { return }
        for index in properties.indices {
            try check(index, at: statement)
        }
    }

    /// Checks one property against the world now; a violation is a failed expectation
    /// at `statement` whose ``StepError/property`` names the property. Before install
    /// there is nothing to check.
    private mutating func check(_ index: Int, at statement: CheckedStmt) throws(StepError) {
        guard context.isInstalled else { return }
        let property = properties[index]
        let signature = property.expectation.signature
        let arguments = try evaluateArguments(property.expectation, range: property.range, path: property.path)
        // What failed, described only when the property is violated.
        var failure: (() -> (expected: String?, actual: String?))?
        if let incremental = vocabulary.propertyHandler(for: signature) {
            let outcome = try incremental(&context, arguments, &memories[index])
            if !outcome.holds { failure = { (outcome.expected, outcome.actual) } }
        } else if let handler = vocabulary.handler(for: signature) {
            do throws(StepError) {
                try handler(&context, arguments)
            } catch  where error.kind == .expectation && error.property == nil {
                failure = { (error.expected, error.actual) }
            }
        } else {
            throw StepError(.internal, "no handler registered for '\(signature.name)'")
        }
        switch (property.kind, failure) {
        case (.always, nil), (.never, .some): return
        default: break
        }
        let shown = Self.describe(signature, arguments)
        let written = property.kind.rawValue + " " + shown
        var violation: StepError
        switch (property.kind, failure) {
        case (.always, nil), (.never, .some):
            return
        case (.always, let failure?):
            let (expected, actual) = failure()
            violation = StepError(
                .expectation, "property violated: \(written)", expected: expected, actual: actual,
                range: statement.range, path: statement.path)
        case (.never, nil):
            violation = StepError(
                .expectation, "property violated: \(written)", expected: "never: \(shown)", actual: "it holds",
                range: statement.range, path: statement.path)
        }
        violation.property = written
        violation.bug = property.bug
        throw violation
    }

    /// The property as written, values from variables resolved: `always expect chat closed`.
    public func describe(_ property: Property) -> String {
        let shown =
            (try? evaluateArguments(property.expectation, range: property.range, path: property.path)).map {
                Self.describe(property.expectation.signature, $0)
            } ?? property.expectation.signature.name
        return property.kind.rawValue + " " + shown
    }

    /// `expect chat closed`, from the signature and the values given.
    static func describe(_ signature: Signature, _ arguments: Arguments) -> String {
        var parts = signature.path
        for value in arguments.positionals { if let value { parts.append(value.display) } }
        for option in signature.options {
            if let value = arguments.options[option.keyword] {
                parts.append(option.keyword)
                parts.append(value.display)
            } else if arguments.flags.contains(option.keyword) {
                parts.append(option.keyword)
            }
        }
        return parts.joined(separator: " ")
    }

    private func evaluateArguments(_ bound: BoundCommand, range: SourceRange, path: String) throws(StepError)
        -> Arguments
    {
        let signature = bound.signature
        var positionals: [Value?] = []
        positionals.reserveCapacity(bound.arguments.positionals.count)
        var options = GivenOptions<Value>()
        for (i, expr) in bound.arguments.positionals.enumerated() {
            guard let expr else {
                positionals.append(nil)
                continue
            }
            let parameter = i < signature.positionals.count ? signature.positionals[i] : nil
            let value = try Self.evaluateSized(expr, in: environment, limits: context.limits, path: path).value
            if let parameter, !expr.isScalarLiteral {
                try Self.checkKind(value, parameter.kind, expr, path)
            }
            positionals.append(value)
        }
        // In source order (the order they are kept in), so that the first error is the
        // first one written.
        let given = bound.arguments.options
        if !given.isEmpty { options.reserveCapacity(given.count) }
        for (keyword, expr) in given {
            let value = try Self.evaluateSized(expr, in: environment, limits: context.limits, path: path).value
            if !expr.isScalarLiteral, let kind = signature.options.first(where: { $0.keyword == keyword })?.value {
                try Self.checkKind(value, kind, expr, path)
            }
            options[keyword] = value
        }
        return Arguments(
            signature: signature, positionals: positionals, options: options, flags: bound.arguments.flags,
            range: range, bound: bound.arguments)
    }

    private static func checkKind(_ value: Value, _ kind: ValueKind, _ expr: Expr, _ path: String) throws(StepError) {
        guard kind.accepts(value) else {
            throw StepError(
                .precondition, "expected \(kind), got \(value.preview)", range: expr.range, path: path)
        }
    }

    /// The value of an expression in the current environment.
    public func evaluate(_ expr: Expr, path: String) throws(StepError) -> Value {
        try Self.evaluateSized(expr, in: environment, limits: context.limits, path: path).value
    }

    /// The worker behind ``evaluate(_:path:)``: static, so a step does not copy the whole
    /// session (world included) to read a value. The value's size is known as it is
    /// built (see ``ValueSize``): past ``Limits/maxValueBytes`` or ``Limits/maxValueDepth``
    /// it is an error at `expr`, and a string stops growing at ``Limits/maxStringBytes``.
    static func evaluateSized(
        _ expr: Expr, in environment: borrowing Environment, limits: Limits, path: String
    ) throws(StepError) -> SizedValue {
        func scalar(_ value: Value) -> SizedValue { SizedValue(value: value, size: .scalar(value)) }
        switch expr.kind {
        case .word(let w): return scalar(.word(w))
        case .rawString(let s): return scalar(.string(s))
        case .number(let t, let v): return scalar(.number(text: t, value: v))
        case .duration(let t, let ms): return scalar(.duration(text: t, milliseconds: ms))
        case .bool(let b): return scalar(.bool(b))
        case .none: return scalar(.none)
        case .variable(let name):
            guard let v = environment.sized(name) else {
                throw StepError(.precondition, "undefined variable '\(name)'", range: expr.range, path: path)
            }
            return v
        case .list(let items):
            var out: [Value] = []
            var sizes: [ValueSize] = []
            out.reserveCapacity(items.count)
            sizes.reserveCapacity(items.count)
            for item in items {
                let v = try evaluateSized(item, in: environment, limits: limits, path: path)
                out.append(v.value)
                sizes.append(v.size)
            }
            return try bounded(SizedValue(value: .list(out), size: .composite(sizes)), expr, limits, path)
        case .object(let entries):
            var out: [Value.Field] = []
            var sizes: [ValueSize] = []
            var keyBytes = 0
            out.reserveCapacity(entries.count)
            for entry in entries {
                let v = try evaluateSized(entry.value, in: environment, limits: limits, path: path)
                out.append(Value.Field(entry.key.text, v.value))
                sizes.append(v.size)
                keyBytes += entry.key.text.utf8.count
            }
            let size = ValueSize.composite(sizes, keyBytes: keyBytes, keys: entries.count)
            return try bounded(SizedValue(value: .object(out), size: size), expr, limits, path)
        case .string(let parts):
            var s = ""
            for part in parts {
                switch part {
                case .text(let t): s += t
                case .interpolation(let name):
                    guard let v = environment.sized(name.text) else {
                        throw StepError(
                            .precondition, "undefined variable '\(name.text)'", range: name.range, path: path)
                    }
                    if let t = v.value.text {
                        s += t
                    } else {
                        // Written out only as far as the string may grow.
                        let room = max(0, limits.maxStringBytes - s.utf8.count)
                        let shown = v.value.display(limit: room)
                        guard shown.complete else { throw stringTooLong(limits, expr, path) }
                        s += shown.text
                    }
                }
                if s.utf8.count > limits.maxStringBytes { throw stringTooLong(limits, expr, path) }
            }
            return scalar(.string(s))
        }
    }

    private static func stringTooLong(_ limits: Limits, _ expr: Expr, _ path: String) -> StepError {
        StepError(.limit, "string longer than \(limits.maxStringBytes) bytes", range: expr.range, path: path)
    }

    /// `value`, unless it is past the size or depth limit.
    private static func bounded(_ value: SizedValue, _ expr: Expr, _ limits: Limits, _ path: String) throws(StepError)
        -> SizedValue
    {
        if value.size.bytes > limits.maxValueBytes {
            throw StepError(
                .limit,
                "value too large: over \(limits.maxValueBytes) bytes when written out (values are limited when built)",
                range: expr.range, path: path)
        }
        if value.size.depth > limits.maxValueDepth {
            throw StepError(
                .limit, "value nested too deeply: lists and objects may nest at most \(limits.maxValueDepth) deep",
                range: expr.range, path: path)
        }
        return value
    }
}
