// scn-bench: the six performance figures of docs/PERFORMANCE.md.
//
//   scn-bench [--json] [--quick] [--only NAME,…]
//                                    every figure, or those named (start-up, check, case,
//                                    scaling, memory, worlds, explore); instruction counts need valgrind
//   scn-bench stages [LINES]         wall time of each stage of the pipeline, in process
//   scn-bench work NAME COUNT        a workload, for callgrind to count (floor, worlds)
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

var arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "work", arguments.count == 3, let count = Int(arguments[2]) {
    exit(Workload.run(arguments[1], count))
}
if arguments.first == "stages" {
    Stages.run(lines: arguments.dropFirst().first.flatMap(Int.init) ?? 100_000)
    exit(0)
}

var only: [String]? = nil
if let index = arguments.firstIndex(of: "--only"), index + 1 < arguments.count {
    only = arguments[index + 1].split(separator: ",").map(String.init)
    arguments.removeSubrange(index...index + 1)
}
let json = arguments.contains("--json")
let quick = arguments.contains("--quick")
let unknown = arguments.filter { $0 != "--json" && $0 != "--quick" }
if !unknown.isEmpty || !(only ?? []).allSatisfy(Bench.names.contains) {
    FileHandle.standardError.write(
        Data(
            "usage: scn-bench [--json] [--quick] [--only \(Bench.names.joined(separator: ","))] | stages [LINES] | work NAME COUNT\n"
                .utf8))
    exit(2)
}
guard Measure.hasValgrind else {
    FileHandle.standardError.write(Data("scn-bench: the figures are instruction counts: install valgrind\n".utf8))
    exit(2)
}

let bench = Bench(quick: quick, log: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
let figures = bench.all(only: only)
if json {
    print(Report.json(figures, quick: quick))
} else {
    print("")
    print(Report.table(figures))
}
exit(figures.allSatisfy(\.meets) ? 0 : 1)
