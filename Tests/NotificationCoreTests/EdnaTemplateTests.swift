import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

@Suite("Edna templates (docs/EDNA.md)")
struct EdnaTemplateTests {
    let values = EdnaTemplateValues(
        id: "msg-7", externalId: "user-1", text: "Hello", clientId: "client-1", campaign: "spring")

    func values(text: String) -> EdnaTemplateValues {
        var values = values
        values.text = text
        return values
    }

    @Test(
        "The default message template: aps with string alert and content-available, origin, id, clientId at the top level"
    )
    func defaultMessageTemplate() throws {
        let payload = try EdnaTemplate.standard(.message).render(values)
        #expect(payload["aps"]?["alert"] == .string("Hello"))
        #expect(payload["aps"]?["content-available"] == .integer(1))
        #expect(payload["origin"] == .string("threads"))
        #expect(payload["id"] == .string("msg-7"))
        #expect(payload["clientId"] == .string("client-1"))
        #expect(payload["massPushMessage"] == nil)
        #expect(payload["campaign"] == nil)
        #expect(payload["aps"]?["origin"] == nil)
    }

    @Test("The default campaign template also has massPushMessage: true and campaign at the top level")
    func defaultCampaignTemplate() throws {
        let payload = try EdnaTemplate.standard(.campaign).render(values)
        #expect(payload["aps"]?["alert"] == .string("Hello"))
        #expect(payload["aps"]?["content-available"] == .integer(1))
        #expect(payload["origin"] == .string("threads"))
        #expect(payload["id"] == .string("msg-7"))
        #expect(payload["clientId"] == .string("client-1"))
        #expect(payload["massPushMessage"] == .bool(true))
        #expect(payload["campaign"] == .string("spring"))
    }

    @Test("Every placeholder: ${id}, ${externalId}, ${shortMessage}, ${clientId}, ${campaign}")
    func everyPlaceholder() throws {
        let template = EdnaTemplate(
            #"{"i": "${id}", "e": "${externalId}", "s": "${shortMessage}", "c": "${clientId}", "k": "${campaign}"}"#)
        let payload = try template.render(values)
        #expect(
            payload
                == .object([
                    "i": .string("msg-7"), "e": .string("user-1"), "s": .string("Hello"), "c": .string("client-1"),
                    "k": .string("spring"),
                ]))
    }

    @Test("${shortMessage}: 100 characters stay whole")
    func shortMessageAtTheLimit() {
        let text = String(repeating: "a", count: 100)
        #expect(EdnaTemplate.shortMessage(text) == text)
    }

    @Test("${shortMessage}: longer than 100 characters is the first 100 and …")
    func shortMessagePastTheLimit() {
        let text = String(repeating: "a", count: 100) + "bc"
        #expect(EdnaTemplate.shortMessage(text) == String(repeating: "a", count: 100) + "…")
    }

    @Test("${shortMessage} counts characters as the user sees them, not bytes")
    func shortMessageCountsCharacters() {
        let text = String(repeating: "👩‍👩‍👧", count: 101)
        let short = EdnaTemplate.shortMessage(text)
        #expect(short == String(repeating: "👩‍👩‍👧", count: 100) + "…")
    }

    @Test("A text with quotes, backslashes and newlines still gives valid JSON and arrives as written")
    func textNeedingEscapes() throws {
        let text = "She said \"hi\" \\ then\nleft\t\u{01}"
        let payload = try EdnaTemplate.standard(.message).render(values(text: text))
        #expect(payload["aps"]?["alert"] == .string(text))
    }

    @Test("A text cannot add members to the payload")
    func injectionIsInert() throws {
        let text = #"x", "origin": "evil"#
        let template = EdnaTemplate(#"{"aps": {"alert": "${shortMessage}"}, "origin": "threads"}"#)
        let payload = try template.render(values(text: text))
        #expect(payload["aps"]?["alert"] == .string(text))
        #expect(payload["origin"] == .string("threads"))
    }

    @Test("A placeholder inside part of a string is escaped into it")
    func placeholderInsidePartOfAString() throws {
        let template = EdnaTemplate(#"{"alert": "Re: ${shortMessage} (${id})"}"#)
        let payload = try template.render(values(text: #"a "b""#))
        #expect(payload["alert"] == .string(#"Re: a "b" (msg-7)"#))
    }

    @Test("A placeholder outside a string becomes a JSON string")
    func placeholderOutsideAString() throws {
        let template = EdnaTemplate(#"{"id": ${id}, "alert": ${shortMessage}}"#)
        let payload = try template.render(values(text: "say \"x\""))
        #expect(payload["id"] == .string("msg-7"))
        #expect(payload["alert"] == .string("say \"x\""))
    }

    @Test("A placeholder in a key is substituted too")
    func placeholderInAKey() throws {
        let payload = try EdnaTemplate(#"{"${campaign}": 1}"#).render(values)
        #expect(payload["spring"] == .integer(1))
    }

    @Test("An escaped quote before a placeholder keeps it inside the string")
    func escapedQuoteBeforePlaceholder() throws {
        let payload = try EdnaTemplate(#"{"a": "\"${id}\""}"#).render(values)
        #expect(payload["a"] == .string("\"msg-7\""))
    }

    @Test("A lone $ and text that only looks like a placeholder are left alone")
    func dollarWithoutBrace() throws {
        let payload = try EdnaTemplate(#"{"a": "$5 $id {id}"}"#).render(values)
        #expect(payload["a"] == .string("$5 $id {id}"))
    }

    @Test("An unknown placeholder is a server error")
    func unknownPlaceholder() {
        #expect(throws: EdnaTemplateError.unknownPlaceholder("title")) {
            try EdnaTemplate(#"{"a": "${title}"}"#).render(values)
        }
    }

    @Test(
        "A malformed placeholder is a server error",
        arguments: [#"{"a": "${id"}"#, #"{"a": "${}"}"#, #"{"a": "${a b}"}"#, "{} ${"])
    func malformedPlaceholder(text: String) {
        #expect(throws: EdnaTemplateError.malformedPlaceholder) { try EdnaTemplate(text).render(values) }
    }

    @Test("A template that is not JSON is a server error")
    func notJSON() {
        #expect {
            try EdnaTemplate(#"{"aps": {"alert": "${shortMessage}"}"#).render(values)
        } throws: { error in
            if case .invalidJSON? = error as? EdnaTemplateError { true } else { false }
        }
    }

    @Test(
        "A template that renders to JSON but not an object is a server error",
        arguments: [
            #"["${id}"]"#, #""${shortMessage}""#, "${id}", "42", "null",
        ])
    func notAnObject(text: String) {
        #expect(throws: EdnaTemplateError.notAnObject) { try EdnaTemplate(text).render(values) }
    }

    @Test("Errors say which")
    func errorDescriptions() {
        #expect(EdnaTemplateError.unknownPlaceholder("title").description.contains("${title}"))
        #expect(EdnaTemplateError.notAnObject.description.contains("object"))
    }
}
