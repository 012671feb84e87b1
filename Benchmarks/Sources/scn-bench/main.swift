import Foundation
import ScenarioLanguage
import ScenarioRuntime
import ScenarioTesting

// Reports how fast each stage of the pipeline is: lexing and parsing, checking,
// formatting, running, and a whole `scn test` of the scenario library. Each figure is the
// best of five runs, in a release build.

let lines = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 100_000

/// A scenario of `lines` statements in the shape of real ones.
func generate(_ lines: Int) -> String {
    var out = "sdk kindly\nextension kindly\nlaunch background\n"
    for i in 0..<lines {
        switch i % 5 {
        case 0: out += "push kindly visible title \"Agent \(i)\" body \"Message \(i)\"\n"
        case 1: out += "expect banner \"Agent \(i - 1)\" \"Message \(i - 1)\"\n"
        case 2: out += "clear\n"
        case 3: out += "wait 61s\n"
        default: out += "let x\(i) = [1, 2, \"three\", {a: \(i)}]\n"
        }
    }
    return out
}

/// The best of `runs` timings of `body`, in seconds.
func best(_ runs: Int = 5, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    var best = Double.infinity
    for _ in 0..<runs {
        let start = clock.now
        body()
        let d = clock.now - start
        best = min(best, Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
    }
    return best
}

func report(_ name: String, _ seconds: Double, _ count: Int, _ unit: String) {
    let rate = Double(count) / seconds
    print(
        name.padding(toLength: 28, withPad: " ", startingAt: 0)
            + String(format: "%9.1f ms  %12.0f %@/s", seconds * 1000, rate, unit))
}

let source = SourceFile(path: "bench.scn", text: generate(lines))
let registry = Vocabulary.standard.registry
print("scn-bench: \(lines) lines, \(source.bytes.count) bytes (best of 5, release)")

report("lex + parse", best { _ = Language.parse(source) }, lines, "lines")
report("lex + parse + check", best { _ = Language.check(source, registry: registry) }, lines, "lines")
report("lex + parse + format", best { _ = Language.format(source) }, lines, "lines")

let checked = Language.check(source, registry: registry)
if let script = checked.script {
    let interpreter = Interpreter(limits: Limits(maxSteps: 10 * lines))
    let outcome = interpreter.run(script).first
    guard outcome?.status == .passed else {
        fatalError("the generated scenario must pass: \(outcome?.failure?.message ?? "no case")")
    }
    report("run (one case)", best(3) { _ = interpreter.run(script) }, outcome?.steps ?? 0, "steps")
}

// The scenario library, as `scn test` runs it.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenarios").path
if let files = try? Discovery.discover(paths: [root]) {
    let executor = RuntimeExecutor()
    var cases = 0
    let seconds = best {
        cases = 0
        for file in files {
            let plan = executor.plan(file: file.path, root: file.root)
            let names = plan.cases.filter { $0.skipReason == nil }.map(\.name)
            cases += executor.run(plan: plan, cases: names, options: ExecutionOptions()).count
        }
    }
    report("Scenarios/ (check + run)", seconds, cases, "cases")
}
