import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// The install line and bug reports name every setting that differs from the default
/// install, spelled as a scenario writes it (trace and log, §2.5).
@Suite("Configuration differences")
struct ConfigurationDifferencesTests {
    @Test("every core Configuration property is spelled, so none can hide from the install line")
    func everyFieldIsSpelled() {
        // The SDK and its version lead the install line; the SDK's own settings are its plug-in's.
        let fields = Set(Mirror(reflecting: Configuration()).children.compactMap(\.label))
            .subtracting(["sdk", "sdkVersion", "sdkSettings"])
        // Each core spelling covers one property (own-presents and posts-local share `host`),
        // but `host` has three: `host registers every-launch` written in a chat SDK's app, and
        // `host reports-open`, are spellings of their own so that the host block's lines (whose
        // count varies with `own-completes`) stay as they were.
        #expect(Configuration.spellings.count == fields.count + 2, "add a spelling for each of \(fields.sorted())")
    }

    @Test("every Kindly and edna setting is spelled in its plug-in's slots")
    func pluginSpellings() {
        #expect(KindlyPlugin.spellings.count == 6)
        #expect(EdnaPlugin.spellings.count == 5)
        var kindly = Configuration()
        kindly.sdk = .kindly
        kindly.kindly.shouldHandle = .reject
        kindly.kindly.server.collapseID = .message
        #expect(
            kindly.differences(
                from: {
                    var c = Configuration()
                    c.sdk = .kindly
                    return c
                }()) == [
                    "should-handle false", "kindly server collapse-id message",
                ])
    }

    @Test("the default install differs in nothing; its install line says so")
    func defaultInstall() throws {
        #expect(kindlyConfiguration().differences().isEmpty)
        var edna = Configuration()
        edna.sdk = .edna
        edna.sdkVersion = [5, 0]
        #expect(edna.differences().isEmpty, "edna's default delegate is none: no difference")
        let world = try World(configuration: kindlyConfiguration())
        #expect(world.trace.first?.text == "kindly 3.0.12 (the default install)")
        let none = try World(configuration: Configuration())
        #expect(none.trace.first?.text == "none (the default install)", "sdk none: an app with no chat SDK")
    }

    @Test("runtime settings given before the first action are named, in the reference's order")
    func runtimeSettingsAreNamed() throws {
        var c = kindlyConfiguration()
        c.serviceExtension = .kindly
        c.delegateAssignment = .atStart
        c.shouldHandle = .reject
        c.openOnTap = false
        c.kindlyHost = .manual
        c.delegate = .own
        c.extensionDelayMilliseconds = 31_000
        c.silentBudget = SilentBudget(count: 2, windowMilliseconds: 3_600_000)
        c.bundleID = "com.other.app"
        #expect(
            c.differences() == [
                "extension kindly", "app bundle \"com.other.app\"", "host kindly manual", "delegate own",
                "should-handle false", "open-on-tap false", "extension-delay 31s", "delegate-assigned at-start",
                "silent-budget 2 per 1h",
            ])
        c.delegate = .kindly
        #expect(!c.differences().contains { $0.hasPrefix("delegate ") }, "kindly is Kindly's default delegate")
        let world = try World(configuration: c)
        #expect(world.trace.first?.kind == .install)
        #expect(world.trace.first?.text.hasPrefix("kindly 3.0.12, extension kindly, app bundle") == true)
    }

    @Test("a log line is also a trace event: log: <writer>: <line>")
    func logLinesAreTraceEvents() throws {
        var world = try World(configuration: Configuration())
        let before = world.trace.count
        world.writeLog("Kindly", "tap dropped after 61s")
        #expect(world.trace.count == before + 1)
        #expect(world.trace.last?.line.hasSuffix("log: Kindly: tap dropped after 61s") == true)
        #expect(world.log.last?.text == "tap dropped after 61s")
    }
}
