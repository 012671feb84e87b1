import ScenarioLanguage

/// A property of a case (`always expect …`, `never expect …`) as it was run.
public struct Property: Hashable, Sendable {
    public var kind: PropertyKind
    public var expectation: BoundCommand
    /// The property's statement and file.
    public var range: SourceRange
    public var path: String
    public init(kind: PropertyKind, expectation: BoundCommand, range: SourceRange, path: String) {
        self.kind = kind
        self.expectation = expectation
        self.range = range
        self.path = path
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
    /// after every later step.
    public private(set) var properties: [Property] = []
    private var callDepth = 0

    public init(vocabulary: Vocabulary, context: ScenarioContext, environment: Environment = Environment()) {
        self.vocabulary = vocabulary
        self.context = context
        self.environment = environment
    }

    /// Runs `statements` in order. On error the session holds the state reached so far
    /// (callers that need all-or-nothing keep a copy from before).
    public mutating func execute(_ statements: [CheckedStmt]) throws(StepError) {
        for statement in statements {
            try execute(statement)
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

    private mutating func execute(_ statement: CheckedStmt) throws(StepError) {
        do {
            try run(statement)
        } catch var error {
            if error.range == nil {
                error.range = statement.range
                error.path = statement.path
            }
            throw error
        }
    }

    private mutating func run(_ statement: CheckedStmt) throws(StepError) {
        switch statement.kind {
        case .command(let bound):
            try countStep(statement)
            try runCommand(bound, statement)
            try checkProperties(after: statement)

        case .property(let kind, let bound):
            let property = Property(kind: kind, expectation: bound, range: statement.range, path: statement.path)
            properties.append(property)
            try check(property, at: statement)

        case .alphabet:
            break

        case .call(let name, let argumentExprs):
            try countStep(statement)
            guard let def = environment.definitions[name.text] else {
                throw StepError(
                    .precondition, "unknown command '\(name.text)'", range: name.range, path: statement.path)
            }
            guard def.parameters.count == argumentExprs.count else {
                throw StepError(
                    .precondition,
                    "'\(name.text)' takes \(def.parameters.count) argument(s), got \(argumentExprs.count)",
                    range: statement.range, path: statement.path)
            }
            guard callDepth < context.limits.maxCallDepth else {
                throw StepError(
                    .limit,
                    "call depth limit reached: user commands may nest at most \(context.limits.maxCallDepth) deep",
                    range: statement.range, path: statement.path)
            }
            var values: [Value] = []
            for e in argumentExprs {
                values.append(
                    try Self.evaluate(
                        e, in: environment, maxStringBytes: context.limits.maxStringBytes, path: statement.path))
            }
            let saved = environment
            environment = environment.globalsOnly()
            environment.push()
            for (p, v) in zip(def.parameters, values) { environment.bind(p.text, v) }
            callDepth += 1
            defer {
                callDepth -= 1
                environment = saved
            }
            try execute(def.body)

        case .let(let name, let expr):
            try countStep(statement)
            let value = try Self.evaluate(
                expr, in: environment, maxStringBytes: context.limits.maxStringBytes, path: statement.path)
            environment.bind(name.text, value)

        case .repeat(let countExpr, let body):
            let count = try Self.evaluate(
                countExpr, in: environment, maxStringBytes: context.limits.maxStringBytes, path: statement.path)
            guard case .number(let t, _) = count, let n = Int(t), n >= 0 else {
                throw StepError(
                    .precondition, "'repeat' needs a whole number, got \(count.preview)", range: countExpr.range,
                    path: statement.path)
            }
            for _ in 0..<n {
                try countStep(statement)
                environment.push()
                defer { environment.pop() }
                try execute(body)
            }

        case .for(let variable, let sequenceExpr, let body):
            let sequence = try Self.evaluate(
                sequenceExpr, in: environment, maxStringBytes: context.limits.maxStringBytes, path: statement.path)
            guard case .list(let items) = sequence else {
                throw StepError(
                    .precondition, "'for' needs a list, got \(sequence.preview)", range: sequenceExpr.range,
                    path: statement.path)
            }
            for item in items {
                try countStep(statement)
                environment.push()
                defer { environment.pop() }
                environment.bind(variable.text, item)
                try execute(body)
            }

        case .def(let name, let parameters, let body):
            environment.define(Definition(name: name, parameters: parameters, body: body))

        case .include(_, _, let body):
            try execute(body)
        }
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
        for property in properties {
            try check(property, at: statement)
        }
    }

    /// Checks one property against the world now; a violation is a failed expectation
    /// at `statement` whose ``StepError/property`` names the property. Before install
    /// there is nothing to check.
    private mutating func check(_ property: Property, at statement: CheckedStmt) throws(StepError) {
        guard context.isInstalled else { return }
        let arguments = try evaluateArguments(property.expectation, range: property.range, path: property.path)
        guard let handler = vocabulary.handler(for: property.expectation.signature) else {
            throw StepError(.internal, "no handler registered for '\(property.expectation.signature.name)'")
        }
        let shown = Self.describe(property.expectation.signature, arguments)
        let written = property.kind.rawValue + " " + shown
        var failure: StepError?
        do throws(StepError) {
            try handler(&context, arguments)
        } catch  where error.kind == .expectation && error.property == nil {
            failure = error
        }
        var violation: StepError
        switch (property.kind, failure) {
        case (.always, nil), (.never, .some):
            return
        case (.always, let failure?):
            violation = StepError(
                .expectation, "property violated: \(written)", expected: failure.expected, actual: failure.actual,
                range: statement.range, path: statement.path)
        case (.never, nil):
            violation = StepError(
                .expectation, "property violated: \(written)", expected: "never: \(shown)", actual: "it holds",
                range: statement.range, path: statement.path)
        }
        violation.property = written
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
        var options: [String: Value] = [:]
        for (i, expr) in bound.arguments.positionals.enumerated() {
            guard let expr else {
                positionals.append(nil)
                continue
            }
            let parameter = i < signature.positionals.count ? signature.positionals[i] : nil
            let value = try Self.evaluate(
                expr, in: environment, maxStringBytes: context.limits.maxStringBytes, path: path)
            if let parameter {
                try Self.checkKind(value, parameter.kind, expr, path)
            }
            positionals.append(value)
        }
        // In source order, so that the first error is the first one written (never an
        // accident of hashing).
        for (keyword, expr) in bound.arguments.options.sorted(by: { $0.value.range.start < $1.value.range.start }) {
            let value = try Self.evaluate(
                expr, in: environment, maxStringBytes: context.limits.maxStringBytes, path: path)
            if let kind = signature.options.first(where: { $0.keyword == keyword })?.value {
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
        try Self.evaluate(expr, in: environment, maxStringBytes: context.limits.maxStringBytes, path: path)
    }

    /// The worker behind ``evaluate(_:path:)``: static, so a step does not copy the whole
    /// session (world included) to read a value.
    static func evaluate(
        _ expr: Expr, in environment: borrowing Environment, maxStringBytes: Int, path: String
    ) throws(StepError) -> Value {
        switch expr.kind {
        case .word(let w): return .word(w)
        case .rawString(let s): return .string(s)
        case .number(let t, let v): return .number(text: t, value: v)
        case .duration(let t, let ms): return .duration(text: t, milliseconds: ms)
        case .bool(let b): return .bool(b)
        case .none: return .none
        case .variable(let name):
            guard let v = environment.lookup(name) else {
                throw StepError(.precondition, "undefined variable '\(name)'", range: expr.range, path: path)
            }
            return v
        case .list(let items):
            var out: [Value] = []
            out.reserveCapacity(items.count)
            for item in items {
                out.append(try evaluate(item, in: environment, maxStringBytes: maxStringBytes, path: path))
            }
            return .list(out)
        case .object(let entries):
            var out: [Value.Field] = []
            out.reserveCapacity(entries.count)
            for entry in entries {
                let value = try evaluate(entry.value, in: environment, maxStringBytes: maxStringBytes, path: path)
                out.append(Value.Field(entry.key.text, value))
            }
            return .object(out)
        case .string(let parts):
            var s = ""
            for part in parts {
                switch part {
                case .text(let t): s += t
                case .interpolation(let name):
                    guard let v = environment.lookup(name.text) else {
                        throw StepError(
                            .precondition, "undefined variable '\(name.text)'", range: name.range, path: path)
                    }
                    s += v.text ?? v.display
                }
                if s.utf8.count > maxStringBytes {
                    throw StepError(
                        .limit, "string longer than \(maxStringBytes) bytes", range: expr.range, path: path)
                }
            }
            return .string(s)
        }
    }
}
