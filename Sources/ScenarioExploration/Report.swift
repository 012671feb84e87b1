import ScenarioLanguage

/// The report `scn explore` prints: what was searched, how much, and per property either
/// its counterexample or how far it holds. Timings are on one line of their own, so two
/// runs compare equal apart from it.
extension ExploreResult {
    ///
    /// Every text in it is one line, escaped (`TerminalText`): a path, a property or a step
    /// read from a shard file cannot forge a line of the report. A counterexample's scenario
    /// is shown as the file it is, under its own heading.
    public func report(path: String, written: [String: String] = [:]) -> String {
        let line = { (text: String) in TerminalText.escape(text) }
        var out = "explore \(line(path))\n"
        out += "  alphabet: \(alphabet.count) steps (\(line(alphabetOrigin)))\n"
        out += "  properties: \(properties.map(line).joined(separator: ", "))\n"
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
                out += "\(line(property)): violated after \(found.steps.count) step(s)\(shrunk): "
                out += found.steps.map(line).joined(separator: "; ") + "\n"
                if let expected = found.expected { out += "  expected: \(line(expected))\n" }
                out += "  actual:   \(line(found.actual))\n"
                if let file = written[property] { out += "  written to \(line(file))\n" }
            } else if exhausted {
                out += "\(line(property)): holds for every sequence (every reachable world was seen)\n"
            } else {
                out += "\(line(property)): holds for every sequence up to depth \(depthReached)\n"
            }
        }
        for property in properties {
            guard let found = counterexamples[property], written[property] == nil else { continue }
            out += "\n--- counterexample: \(line(property)) ---\n" + found.scenario
        }
        return out
    }

    /// Seconds with two decimals: `16.42`.
    public static func format(_ seconds: Double) -> String {
        let hundredths = seconds.isFinite && seconds > 0 ? Int(min(seconds * 100, 1e15).rounded()) : 0
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
