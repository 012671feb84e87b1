// swift-tools-version:6.0
import PackageDescription

// A host package that embeds scn: a command and an expectation of its own, and an SDK of its
// own (Acme), run from a string, as Swift Testing cases, and as the host's own `scn` tool.
let package = Package(
    name: "BadgeHost",
    platforms: [.macOS(.v15)],  // as scn's own
    dependencies: [.package(name: "scn", path: "..")],
    targets: [
        .target(
            name: "BadgeVocabulary",
            dependencies: [
                .product(name: "ScenarioRuntime", package: "scn"),
                .product(name: "StandardVocabulary", package: "scn"),
            ]),
        // An SDK of the host's own, as a plug-in: its model and its vocabulary.
        .target(
            name: "AcmeSDK",
            dependencies: [
                .product(name: "NotificationCore", package: "scn"), .product(name: "ScenarioRuntime", package: "scn"),
                .product(name: "ScenarioLanguage", package: "scn"),
                .product(name: "StandardVocabulary", package: "scn"),
            ]),
        .executableTarget(
            name: "run-string",
            dependencies: [
                .product(name: "ScenarioRuntime", package: "scn"),
                .product(name: "StandardVocabulary", package: "scn"),
            ]),
        .executableTarget(
            name: "badge-scn",
            dependencies: ["BadgeVocabulary", "AcmeSDK", .product(name: "ScenarioTool", package: "scn")]),
        .testTarget(
            name: "BadgeScenariosTests",
            dependencies: ["BadgeVocabulary", .product(name: "ScenarioSwiftTesting", package: "scn")]),
        .testTarget(
            name: "AcmeSDKTests",
            dependencies: [
                "AcmeSDK", .product(name: "NotificationCore", package: "scn"),
                .product(name: "ScenarioRuntime", package: "scn"),
            ]),
    ]
)
