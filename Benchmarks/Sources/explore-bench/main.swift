// explore-bench: depth 5 over the default Kindly alphabet (docs/EXPLORE.md, "Speed").
//
//   explore-bench [--depth N]      explores with one thread, then with two; prints both
//                                  reports' figures and whether they agree
import Foundation
import ScenarioExploration
import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary

var depth = 5
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count == 2, arguments[0] == "--depth", let n = Int(arguments[1]), n >= 1 {
    depth = n
} else if !arguments.isEmpty {
    FileHandle.standardError.write(Data("usage: explore-bench [--depth N]\n".utf8))
    exit(2)
}

let text = "sdk kindly 3.0.12\nextension kindly\n"
let checked = Language.check(SourceFile(path: "kindly.scn", text: text), registry: Vocabulary.standard.registry)
guard let script = checked.script else { exit(1) }

var reports: [String] = []
for jobs in [1, 2] {
    var options = Explorer.Options()
    options.depth = depth
    options.jobs = jobs
    options.checks = BuiltinCheck.standard
    do throws(Explorer.SetupError) {
        let result = try Explorer(script: script, vocabulary: .standard, options: options).run()
        print(
            "explore depth \(depth), --jobs \(jobs): \(result.explored) worlds explored, \(result.unique) unique, "
                + "\(ExploreResult.format(result.seconds)) s, \(result.worldsPerSecond) worlds/s")
        reports.append(
            result.report(path: "kindly.scn").split(separator: "\n").filter { !$0.hasPrefix("  time:") }
                .joined(separator: "\n"))
    } catch {
        print("explore: \(error)")
        exit(1)
    }
}
print(reports[0] == reports[1] ? "reports identical apart from timings" : "REPORTS DIFFER")
exit(reports[0] == reports[1] ? 0 : 1)
