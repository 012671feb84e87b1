// swift-tools-version:6.0
import PackageDescription

// A host package that embeds scn: a command and an expectation of its own, run from a
// string, as Swift Testing cases, and as the host's own `scn` tool.
let package = Package(
    name: "BadgeHost",
    platforms: [.macOS(.v15)],  // as scn's own
    dependencies: [.package(name: "scn", path: "..")],
    targets: [
        .target(name: "BadgeVocabulary", dependencies: [.product(name: "ScenarioRuntime", package: "scn")]),
        .executableTarget(name: "run-string", dependencies: [.product(name: "ScenarioRuntime", package: "scn")]),
        .executableTarget(
            name: "badge-scn", dependencies: ["BadgeVocabulary", .product(name: "ScenarioTool", package: "scn")]),
        .testTarget(
            name: "BadgeScenariosTests",
            dependencies: ["BadgeVocabulary", .product(name: "ScenarioSwiftTesting", package: "scn")]),
    ]
)
