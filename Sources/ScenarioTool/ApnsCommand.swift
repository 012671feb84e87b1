import Foundation
import NotificationCore
import ScenarioLanguage
import ScenarioRuntime

/// `scn apns FILE --out DIR`: every push the scenario sends, as an `.apns` file that
/// `xcrun simctl push` accepts (the payload plus `Simulator Target Bundle`).
enum ApnsCommand {
    static let usage = "usage: scn apns FILE --out DIR\n"
    /// The most files one run writes: a handful of payloads is what a simulator session
    /// needs, and a loop in a scenario must not fill a disk.
    static let maxFiles = 1000

    static func main(_ arguments: [String]) -> Int32 {
        let parsed: CommandArguments
        switch CommandArguments.parse(arguments, command: "apns", usage: usage, values: ["--out": "a folder"]) {
        case .exit(let code): return code
        case .parsed(let p): parsed = p
        }
        guard parsed.paths.count == 1, let path = parsed.paths.first, let out = parsed.values["--out"] else {
            Terminal.writeError(usage)
            return ExitCode.usage
        }
        // The run stops at the first push past the cap: nothing more is simulated.
        var limits = Limits()
        limits.maxPushes = maxFiles
        let run = FileRun.run(path, limits: limits)
        if run.script == nil {
            let color = Terminal.useColor(terminal: Terminal.stderrIsTerminal, environment: environment)
            Terminal.writeError(RunCommand.render(run, trace: false, color: color))
            return ExitCode.usage
        }
        let count = run.results.reduce(0) { n, result in
            n + (result.context.world?.pushes.count(where: { $0.payload?.isObject == true }) ?? 0)
        }
        let capped = run.results.contains {
            $0.failure?.kind == .limit && $0.failure?.message.hasPrefix("push limit") == true
        }
        guard count <= maxFiles, !capped else {
            Terminal.writeError(
                "error: the scenario sends more than \(maxFiles) pushes; scn apns writes at most \(maxFiles) files "
                    + "(nothing was written)\n")
            return ExitCode.usage
        }
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            Terminal.writeError("error: cannot create '\(TerminalText.escape(out))'\n")
            return ExitCode.usage
        }
        var written = 0
        let multiple = run.results.count > 1
        var prefixes = Set<String>()
        for result in run.results {
            guard let world = result.context.world else { continue }
            // One prefix per case, unique even when two names make the same slug ("a!", "a?").
            var prefix = slug(result.name)
            var n = 2
            while !prefixes.insert(prefix).inserted {
                prefix = slug(result.name) + "-\(n)"
                n += 1
            }
            for push in world.pushes {
                guard let payload = push.payload, payload.isObject else { continue }
                let file = payload.setting("Simulator Target Bundle", to: .string(world.configuration.bundleID))
                let name = (multiple ? prefix + "-" : "") + push.id + ".apns"
                let target = (out as NSString).appendingPathComponent(name)
                guard Files.write(file.serialized + "\n", to: target) else {
                    Terminal.writeError("error: cannot write '\(TerminalText.escape(target))'\n")
                    return ExitCode.usage
                }
                Terminal.write("\(TerminalText.escape(target))\n")
                written += 1
            }
        }
        if written == 0 { Terminal.writeError("note: the scenario sends no push\n") }
        return ExitCode.success
    }

    static func slug(_ name: String) -> String {
        var s = ""
        for scalar in name.lowercased().unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII {
                s.unicodeScalars.append(scalar)
            } else if !s.hasSuffix("-") {
                s += "-"
            }
        }
        while s.hasSuffix("-") { s.removeLast() }
        return s.isEmpty ? "case" : s
    }
}
