import Foundation
import PackagePlugin

/// `swift package scn ARGUMENTS…`: runs the `scn` tool of the scn package this package
/// depends on, built by SwiftPM for the occasion, with the arguments as they are, in the
/// package's folder — every subcommand, with nothing to install:
///
///     swift package scn test Scenarios
///     swift package scn run Scenarios/tap.scn --trace
///
/// A package with its own tool (`ScenarioTool.main(arguments, vocabulary:)` with commands of
/// its own) names that executable product first, and it is built and run instead:
///
///     swift package scn --tool badge-scn test Scenarios
///
/// The command fails when the tool does: `swift package` exits 1 and says the tool's own exit
/// code (1 a case failed, 2 usage or check error, 3 internal error: docs/TOOL.md). On macOS, SwiftPM runs a plugin in a sandbox that may not write in
/// the package: `--disable-sandbox` (before `scn`) lets `--junit FILE`, `--html FILE` and
/// `--out DIR` write there.
@main
struct ScnPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var arguments = arguments
        let executable: URL
        var shown = "scn"
        if arguments.first == "--tool" || arguments.first?.hasPrefix("--tool=") == true {
            let name: String
            if let inline = arguments[0].split(separator: "=", maxSplits: 1).dropFirst().first {
                name = String(inline)
                arguments.removeFirst()
            } else {
                guard arguments.count > 1 else { fail("--tool needs the name of an executable product") }
                name = arguments[1]
                arguments.removeFirst(2)
            }
            let built = try packageManager.build(.product(name), parameters: .init(configuration: .debug))
            guard built.succeeded else {
                Diagnostics.error(built.logText)
                fail("cannot build the product '\(name)'")
            }
            guard let tool = built.builtArtifacts.first(where: { $0.kind == .executable }) else {
                fail("the product '\(name)' is not an executable")
            }
            executable = tool.url
            shown = name
        } else {
            executable = try context.tool(named: "scn").url
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        let status = process.terminationStatus
        guard process.terminationReason == .exit, status == 0 else {
            // SwiftPM turns any failure of a plugin into exit code 1; the message keeps the tool's.
            Diagnostics.error("\(shown) \(arguments.first ?? "") exited with code \(status)")
            exit(process.terminationReason == .exit ? status : 3)
        }
    }

    private func fail(_ message: String) -> Never {
        Diagnostics.error(message)
        exit(2)
    }
}
