// swift-tools-version:6.0
// Fuzz targets for scn, kept out of the main package: they need libFuzzer's own `main`.
//
//   cd Fuzz
//   swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//   .build/release/FuzzLanguage -max_total_time=60 corpus/
//   .build/release/FuzzRuntime -dict=scn.dict -max_total_time=60 corpus/
//   .build/release/FuzzLanguageServer -max_total_time=60 corpus/   (seeds: Seeds/lsp)
//   .build/release/FuzzArguments -max_total_time=60 corpus/        (seeds: Seeds/arguments)
//   .build/release/FuzzProperties -dict=scn.dict -max_total_time=60 corpus/   (seeds: Seeds/properties)
//   .build/release/FuzzExplore -dict=scn.dict -max_total_time=60 corpus/      (seeds: Seeds/explore)
//   .build/release/FuzzRepl -dict=scn.dict -max_total_time=60 corpus/         (seeds: Seeds/repl)
//   .build/release/FuzzShard -max_total_time=60 corpus/                       (seeds: Seeds/shard)
import PackageDescription

let package = Package(
    name: "scn-fuzz",
    dependencies: [.package(name: "scn", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "FuzzLanguage",
            dependencies: [
                "FuzzDriver",
                .product(name: "ScenarioLanguage", package: "scn"),
                .product(name: "ScenarioRuntime", package: "scn"),
                .product(name: "StandardVocabulary", package: "scn"),
            ]),
        .executableTarget(
            name: "FuzzRuntime",
            dependencies: [
                "FuzzDriver",
                .product(name: "ScenarioLanguage", package: "scn"),
                .product(name: "ScenarioRuntime", package: "scn"),
                .product(name: "StandardVocabulary", package: "scn"),
            ]),
        .executableTarget(
            name: "FuzzLanguageServer",
            dependencies: [
                "FuzzDriver",
                .product(name: "ScenarioLanguageServer", package: "scn"),
                .product(name: "ScenarioRuntime", package: "scn"),
                .product(name: "StandardVocabulary", package: "scn"),
            ]),
        .executableTarget(
            name: "FuzzArguments",
            dependencies: [
                "FuzzDriver",
                .product(name: "CommandLineKit", package: "scn"),
                .product(name: "ScenarioLanguage", package: "scn"),
                .product(name: "ScenarioTesting", package: "scn"),
            ]),
        .executableTarget(
            name: "FuzzProperties",
            dependencies: [
                "FuzzDriver",
                .product(name: "ScenarioLanguage", package: "scn"),
                .product(name: "ScenarioRuntime", package: "scn"),
                .product(name: "StandardVocabulary", package: "scn"),
            ]),
        .executableTarget(
            name: "FuzzExplore",
            dependencies: [
                "FuzzDriver",
                .product(name: "ScenarioExploration", package: "scn"),
                .product(name: "ScenarioLanguage", package: "scn"),
                .product(name: "ScenarioRuntime", package: "scn"),
                .product(name: "StandardVocabulary", package: "scn"),
            ]),
        .executableTarget(
            name: "FuzzRepl",
            dependencies: [
                "FuzzDriver",
                .product(name: "ScenarioTool", package: "scn"),
            ]),
        .executableTarget(
            name: "FuzzShard",
            dependencies: ["FuzzDriver", .product(name: "ScenarioExploration", package: "scn")]),
    ]
)
