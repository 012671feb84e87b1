import Testing

@testable import ScenarioLanguage

/// A statement's kind and depth, as a walk meets it: `def@0`, `cmd tap@1`.
private func label(_ kind: Stmt.Kind) -> String {
    switch kind {
    case .command(let arguments): return "cmd " + (arguments.first?.wordText ?? "?")
    case .let(let name, _): return "let " + name.text
    case .repeat: return "repeat"
    case .for(let variable, _, _): return "for " + variable.text
    case .def(let name, _, _): return "def " + name.text
    case .include: return "include"
    case .case: return "case"
    case .tags: return "tags"
    case .skip: return "skip"
    case .knownBug: return "known-bug"
    case .property(let kind, _, _): return kind.rawValue
    case .bug: return "bug"
    case .alphabet: return "alphabet"
    }
}

private func label(_ kind: CheckedStmt.Kind) -> String {
    switch kind {
    case .command(let command): return "cmd " + command.signature.name
    case .call(let name, _): return "call " + name.text
    case .let(let name, _): return "let " + name.text
    case .repeat: return "repeat"
    case .for(let variable, _, _): return "for " + variable.text
    case .def(let name, _, _): return "def " + name.text
    case .include(let path, _, _): return "include " + path
    case .property(let kind, _): return kind.rawValue
    case .alphabet: return "alphabet"
    }
}

/// Every kind of block, nested: def, repeat, for, alphabet, include, case.
private let everyKind = """
    tags smoke
    sdk kindly
    let x = 1
    def greet who {
        tap
        repeat 2 {
            for c in [1, 2] {
                send "hi"
            }
        }
    }
    alphabet {
        launch background
        greet me
    }
    include "lib.scn"
    case "one" {
        skip "later"
        repeat 1 {
            for d in [3] { tap }
        }
    }
    case "two" {
        always expect banner none
        greet you
    }

    """

private let library = "def helper {\n    wait 1s\n}\nlaunch foreground\n"

@Suite struct TreeWalkTests {
    @Test func visitsEveryStatementOfTheSyntaxTreeInSourceOrder() {
        let tree = parse(everyKind)
        #expect(tree.diagnostics.isEmpty)
        let visits = Walk(tree.statements, skipping: []).map { "\(label($0.node.kind))@\($0.depth)" }
        #expect(
            visits == [
                "tags@0", "cmd sdk@0", "let x@0", "def greet@0", "cmd tap@1", "repeat@1", "for c@2", "cmd send@3",
                "alphabet@0", "cmd launch@1", "cmd greet@1", "include@0", "case@0", "skip@1", "repeat@1", "for d@2",
                "cmd tap@3", "case@0", "always@1", "cmd greet@1",
            ])
    }

    @Test func aSkippedBodyIsNotEnteredButItsStatementIsVisited() {
        let tree = parse(everyKind)
        let visits = Walk(tree.statements, skipping: [.alphabet, .def]).map { "\(label($0.node.kind))@\($0.depth)" }
        #expect(
            visits == [
                "tags@0", "cmd sdk@0", "let x@0", "def greet@0", "alphabet@0", "include@0", "case@0", "skip@1",
                "repeat@1", "for d@2", "cmd tap@3", "case@0", "always@1", "cmd greet@1",
            ])
        let topLevel = Walk(tree.statements, skipping: .all).map { label($0.node.kind) }
        #expect(topLevel == tree.statements.map { label($0.kind) })
    }

    @Test func aVisitOneDeeperIsInTheBodyOfTheNearestShallowerStatement() {
        let tree = parse(everyKind)
        var around: [Stmt] = []  // the statements whose bodies hold the next visit, by depth
        for visit in Walk(tree.statements, skipping: []) {
            around.removeLast(around.count - visit.depth)
            if let parent = around.last {
                #expect(parent.block?.statements.contains(visit.node) == true)
            } else {
                #expect(visit.depth == 0)
            }
            around.append(visit.node)
        }
    }

    @Test func visitsEveryStatementOfTheCheckedTreeIncludesInlined() throws {
        let result = check(everyKind, files: ["lib.scn": library])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let script = try #require(result.script)
        let visits = Walk(script, skipping: []).map { "\(label($0.node.kind))@\($0.depth)" }
        #expect(
            visits == [
                "cmd sdk@0", "let x@0", "def greet@0", "cmd tap@1", "repeat@1", "for c@2", "cmd send@3",
                "alphabet@0", "cmd launch@1", "call greet@1", "include lib.scn@0", "def helper@1", "cmd wait@2",
                "cmd launch@1",
                // case "one"
                "repeat@0", "for d@1", "cmd tap@2",
                // case "two"
                "always@0", "call greet@0",
            ])
        let withoutAlphabet = Walk(script, skipping: [.alphabet, .include]).map { label($0.node.kind) }
        #expect(!withoutAlphabet.contains("cmd launch"))
        #expect(withoutAlphabet.contains("alphabet") && withoutAlphabet.contains("include lib.scn"))
    }

    @Test func visitsTheValuesInsideListsAndObjects() {
        guard case .let(_, let value)? = parse("let v = [1, {a: $x, b: [\"${y}\"]}, $z]").statements.first?.kind
        else {
            Issue.record("no let")
            return
        }
        let kinds = Walk([value], skipping: []).map { visit -> String in
            switch visit.node.kind {
            case .list: return "list@\(visit.depth)"
            case .object: return "object@\(visit.depth)"
            default: return "\(visit.node.wordText ?? "value")@\(visit.depth)"
            }
        }
        #expect(kinds == ["list@0", "1@1", "object@1", "value@2", "list@2", "value@3", "value@1"])
        #expect(value.variables.map(\.text) == ["x", "y", "z"])
    }

    @Test func aTreeAtTheNestingLimitIsWalkedWholeAndInOrder() throws {
        let depth = LanguageLimits.standard.maxNesting
        // `case` takes one level, each `repeat` another: the innermost `tap` is at the limit.
        let text =
            "sdk kindly\ncase \"deep\" {\n" + String(repeating: "repeat 1 {\n", count: depth - 1) + "tap\n"
            + String(repeating: "}\n", count: depth - 1) + "}\n"
        let tree = parse(text)
        #expect(tree.diagnostics.isEmpty)
        let syntax = Array(Walk(tree.statements, skipping: []))
        #expect(syntax.count == depth + 2)
        #expect(syntax.map(\.depth) == [0] + Array(0...depth))
        let result = check(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let script = try #require(result.script)
        let checked = Array(Walk(script, skipping: []))
        #expect(checked.map(\.depth) == [0] + Array(0..<depth))
        #expect(checked.last.map { label($0.node.kind) } == "cmd tap")
    }

    @Test func aTreeFarDeeperThanTheLimitDoesNotDeepenTheStack() {
        // Built by hand, past what the parser accepts: the walk itself holds no recursion.
        var statement = Stmt(.command([Expr(.word("tap"), SourceRange(0, 3))]), SourceRange(0, 3))
        let depth = 5_000
        for _ in 0..<depth {
            statement = Stmt(
                .repeat(
                    count: Expr(.word("1"), SourceRange(0, 1)),
                    body: Block(statements: [statement], range: SourceRange(0, 3))),
                SourceRange(0, 3))
        }
        var count = 0
        var deepest = 0
        for visit in Walk([statement], skipping: []) {
            count += 1
            deepest = max(deepest, visit.depth)
        }
        #expect(count == depth + 1)
        #expect(deepest == depth)
        withExtendedLifetime(statement) {}
    }
}
