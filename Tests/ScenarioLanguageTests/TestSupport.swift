import Foundation
import Testing

@testable import ScenarioLanguage

/// A small registry modelled on docs/COMMANDS.md: enough commands of every role and
/// parameter shape to exercise the checker.
let testRegistry: Registry = {
    var r = Registry()
    let states = ValueKind.choice(["killed", "terminated", "background", "foreground"])
    let signatures: [Signature] = [
        Signature(
            ["sdk"], [Parameter("sdk", .choice(["kindly", "edna"])), Parameter("version", .version, optional: true)],
            role: .setting, topic: "Setup", summary: "the chat SDK the app integrates"),
        Signature(
            ["extension"],
            [
                Parameter("extension", .choice(["none", "kindly", "other"])),
                Parameter("detection", .choice(["undetected"]), optional: true),
            ],
            role: .setting, topic: "Setup", summary: "the service extension"),
        Signature(
            ["keychain"], [Parameter("sharing", .choice(["shared", "separate"]))], role: .setting, topic: "Setup",
            summary: "keychain group"),
        Signature(
            ["app", "bundle"], [Parameter("id", .string)], role: .setting, topic: "Setup", summary: "the bundle id"),
        Signature(
            ["edna", "server"], [Parameter("certificate", .choice(["p8", "p12"]))],
            options: [
                Option("bundle", .string, required: true), Option("environment", .choice(["sandbox", "production"])),
            ],
            role: .setting, topic: "edna", summary: "edna's APNs settings"),
        Signature(
            ["delegate"], [Parameter("delegate", .choice(["kindly", "forwarding", "own", "none"]))],
            role: .runtimeSetting,
            topic: "Setup", summary: "notification-center delegate"),
        Signature(
            ["extension-delay"], [Parameter("delay", .duration)], role: .runtimeSetting, topic: "Setup",
            summary: "how long the extension takes"),
        Signature(["install", "fresh"], role: .action, topic: "App", summary: "install, never launched"),
        Signature(
            ["launch"], [Parameter("state", states)], role: .action, topic: "App", summary: "move the app to a state"),
        Signature(["start"], role: .action, topic: "Kindly", summary: "KindlySDK.start()"),
        Signature(
            ["push", "kindly"], [Parameter("type", .choice(["visible", "silent"]), optional: true)],
            options: [
                Option("title", .quotedText), Option("body", .quotedText), Option("chat", .text),
                Option("tampered", nil),
                Option("missing", .choice(["chat_id", "title", "body", "v"])),
            ], role: .action, topic: "Kindly", summary: "the Kindly server sends a message"),
        Signature(
            ["push", "raw"], [Parameter("payload", .object)], role: .action, topic: "Push",
            summary: "exactly this payload"),
        Signature(
            ["push", "edna"], [Parameter("kind", .choice(["message", "campaign"])), Parameter("text", .string)],
            options: [Option("campaign", .text)], role: .action, topic: "edna", summary: "the edna server sends"),
        Signature(
            ["tap"], [Parameter("banner", .oneOf([.integer, .string]), optional: true)], role: .action, topic: "User",
            summary: "tap a banner"),
        Signature(
            ["wait"], [Parameter("duration", .duration)], role: .action, topic: "Time", summary: "advance the clock"),
        Signature(["send"], [Parameter("text", .string)], role: .action, topic: "User", summary: "send a message"),
        Signature(
            ["expect", "banner"],
            [Parameter("title", .quotedText, optional: true), Parameter("body", .quotedText, optional: true)],
            role: .expectation, topic: "Expectations", summary: "the newest banner"),
        Signature(
            ["expect", "banner", "title"], [Parameter("title", .quotedText)], role: .expectation,
            topic: "Expectations", summary: "the newest banner's title"),
        Signature(["expect", "banner", "none"], role: .expectation, topic: "Expectations", summary: "no banners"),
        Signature(
            ["expect", "banners"], [Parameter("count", .integer)], role: .expectation, topic: "Expectations",
            summary: "N banners"),
        Signature(
            ["expect", "app"], [Parameter("state", states)], role: .expectation, topic: "Expectations",
            summary: "the app state"),
        Signature(
            ["expect", "chat"], [Parameter("chat", .choice(["open", "closed"]))], role: .expectation,
            topic: "Expectations", summary: "chat"),
        Signature(
            ["expect", "log"], [Parameter("text", .quotedText)], role: .expectation, topic: "Expectations",
            summary: "a log line"),
        Signature(
            ["expect", "delivered"], [Parameter("delivered", .boolean)], role: .expectation, topic: "Expectations",
            summary: "delivered"),
        Signature(
            ["expect", "result"], [Parameter("value", .any)], role: .expectation, topic: "Expectations",
            summary: "result"),
    ]
    for s in signatures {
        do { try r.register(s) } catch { fatalError("test registry: \(error)") }
    }
    // Exactly one sdk line before the first action.
    r.addCaseRule { config in
        let sdks = config.settings.filter { $0.signature.name == "sdk" }
        if sdks.count > 1 {
            return sdks.dropFirst().map {
                RuleViolation(
                    message: "only one 'sdk' line per case", range: $0.range, path: $0.path, label: "second sdk line")
            }
        }
        if sdks.isEmpty, let first = config.firstAction {
            return [
                RuleViolation(
                    message: "an 'sdk' line is needed before the first action", range: first.range, path: first.path,
                    label: "the app is installed here")
            ]
        }
        return []
    }
    // extension kindly needs Kindly 3.0.12 or later.
    r.addCaseRule { config in
        guard let sdk = config.settings.first(where: { $0.signature.name == "sdk" }),
            sdk.arguments.positionals.first??.wordText == "kindly",
            let versionExpr = sdk.arguments.positionals[1],
            let text = versionExpr.wordText ?? versionExpr.literalValue?.text,
            let version = Version(text), version < Version([3, 0, 12])
        else { return [] }
        return config.settings.filter {
            $0.signature.name == "extension" && $0.arguments.positionals.first??.wordText == "kindly"
        }
        .map {
            RuleViolation(
                message: "'extension kindly' needs Kindly 3.0.12 or later", range: $0.range, path: $0.path,
                label: "the sdk line says \(text)")
        }
    }
    return r
}()

