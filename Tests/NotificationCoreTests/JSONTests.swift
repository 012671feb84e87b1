import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

@Suite("JSON")
struct JSONTests {
    @Test("objects keep their order and serialise compactly")
    func orderAndSerialisation() throws {
        let value = try JSONValue(parsing: #" { "b" : 1, "a" : [true, false, null], "c": {"z": "x", "y": -2.5} } "#)
        #expect(value.serialized == #"{"b":1,"a":[true,false,null],"c":{"z":"x","y":-2.5}}"#)
        #expect(value.members?.map(\.key) == ["b", "a", "c"])
        #expect(value["c"]?["z"]?.stringValue == "x")
    }

    @Test("parse and serialise round-trip")
    func roundTrip() throws {
        let texts = [
            #"{"aps":{"alert":"Hi","content-available":1},"n":1.5e+20,"s":"line\nbreak \"quoted\" \\ tab\t"}"#,
            #"[1,-0,0.25,"é","😀",{}]"#, #""\u0001""#,
        ]
        for text in texts {
            let value = try JSONValue(parsing: text)
            #expect(try JSONValue(parsing: value.serialized) == value)
        }
    }

    @Test("escapes decode, including surrogate pairs")
    func escapes() throws {
        #expect(try JSONValue(parsing: #""\u00e9\ud83d\ude00\/""#).stringValue == "é😀/")
    }

    @Test("serialising escapes exactly what JSON needs, and the two JavaScript line separators")
    func serialisedEscapes() {
        let text = "a\"b\\c\nd\re\tf\u{08}g\u{0C}h\u{01}i\u{1F}j\u{2028}k\u{2029}lé😀\u{2027}"
        #expect(
            JSONValue.string(text).serialized
                == "\"a\\\"b\\\\c\\nd\\re\\tf\\bg\\fh\\u0001i\\u001fj\\u2028k\\u2029lé😀\u{2027}\"")
        #expect(JSONValue.string("").serialized == "\"\"")
        #expect(JSONValue.string("\u{2028}").serialized == "\"\\u2028\"")
    }

    @Test("invariant 1's byte search finds a ciphertext anywhere in a banner's text")
    func byteSearch() {
        #expect("New message: wC3ti/3I".containsBytes(of: "wC3ti/3I"))
        #expect("wC3ti/3".containsBytes(of: "wC3ti/3I") == false)
        #expect("ééwC3".containsBytes(of: "wC3"))
        #expect("abc".containsBytes(of: ""))
        #expect("aab".containsBytes(of: "ab"))
        #expect("".containsBytes(of: "a") == false)
    }

    @Test("byte count is UTF-8 bytes of the compact form")
    func byteCount() throws {
        #expect(JSONValue.object(["a": "é"]).byteCount == #"{"a":"é"}"#.utf8.count)
        #expect(JSONValue.string("é").byteCount == 4)
    }

    @Test("the counted byte count is the written text's, escapes and all")
    func byteCountMatchesText() throws {
        let values: [JSONValue] = [
            .string("a\"b\\c\nd\re\tf\u{08}g\u{0B}h\u{0C}i\u{01}j\u{1F}k\u{2028}l\u{2029}mé😀\u{2027}\u{E2}"),
            .string(""), .string("\u{2028}"), .string("x\u{2029}"), .null, true, false, -12, 0, 9, 10, -9, -10, 99, 100,
            .integer(.max), .integer(.min), 1.5e+20, -0.25,
            [], [1, [2, ["three"]], nil], [:], ["k\n\"ey": ["\u{00}": [true, nil]], "": -9_223_372_036_854_775_807],
            try JSONValue(parsing: #"{"aps":{"alert":{"title":"T","body":"B"},"mutable-content":1},"x":[1.5,"é"]}"#),
        ]
        for value in values {
            #expect(value.byteCount == value.serialized.utf8.count, "\(value.serialized)")
        }
    }

    @Test(
        "strict: rejects what RFC 8259 does not allow",
        arguments: [
            "", "{", "[1,]", #"{"a":1,}"#, "01", "1.", ".5", "+1", "-", "1e", "tru", "nul", #"{"a" 1}"#, #"{a:1}"#,
            "'x'", #""\x""#, #""\ud800""#, "\"a\u{01}\"", "[1] 2", #"{"a":1,"a":2}"#, "1e999", "NaN",
        ])
    func rejects(text: String) {
        #expect(throws: JSONError.self) { try JSONValue(parsing: text) }
    }

    @Test("deep nesting is an error, not a crash")
    func depth() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONError.self) { try JSONValue(parsing: deep) }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect((try? JSONValue(parsing: fine)) != nil)
    }

    @Test("integers stay integers, others are doubles")
    func numbers() throws {
        #expect(try JSONValue(parsing: "42").kind == .integer(42))
        #expect(try JSONValue(parsing: "1.0").kind == .double(1.0))
        #expect(try JSONValue(parsing: "1.0").integerValue == 1)
        #expect(try JSONValue(parsing: "99999999999999999999").kind == .double(1e20))
    }

    @Test("editing: setting and removing keys")
    func editing() {
        let value: JSONValue = ["a": 1, "b": 2]
        #expect(value.setting("a", to: 3).serialized == #"{"a":3,"b":2}"#)
        #expect(value.setting("c", to: 3).serialized == #"{"a":1,"b":2,"c":3}"#)
        #expect(value.removing("a").serialized == #"{"b":2}"#)
    }
}
