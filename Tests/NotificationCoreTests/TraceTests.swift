import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

@Suite("The trace as pieces, and how much of it a world keeps")
struct TraceTests {
    @Test("a text made of pieces reads as the string interpolation would")
    func piecesReadAsInterpolation() {
        let id = "p1"
        let size = 398
        let text: TraceText = "\(id) (app \(AppState.background.rawValue)) \(size) bytes\(later: { ": later" })"
        #expect(text.text == "p1 (app background) 398 bytes: later")
        #expect(TraceText("plain").text == "plain")
        let literal: TraceText = "no pieces"
        #expect(literal.text == "no pieces")
    }

    @Test("events are equal by their time, kind and text, whatever pieces make the text")
    func equalByText() {
        let a = TraceEvent(time: 5, kind: .app, message: "\("back")ground")
        let b = TraceEvent(time: 5, kind: .app, text: "background")
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != TraceEvent(time: 6, kind: .app, text: "background"))
        #expect(a.line == "[   0.005s] app: background")
    }

    @Test("the install line is written when read, and reads as before")
    func installLine() throws {
        let world = try kindlyWorld(.kindly)
        #expect(world.trace.first?.line == "[   0.000s] install: kindly 3.0.12, extension kindly")
    }

    @Test("keeping the newest events bounds the trace and the log, and still counts every one")
    func keepingNewest() throws {
        var whole = try kindlyWorld(.kindly)
        var newest = whole
        newest.keeping = .newest(12)
        for _ in 0..<200 {
            try whole.launch(.background)
            try whole.launch(.foreground)
            try newest.launch(.background)
            try newest.launch(.foreground)
        }
        #expect(newest.trace.count >= 12 && newest.trace.count < 2 * 12 + 16)
        #expect(newest.traceCount == whole.traceCount)
        #expect(newest.droppedEvents + newest.trace.count == whole.trace.count)
        #expect(Array(whole.trace.suffix(12)) == Array(newest.trace.suffix(12)))
        #expect(newest.formatTrace().hasSuffix(whole.formatTrace(from: whole.trace.count - 12)))
        #expect(whole.droppedEvents == 0)
    }
}