/// A loader over files held in memory, confined like the real one.
struct MemoryLoader: SourceLoader {
    var files: [String: String]
    func load(_ path: String, from: String) throws(LoadError) -> SourceFile {
        guard !path.hasPrefix("/") else { throw LoadError("'\(path)' is absolute") }
        let dir = from.split(separator: "/").dropLast().joined(separator: "/")
        let joined = CheckRunTestPath.normalize(dir.isEmpty ? path : dir + "/" + path)
        guard !joined.hasPrefix("..") else { throw LoadError("'\(path)' is outside the scenario root") }
        guard let text = files[joined] else { throw LoadError("cannot read '\(path)'") }
        return SourceFile(path: joined, text: text)
    }
}

enum CheckRunTestPath {
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for piece in path.split(separator: "/") {
            if piece == "." { continue }
            if piece == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(piece)
        }
        return parts.joined(separator: "/")
    }
}

func source(_ text: String, path: String = "test.scn") -> SourceFile {
    SourceFile(path: path, text: text)
}

func parse(_ text: String) -> SyntaxTree {
    Parser.parse(source(text))
}

func check(_ text: String, path: String = "test.scn", files: [String: String] = [:]) -> CheckResult {
    Language.check(source(text, path: path), registry: testRegistry, loader: MemoryLoader(files: files))
}

func messages(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map(\.message) }

/// A tree without positions, as an S-expression: what "the same meaning" compares.
func dump(_ statements: [Stmt]) -> String {
    statements.map(dump).joined(separator: " ")
}

func dump(_ s: Stmt) -> String {
    switch s.kind {
    case .command(let args): return "(cmd \(args.map(dump).joined(separator: " ")))"
    case .let(let n, let v): return "(let \(n.text) \(dump(v)))"
    case .repeat(let c, let b): return "(repeat \(dump(c)) {\(dump(b.statements))})"
    case .for(let n, let seq, let b): return "(for \(n.text) \(dump(seq)) {\(dump(b.statements))})"
    case .def(let n, let ps, let b):
        return "(def \(n.text) [\(ps.map(\.text).joined(separator: " "))] {\(dump(b.statements))})"
    case .include(let p): return "(include \(dump(p)))"
    case .case(let n, let b): return "(case \(dump(n)) {\(dump(b.statements))})"
    case .tags(let ns): return "(tags \(ns.map(\.text).joined(separator: " ")))"
    case .skip(let r): return "(skip\(r.map { " " + dump($0) } ?? ""))"
    case .knownBug(let r, let because, let push):
        return "(known-bug\(r.map { " " + dump($0) } ?? "")\(because.map { " because " + dump($0) } ?? "")"
            + "\(push.map { " in " + dump($0) } ?? ""))"
    case .bug(_, let k, let args):
        return "(bug\(k.map { " " + $0.rawValue } ?? "") \(args.map(dump).joined(separator: " ")))"
    case .property(let k, _, let args): return "(\(k.rawValue) \(args.map(dump).joined(separator: " ")))"
    case .alphabet(let b): return "(alphabet {\(dump(b.statements))})"
    }
}

func dump(_ e: Expr) -> String {
    switch e.kind {
    case .word(let w): return "w:\(w)"
    case .string(let parts):
        return "s:\""
            + parts.map { p -> String in
                switch p {
                case .text(let t): return t
                case .interpolation(let n): return "${\(n.text)}"
                }
            }.joined() + "\""
    case .rawString(let s): return "r:'\(s)'"
    case .number(let t, let v): return "n:\(t)=\(v)"
    case .duration(let t, let ms): return "d:\(t)=\(ms)"
    case .bool(let b): return "b:\(b)"
    case .none: return "none"
    case .list(let items): return "[\(items.map(dump).joined(separator: ", "))]"
    case .object(let entries): return "{\(entries.map { "\($0.key.text): \(dump($0.value))" }.joined(separator: ", "))}"
    case .variable(let n): return "$\(n)"
    }
}
