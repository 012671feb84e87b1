// swift-tools-version:6.0
// Fuzz targets for scn, kept out of the main package: they need libFuzzer's own `main`.
//
//   cd Fuzz
//   swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//   .build/release/FuzzLanguage -max_total_time=60 corpus/
import PackageDescription

let package = Package(
    name: "scn-fuzz",
    dependencies: [.package(name: "scn", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzLanguage",
            dependencies: [
                .product(name: "ScenarioLanguage", package: "scn"),
                .product(name: "ScenarioRuntime", package: "scn"),
            ])
    ]
)
