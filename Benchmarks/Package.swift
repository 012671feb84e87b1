// swift-tools-version:6.0
// Benchmarks for scn, kept out of the main package and its tests (no timing asserts
// there): they report figures.
//
//   cd Benchmarks && swift run -c release scn-bench [LINES]
import PackageDescription

let package = Package(
    name: "scn-bench",
    dependencies: [.package(name: "scn", path: "..")],
    targets: [
        .executableTarget(
            name: "scn-bench",
            dependencies: [
                .product(name: "ScenarioLanguage", package: "scn"),
                .product(name: "ScenarioRuntime", package: "scn"),
                .product(name: "ScenarioTesting", package: "scn"),
            ])
    ]
)
