import Testing

@testable import NotificationCore

/// The install line and bug reports name every setting that differs from the default
/// install, spelled as a scenario writes it (trace and log, §2.5).
@Suite("Configuration differences")
struct ConfigurationDifferencesTests {
    @Test("every Configuration property is spelled, so none can hide from the install line")
    func everyFieldIsSpelled() {
        let fields = Set(Mirror(reflecting: Configuration()).children.compactMap(\.label))
        let spelled = Set(Configuration.spellings.flatMap(\.fields)).union(Configuration.fieldsSpelledElsewhere)
        #expect(fields.subtracting(spelled).isEmpty, "add a spelling for: \(fields.subtracting(spelled).sorted())")
        #expect(spelled.subtracting(fields).isEmpty, "no such property: \(spelled.subtracting(fields).sorted())")
    }

    @Test("the default install differs in nothing; its install line says so")
    func defaultInstall() throws {
        #expect(Configuration().differences().isEmpty)
        var edna = Configuration()
        edna.sdk = .edna
        edna.sdkVersion = [5, 0]
        #expect(edna.differences().isEmpty, "edna's default delegate is none: no difference")
        let world = try World(configuration: Configuration())
        #expect(world.trace.first?.text == "kindly 3.0.12 (the default install)")
    }

    @Test("runtime settings given before the first action are named, in the reference's order")
    func runtimeSettingsAreNamed() throws {
        var c = Configuration()
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
