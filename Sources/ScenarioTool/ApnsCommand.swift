import CommandLineKit
import NotificationCore
import ScenarioLanguage
import ScenarioRuntime
import ScenarioTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `scn apns FILE --out DIR`: every push the scenario sends, as an `.apns` file that
/// `xcrun simctl push` accepts (the payload plus `Simulator Target Bundle`). A push that
/// APNs would reject is refused before anything is written: a payload that is not a JSON
/// object, one without an `aps` dictionary (or whose `aps` is not a dictionary), and one
/// over 4096 bytes once the bundle key is added.
enum ApnsCommand {
    static let subcommand = Subcommand(
        spec: CommandSpec(
            "apns", abstract: "write each push of a scenario as an .apns file for the iOS Simulator",
            arguments: [ArgumentSpec("FILE", .scenario, .one, "the scenario file")],
            options: [
                .value("--out", "DIR", .folder, "the folder to write the .apns files in (made if missing; required)"),
                .value(
                    "--bundle", "ID", .text,
                    "the Simulator app's bundle id for 'Simulator Target Bundle' (default: the scenario's app bundle)"),
                SharedOptions.root, SharedOptions.color,
            ],
            discussion: """
                Runs the scenario and writes every push it sends as an .apns file that
                'xcrun simctl push' accepts: the payload with 'Simulator Target Bundle' set to
                the app's bundle id (--bundle ID: another, e.g. a debug build's). The payload is
                what the server sent, nothing more. With several cases, each file name starts
                with its case.
                A push APNs would reject (a payload that is not a JSON object, no 'aps'
                dictionary, over 4096 bytes with the bundle key, 5120 for VoIP, an empty
                payload or a header APNs refuses) is an error naming Apple's reason, and
                nothing is written. A VoIP push is written as NAME.voip.apns, its topic said
                on standard error: the Simulator does not deliver PushKit pushes.
                """),
        run: main)

