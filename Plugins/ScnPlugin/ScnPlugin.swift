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
/// With no arguments it prints its usage and the tool's. The command fails when the tool
/// does: `swift package` exits 1 and says the tool's own exit code (1 a case failed, 2 usage
/// or check error, 3 internal error: docs/TOOL.md).
///
/// The plugin declares that it writes in the package (`--junit FILE`, `--html FILE`, `--out
/// DIR`, `fmt -w`): SwiftPM asks once in a terminal, and in CI is told with
/// `--allow-writing-to-package-directory` (before `scn`).
///
/// In Xcode (an app project, File › Packages or the project's context menu), the same plugin
/// runs `scn test Scenarios` in the project's folder, or the arguments given.
@main
struct ScnPlugin: CommandPlugin {
    static let usage = """
        usage: swift package [--allow-writing-to-package-directory] scn [--tool PRODUCT] COMMAND [ARGUMENTS…]
          runs the scn tool of the scn package this package depends on (or the executable
          PRODUCT of this package), in the package's folder; e.g. swift package scn test Scenarios

        """

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var arguments = arguments
        if arguments.isEmpty {
            print(Self.usage)
            arguments = ["help"]
        }
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
        try Self.run(executable, arguments, in: context.package.directoryURL, shown: shown)
    }

    /// Runs the tool to its end in `folder`; its failure is the plugin's, with the tool's code.
    static func run(_ executable: URL, _ arguments: [String], in folder: URL, shown: String) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        let status = process.terminationStatus
        guard process.terminationReason == .exit, status == 0 else {
            // SwiftPM turns any failure of a plugin into exit code 1; the message keeps the tool's.
            Diagnostics.error("\(shown) \(arguments.first ?? "") exited with code \(status)")
            exit(process.terminationReason == .exit ? status : 3)
        }
    }

    fileprivate func fail(_ message: String) -> Never {
        Diagnostics.error(message)
        exit(2)
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// Xcode: an app project that adds scn as a package runs the plugin from the project's
    /// context menu; with no arguments it runs the project folder's `Scenarios`. Xcode only
    /// (no machine of ours builds it: the module exists in Xcode alone).
    extension ScnPlugin: XcodeCommandPlugin {
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            let tool = try context.tool(named: "scn")
            try Self.run(
                tool.url, arguments.isEmpty ? ["test", "Scenarios"] : arguments,
                in: context.xcodeProject.directoryURL, shown: "scn")
        }
    }
#endif
