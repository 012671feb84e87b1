import Foundation
@testable import NotificationCore
import Testing

/// The core knows no SDK: it calls the hooks of the plug-in the app integrates.
@Suite("The plug-in boundary")
struct PluginBoundaryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("the core's sources name no SDK outside comments")
    func coreNamesNoSDK() throws {
        let core = Self.root.appendingPathComponent("Sources/NotificationCore")
        let files = try #require(FileManager.default.enumerator(at: core, includingPropertiesForKeys: nil))
        var found: [String] = []
        var count = 0
        for case let url as URL in files where url.pathExtension == "swift" {
            count += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                let beforeComment = code.components(separatedBy: " // ").first ?? code
                let lower = beforeComment.lowercased()
                if lower.contains("kindly") || lower.contains("edna") {
                    found.append("\(url.lastPathComponent):\(n + 1): \(code)")
                }
            }
        }
        #expect(count > 20)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("the core's manifest entry depends on no SDK target")
    func manifest() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        // The target's entry, over as many lines as it takes: up to the next entry of the
        // list (a line that starts with `.` at the entry's indentation) or comment.
        let start = try #require(manifest.firstMatch(of: #/\.target\(\s*name: "NotificationCore"/#))
        let rest = manifest[start.range.upperBound...]
        let end = rest.firstMatch(of: #/\n        [.\/]/#)?.range.lowerBound ?? rest.endIndex
        let entry = manifest[start.range.lowerBound..<end]
        #expect(!entry.contains("Kindly") && !entry.contains("Edna"), "\(entry)")
    }

    @Test("sdk none: an app with no chat SDK registers, gets the app's pushes, and its delegate gets the tap")
    func noSDK() throws {
        var world = try World(configuration: Configuration())
        #expect(world.configuration.sdk == .noSDK)
        #expect(world.configuration.effectiveDelegate == .own)
        try world.launch(.background)
        try world.pushApp(.visible, title: "Anna", body: "Hi")
        #expect(world.banners.last?.title == "Anna")
        try world.tap(.newest)
        #expect(world.appState == .foreground)
        #expect(world.trace.contains { $0.text == "own delegate handles the tap on p1" })
        #expect(throws: CoreError.self) { try world.pushApp(.visible) }
    }
}
