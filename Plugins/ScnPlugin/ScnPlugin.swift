import Foundation
import PackagePlugin

/// `swift package scn ARGUMENTS…`: runs the `scn` tool of the scn package this package
/// depends on, built by SwiftPM for the occasion, with the arguments as they are, in the
/// package's folder — every subcommand, with nothing to install:
///
///     swift package scn test Scenarios
///     swift package scn run Scenarios/tap.scn --trace
///
/// The tool's exit code is the command's: 0 passed, 1 a case failed, 2 usage or check
/// error (docs/TOOL.md). On macOS, SwiftPM runs a plugin in a sandbox that may not write in
/// the package: `--disable-sandbox` (before `scn`) lets `--junit`, `--html` and `repro -o`
/// write their files.
@main
struct ScnPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "scn")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        let status = process.terminationStatus
        guard process.terminationReason == .exit, status == 0 else {
            // The plugin's own exit code is the tool's, so a script sees 1 for a failed case.
            Diagnostics.error("scn \(arguments.first ?? "") exited with code \(status)")
            exit(process.terminationReason == .exit ? status : 3)
        }
    }
}
