// Wall time of each stage of the pipeline, in process (a quick look while working; the
// figures themselves are instruction counts).
import Foundation
import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary
import ScenarioTesting

enum Stages {
    static func report(_ name: String, _ seconds: Double, _ count: Int, _ unit: String) {
        let rate = Double(count) / seconds
        print(
            name.padding(toLength: 28, withPad: " ", startingAt: 0)
                + String(format: "%9.1f ms  %12.0f %@/s", seconds * 1000, rate, unit))
    }

    static func run(lines: Int) {
        let source = SourceFile(path: "bench.scn", text: Generate.checkInput(lines))
        let registry = Vocabulary.standard.registry
        print("scn-bench stages: \(lines) lines, \(source.bytes.count) bytes (best of 5, release)")
        report("lex + parse", Measure.best { _ = Language.parse(source) }, lines, "lines")
        report("lex + parse + check", Measure.best { _ = Language.check(source, registry: registry) }, lines, "lines")
        report("lex + parse + format", Measure.best { _ = Language.format(source) }, lines, "lines")
        // The run: at most 50,000 of those lines (10,000 pushes, a case's push limit).
        let runLines = min(lines, 50_000)
        let runSource = runLines == lines ? source : SourceFile(path: "bench.scn", text: Generate.checkInput(runLines))
        let checked = Language.check(runSource, registry: registry)
        if let script = checked.script {
            let interpreter = Interpreter(limits: Limits(maxSteps: 10 * lines))
            let outcome = interpreter.run(script).first
            guard outcome?.status == .passed else {
                print("the generated scenario must pass: \(outcome?.failure?.message ?? "no case")")
                return
            }
            report("run (one case)", Measure.best(3) { _ = interpreter.run(script) }, outcome?.steps ?? 0, "steps")
        }
    }
}
