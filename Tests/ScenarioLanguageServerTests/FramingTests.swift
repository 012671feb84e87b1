import ScenarioLanguageServer
import Testing

/// The base protocol's framing: `Content-Length` headers, bodies in any pieces, and
/// headers that cannot be read reported once and skipped.
@Suite("LSP framing")
struct FramingTests {
    func frames(_ input: String, maxBody: Int = 1 << 20) -> [MessageFramer.Frame] {
        var framer = MessageFramer(maxBodyBytes: maxBody)
        framer.append(Array(input.utf8))
        var out: [MessageFramer.Frame] = []
        while let frame = framer.next() { out.append(frame) }
        return out
    }

    @Test("two messages in one read")
    func twoMessages() {
        #expect(
            frames("Content-Length: 2\r\n\r\n{}Content-Length: 4\r\n\r\nnull") == [
                .message(Array("{}".utf8)), .message(Array("null".utf8)),
            ])
    }

    @Test("a message delivered one byte at a time")
    func byteByByte() {
        var framer = MessageFramer()
        var out: [MessageFramer.Frame] = []
        for byte in "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 3\r\n\r\n[1]".utf8 {
            framer.append([byte])
            while let frame = framer.next() { out.append(frame) }
        }
        #expect(out == [.message(Array("[1]".utf8))])
    }

    @Test("the length counts bytes, not characters")
    func lengthInBytes() {
        #expect(frames("Content-Length: 6\r\n\r\n\"😀\"") == [.message(Array("\"😀\"".utf8))])
    }

    @Test("a header block without Content-Length is refused, and the next message still read")
    func missingLength() {
        let out = frames("Content-Type: x\r\n\r\nContent-Length: 2\r\n\r\n{}")
        #expect(out == [.invalid("no Content-Length header"), .message(Array("{}".utf8))])
    }

    @Test("a Content-Length that is not a number is refused")
    func badLength() {
        #expect(frames("Content-Length: -3\r\n\r\n") == [.invalid("Content-Length is not a number: '-3'")])
        #expect(frames("Content-Length: 99999999999999999999999\r\n\r\n").count == 1)
    }

    @Test("a body over the limit is skipped without being kept")
    func bodyTooLarge() {
        let out = frames("Content-Length: 10\r\n\r\n0123456789Content-Length: 2\r\n\r\n{}", maxBody: 5)
        #expect(out.count == 2)
        #expect(out.last == .message(Array("{}".utf8)))
    }

    @Test("an endless header is cut off")
    func endlessHeader() {
        let out = frames(String(repeating: "x", count: 20_000))
        #expect(out.count == 1)
    }

    @Test("an incomplete body waits for more")
    func incompleteBody() {
        #expect(frames("Content-Length: 10\r\n\r\n{}").isEmpty)
    }

    @Test("frame writes the header")
    func frame() {
        #expect(MessageFramer.frame(Array("{}".utf8)) == Array("Content-Length: 2\r\n\r\n{}".utf8))
    }
}