    /// Why `id` cannot be a bundle identifier, or nil: Apple's rule is letters, digits,
    /// hyphens and periods (Info.plist's CFBundleIdentifier), here at most 255 bytes.
    static func bundleProblem(_ id: String) -> String? {
        if id.isEmpty { return "a bundle id is not empty" }
        if id.utf8.count > Vocabulary.maxIdentifierBytes {
            return "a bundle id is at most \(Vocabulary.maxIdentifierBytes) bytes"
        }
        let allowed = id.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "."
        }
        return allowed ? nil : "a bundle id has letters, digits, hyphens and periods only"
    }

    /// APNs' limit for a payload (Apple: "Generating a remote notification"); a VoIP push's
    /// is 5120.
    static let maxPayloadBytes = 4096
    /// The reasons APNs gives for the request itself, whoever sends it: what the file would
    /// be refused for too.
    static let requestReasons: Set<String> = [
        "PayloadEmpty", "PayloadTooLarge", "InvalidPushType", "BadPriority", "BadExpirationDate", "BadCollapseId",
    ]
    /// The most files one run writes: a handful of payloads is what a simulator session
    /// needs, and a loop in a scenario must not fill a disk.
    static let maxFiles = 1000

    static func main(_ parsed: ParsedArguments, _ tool: Tool) -> Int32 {
        guard let path = parsed.positionals.first else { return tool.usageError("missing FILE", command: "apns") }
        guard let out = parsed.value("--out"), !out.isEmpty else {
            return tool.usageError("missing --out DIR: the folder to write the .apns files in", command: "apns")
        }
        let root = parsed.value("--root")
        if let root, !Files.isFolder(root) {
            return tool.usageError("--root '\(root)' is not a folder", command: "apns")
        }
        let bundle = parsed.value("--bundle")
        if let bundle, let problem = bundleProblem(bundle) {
            return tool.usageError("--bundle '\(TerminalText.escape(bundle))': \(problem)", command: "apns")
        }
        if let problem = ReportPath.problem(folder: out, base: FileManager.default.currentDirectoryPath) {
            Terminal.writeError("error: --out: \(problem)\n")
            return ExitCode.usage
        }
        // The run stops at the first push past the cap: nothing more is simulated.
        var limits = Limits()
        limits.maxPushes = maxFiles
        let run = FileRun.run(FileRun.input(path, root: root), tool: tool, limits: limits)
        if run.script == nil {
            let color = Terminal.useColor(terminal: Terminal.stderrIsTerminal, environment: tool.environment)
            Terminal.writeError(RunCommand.render(run, trace: false, color: color))
            return ExitCode.usage
        }
        let count = run.results.reduce(0) { n, result in n + (result.context.world?.pushes.count ?? 0) }
        let capped = run.results.contains {
            $0.failure?.kind == .limit && $0.failure?.message.hasPrefix("push limit") == true
        }
        guard count <= maxFiles, !capped else {
            Terminal.writeError(
                "error: \(TerminalText.escape(path)): the scenario sends more than \(maxFiles) pushes; "
                    + "scn apns writes at most \(maxFiles) files\nnothing was written\n")
            return ExitCode.usage
        }
        // Every file first, so that a refused push leaves the folder as it was.
        var files: [(name: String, text: String)] = []
        var refused: [String] = []
        var notes: [String] = []
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
                guard let payload = push.payload else { continue }
                let which = "push \(push.id)" + (multiple ? " of case '\(result.name)'" : "")
                guard payload.isObject else {
                    refused.append("\(which): the payload is not a JSON object; APNs rejects it")
                    continue
                }
                // What APNs answered the request itself (its payload and headers), named as
                // Apple's answer names it.
                if let answer = push.apnsAnswer, let reason = answer.reason, requestReasons.contains(reason) {
                    refused.append("\(which): APNs answers \(answer.statusText): \(push.reason ?? reason)")
                    continue
                }
                guard let aps = payload["aps"] else {
                    refused.append("\(which): the payload has no 'aps' dictionary; APNs rejects it")
                    continue
                }
                guard aps.isObject else {
                    refused.append("\(which): 'aps' is not a dictionary; APNs rejects it")
                    continue
                }
                let text = payload.setting(
                    "Simulator Target Bundle", to: .string(bundle ?? world.configuration.bundleID)
                )
                .serialized
                let limit = push.voip ? World.voipPayloadLimit : maxPayloadBytes
                guard text.utf8.count <= limit else {
                    refused.append(
                        "\(which): \(text.utf8.count) bytes with the bundle key, over APNs' limit of \(limit) (413 PayloadTooLarge)"
                    )
                    continue
                }
                let name = (multiple ? prefix + "-" : "") + push.id + (push.voip ? ".voip.apns" : ".apns")
                let provider = world.configuration.provider
                let header = provider.topic.header(bundleID: world.configuration.bundleID, voip: push.voip)
                if push.voip {
                    let topic = header ?? "none (provider topic omitted)"
                    notes.append(
                        "\(name): a VoIP push for topic \(topic) (apns-push-type voip); the Simulator does not deliver PushKit pushes, so send it to a device"
                    )
                }
                // A certificate for several topics: a request to a device must name one (400
                // MissingTopic without it, SPEC §2.16); the Simulator reads no topic.
                if push.origin == .app, case .cert(let topics) = provider.auth, topics.count > 1 {
                    notes.append(
                        "\(name): the server's certificate covers \(topics.count) topics; "
                            + (header.map { "send it to a device with apns-topic \($0)" }
                                ?? "a request to a device without apns-topic is 400 MissingTopic: name one of them"))
                }
                files.append((name, text + "\n"))
            }
        }
        if !refused.isEmpty {
            for line in refused {
                Terminal.writeError("error: \(TerminalText.escape(path)): \(TerminalText.escape(line))\n")
            }
            Terminal.writeError("nothing was written\n")
            return ExitCode.usage
        }
        if let long = files.first(where: { $0.name.utf8.count > maxNameBytes }) {
            Terminal.writeError(
                "error: \(TerminalText.escape(path)): the file name '\(TerminalText.escape(long.name))' is longer "
                    + "than \(maxNameBytes) bytes\nnothing was written\n")
            return ExitCode.usage
        }
        switch write(files, into: out) {
        case .failure(let problem):
            Terminal.writeError("error: \(problem.message)\nnothing was written\n")
            return ExitCode.usage
        case .success(let targets):
            for target in targets { Terminal.write("\(TerminalText.escape(target))\n") }
        }
        if files.isEmpty { Terminal.writeError("note: the scenario sends no push\n") }
        for note in notes { Terminal.writeError("note: \(TerminalText.escape(note))\n") }
        return ExitCode.success
    }

    /// Why the files could not be written (the message is escaped already).
    struct WriteProblem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// The longest file name most file systems take (NAME_MAX).
    static let maxNameBytes = 255
    /// How much of a case name goes into its files' names.
    static let maxSlugBytes = 64

    /// Writes every file into a fresh hidden folder inside `out`, then moves each into
    /// `out`: a failed write (a full disk, a name the file system refuses) leaves `out`
    /// as it was, the files it held before the run included (one this run would have
    /// replaced is put back). Returns the paths written, or what went wrong.
    static func write(_ files: [(name: String, text: String)], into out: String) -> Result<[String], WriteProblem> {
        let fm = FileManager.default
        do {
            try fm.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            return .failure(WriteProblem("cannot create '\(TerminalText.escape(out))'"))
        }
        let staging = PathText.join(out, ".scn-apns-\(UUID().uuidString)")
        do {
            try fm.createDirectory(atPath: staging, withIntermediateDirectories: false)
        } catch {
            return .failure(WriteProblem("cannot write in '\(TerminalText.escape(out))'"))
        }
        defer { try? fm.removeItem(atPath: staging) }
        for file in files {
            guard Files.write(file.text, to: PathText.join(staging, file.name)) else {
                let reason = Platform.lastErrorText.map { " (\($0))" } ?? ""
                return .failure(
                    WriteProblem("cannot write '\(TerminalText.escape(PathText.join(out, file.name)))'\(reason)"))
            }
        }
        // A file already in `out` under a name this run writes is first moved aside into the
        // hidden folder, so that a failure puts it back: a run takes back only what it wrote.
        var moved: [(target: String, kept: String?)] = []
        func takeBack() {
            for (target, kept) in moved.reversed() {
                if let kept {
                    _ = Platform.rename(kept, to: target)
                } else {
                    try? fm.removeItem(atPath: target)
                }
            }
        }
        for (index, file) in files.enumerated() {
            let target = PathText.join(out, file.name)
            var kept: String?
            // A folder under the name is not moved (the rename onto it fails, as it should).
            if Platform.isSymbolicLink(target) || (fm.fileExists(atPath: target) && !Files.isFolder(target)) {
                let aside = PathText.join(staging, ".kept-\(index)")
                guard Platform.rename(target, to: aside) else {
                    takeBack()
                    return .failure(WriteProblem("cannot write '\(TerminalText.escape(target))'"))
                }
                kept = aside
            }
            guard Platform.rename(PathText.join(staging, file.name), to: target) else {
                if let kept { _ = Platform.rename(kept, to: target) }
                takeBack()
                return .failure(WriteProblem("cannot write '\(TerminalText.escape(target))'"))
            }
            moved.append((target, kept))
        }
        return .success(moved.map(\.target))
    }

    /// A case's name as the start of a file name: lowercase letters, digits and `-`, at
    /// most ``maxSlugBytes`` long.
    static func slug(_ name: String) -> String {
        var s = ""
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                s.unicodeScalars.append(scalar)
            } else if !s.hasSuffix("-") {
                s += "-"
            }
        }
        if s.utf8.count > maxSlugBytes { s = String(s.prefix(maxSlugBytes)) }
        while s.hasSuffix("-") { s.removeLast() }
        return s.isEmpty ? "case" : s
    }
}
