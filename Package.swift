// swift-tools-version:6.2
import PackageDescription

// The arrows run one way:
//   scn → ScenarioTool → { ScenarioTesting, ScenarioExploration } → StandardVocabulary
//   StandardVocabulary → { Kindly, Edna } → ScenarioRuntime → { ScenarioLanguage, NotificationCore }
// The language and the notification core never import each other; the runtime's
// vocabulary is the only place where they meet. The notification core knows no SDK: each
// SDK is a plug-in (its model and its vocabulary) in Sources/SDKs/, and StandardVocabulary
// registers the built-in ones.

// Concrete generic types' metadata through their accessors, not by mangled name: a mangled
// name is demangled at run time and its conformances looked up by scanning every loaded
// image's conformance records (docs/PERFORMANCE.md, start-up). Release builds only: the
// code is the same, and debug builds stay as they were.
let metadataAccessors: [SwiftSetting] = [
    .unsafeFlags(
        ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))
]

let package = Package(
    name: "scn",
    // macOS 15: the Synchronization module's Mutex, which the test runner and the core use.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "scn", targets: ["scn"]),
        .library(name: "ScenarioLanguage", targets: ["ScenarioLanguage"]),
        .library(name: "NotificationCore", targets: ["NotificationCore"]),
        .library(name: "ScenarioRuntime", targets: ["ScenarioRuntime"]),
        .library(name: "Kindly", targets: ["Kindly"]),
        .library(name: "Edna", targets: ["Edna"]),
        .library(name: "StandardVocabulary", targets: ["StandardVocabulary"]),
        .library(name: "ScenarioTesting", targets: ["ScenarioTesting"]),
        .library(name: "ScenarioExploration", targets: ["ScenarioExploration"]),
        .library(name: "ScenarioTool", targets: ["ScenarioTool"]),
        .library(name: "ScenarioLanguageServer", targets: ["ScenarioLanguageServer"]),
        .library(name: "ScenarioSwiftTesting", targets: ["ScenarioSwiftTesting"]),
        .library(name: "CommandLineKit", targets: ["CommandLineKit"]),
        .plugin(name: "ScnPlugin", targets: ["ScnPlugin"]),
    ],
    targets: [
        // libcrypto, on Linux only (Debian: libssl-dev). On macOS the core uses Apple's
        // CryptoKit instead, so a Mac needs nothing but Xcode (NotificationCore/Crypto/). The
        // line-editing library is not linked: the REPL loads GNU readline, or libedit, when it
        // starts (ScenarioTool's Readline.swift), so no other command pays for binding it.
        .systemLibrary(
            name: "CCrypto", path: "Sources/CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),

        // text → tokens → tree → checked tree
        .target(name: "ScenarioLanguage", swiftSettings: metadataAccessors),
        // iOS, APNs and the host app, as a value with a virtual clock; SDKs plug in
        .target(
            name: "NotificationCore", dependencies: [.target(name: "CCrypto", condition: .when(platforms: [.linux]))],
            swiftSettings: metadataAccessors),
        // checked tree → effects on the world
        .target(
            name: "ScenarioRuntime", dependencies: ["ScenarioLanguage", "NotificationCore"],
            swiftSettings: metadataAccessors),
        // the chat SDKs as plug-ins: each its model and its vocabulary
        .target(
            name: "Kindly", dependencies: ["NotificationCore", "ScenarioRuntime", "ScenarioLanguage"],
            path: "Sources/SDKs/Kindly", swiftSettings: metadataAccessors),
        .target(
            name: "Edna", dependencies: ["NotificationCore", "ScenarioRuntime", "ScenarioLanguage"],
            path: "Sources/SDKs/Edna", swiftSettings: metadataAccessors),
        // the core's vocabulary and every built-in SDK's, registered together
        .target(
            name: "StandardVocabulary",
            dependencies: ["ScenarioRuntime", "ScenarioLanguage", "NotificationCore", "Kindly", "Edna"],
            swiftSettings: metadataAccessors),
        // command lines declared once: parsing, --help, the man page, shell completion
        .target(name: "CommandLineKit", dependencies: ["ScenarioLanguage"], swiftSettings: metadataAccessors),
        // folders of scenarios as a test suite, and its reports
        .target(
            name: "ScenarioTesting",
            dependencies: [
                "ScenarioRuntime", "StandardVocabulary", "ScenarioLanguage", "NotificationCore", "CommandLineKit",
            ],
            swiftSettings: metadataAccessors),
        // a folder of scenarios as Swift Testing cases, for `swift test` in any package
        .target(
            name: "ScenarioSwiftTesting", dependencies: ["ScenarioTesting", "ScenarioRuntime", "StandardVocabulary"]),
        // breadth-first search over step sequences for violated properties (`scn explore`)
        .target(
            name: "ScenarioExploration", dependencies: ["ScenarioRuntime", "ScenarioLanguage", "NotificationCore"],
            swiftSettings: metadataAccessors),
        // the language server (`scn lsp`): protocol and framing, and handlers that call the language
        .target(name: "ScenarioLanguageServer", dependencies: ["ScenarioLanguage"], swiftSettings: metadataAccessors),
        // the command-line tool as a library: every subcommand and the REPL
        .target(
            name: "ScenarioTool",
            dependencies: [
                "ScenarioTesting", "ScenarioExploration", "ScenarioRuntime", "StandardVocabulary", "ScenarioLanguage",
                "ScenarioLanguageServer", "CommandLineKit",
            ],
            swiftSettings: metadataAccessors),
        // the `scn` executable: one call into ScenarioTool
        .executableTarget(name: "scn", dependencies: ["ScenarioTool"], swiftSettings: metadataAccessors),
        // `swift package scn test Scenarios` in a package that depends on scn: the tool, built
        // by SwiftPM, run with the arguments as given (Plugins/ScnPlugin)
        .plugin(
            name: "ScnPlugin",
            capability: .command(
                intent: .custom(
                    verb: "scn",
                    description: "Run the scn tool: scn test Scenarios, scn run FILE, scn repro FILE, …"),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "scn writes the reports and files you name: --junit, --html, --out, fmt -w")
                ]),
            dependencies: ["scn"]),

        .testTarget(name: "ScenarioLanguageTests", dependencies: ["ScenarioLanguage"], resources: [.copy("Data")]),
        .testTarget(name: "NotificationCoreTests", dependencies: ["NotificationCore", "Kindly", "Edna"]),
        .testTarget(
            name: "ScenarioRuntimeTests", dependencies: ["ScenarioRuntime", "StandardVocabulary", "Kindly", "Edna"]),
        .testTarget(
            name: "ScenarioTestingTests", dependencies: ["ScenarioTesting", "CommandLineKit", "NotificationCore"]),
        .testTarget(
            name: "ScenarioExplorationTests", dependencies: ["ScenarioExploration", "StandardVocabulary"],
            exclude: ["Reports"]),
        .testTarget(
            name: "ScenariosTests", dependencies: ["ScenarioSwiftTesting", "ScenarioTesting"], exclude: ["Fixtures"]),
        .testTarget(
            name: "ScenarioLanguageServerTests",
            dependencies: ["ScenarioLanguageServer", "ScenarioRuntime", "StandardVocabulary"]),
        .testTarget(name: "scnTests", dependencies: ["scn", "ScenarioTool", "CommandLineKit", "StandardVocabulary"]),
    ]
)
