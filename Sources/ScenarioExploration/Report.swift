/// The report `scn explore` prints: what was searched, how much, and per property either
/// its counterexample or how far it holds. Timings are on one line of their own, so two
/// runs compare equal apart from it.
extension ExploreResult {
    public func report(path: String, written: [String: String] = [:]) -> String {
        var out = "explore \(path)\n"
        out += "  alphabet: \(alphabet.count) steps (\(alphabetOrigin))\n"
        out += "  properties: \(properties.joined(separator: ", "))\n"
        var reach = "depth \(depthReached) of \(depth)"
        if stoppedAtMaxWorlds {
            reach +=
                " (stopped at --max-worlds \(maxWorlds) during depth \(depthReached + 1); raise it with --max-worlds N)"
        }
        if stoppedAtMaxMemory {
            reach +=
                " (stopped at the memory budget, --max-memory \(maxMemory >> 20) MiB, during depth \(depthReached + 1); "
                + "raise it with --max-memory MIB)"
        }
        if exhausted { reach += " (every reachable world seen)" }
        out += "  \(reach): \(explored) worlds explored, \(unique) unique worlds\n"
        out += "  time: \(Self.format(seconds)) s, \(worldsPerSecond) worlds/s\n"
        out += "\n"
        for property in properties {
            if let found = counterexamples[property] {
                let shrunk = found.foundLength != found.steps.count ? ", shrunk from \(found.foundLength)" : ""
                out += "\(property): violated after \(found.steps.count) step(s)\(shrunk): "
                out += found.steps.joined(separator: "; ") + "\n"
                if let expected = found.expected { out += "  expected: \(expected)\n" }
                out += "  actual:   \(found.actual)\n"
                if let file = written[property] { out += "  written to \(file)\n" }
            } else if exhausted {
                out += "\(property): holds for every sequence (every reachable world was seen)\n"
            } else {
                out += "\(property): holds for every sequence up to depth \(depthReached)\n"
            }
        }
        for property in properties {
            guard let found = counterexamples[property], written[property] == nil else { continue }
            out += "\n--- counterexample: \(property) ---\n" + found.scenario
        }
        return out
    }

    /// Seconds with two decimals: `16.42`.
    public static func format(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
