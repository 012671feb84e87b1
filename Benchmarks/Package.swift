// swift-tools-version:6.0
// Benchmarks for scn, kept out of the main package and its tests (no timing asserts
// there): they report figures. docs/PERFORMANCE.md says what each one measures.
//
//   cd Benchmarks && swift run -c release scn-bench [--json] [--quick]
//   cd Benchmarks && swift run -c release explore-bench [--depth N]
import PackageDescription

let package = Package(
    name: "scn-bench",
    dependencies: [.package(name: "scn", path: "..")],
    targets: [
        .executableTarget(
            name: "scn-bench",
            dependencies: [
                .product(name: "NotificationCore", package: "scn"),
                .product(name: "Kindly", package: "scn"),
                .product(name: "ScenarioLanguage", package: "scn"),
                .product(name: "ScenarioRuntime", package: "scn"),
                .product(name: "StandardVocabulary", package: "scn"),
                .product(name: "ScenarioTesting", package: "scn"),
                // built beside scn-bench, so that start-up is measured on the real tool
                .product(name: "scn", package: "scn"),
                "hello",
            ]),
        // scn explore's speed: depth 5 over the default Kindly alphabet (docs/EXPLORE.md)
        .executableTarget(
            name: "explore-bench",
            dependencies: [
                .product(name: "ScenarioExploration", package: "scn"),
                .product(name: "ScenarioLanguage", package: "scn"),
                .product(name: "ScenarioRuntime", package: "scn"),
                .product(name: "StandardVocabulary", package: "scn"),
            ]),
        // The start-up anchor: a Swift + Foundation hello world, built as the tool is.
        .executableTarget(name: "hello"),
    ]
)
