import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// docs/EDNA.md, on the world: settings, templates, history, APNs.
@Suite("Edna §4.1 server side")
struct EdnaServerSideTests {
    @Test("Sending must be configured: the default p8, app bundle id, production matches the default app")
    func defaultSettingsDeliver() throws {
        var world = try ednaWorld()
        #expect(
            world.configuration.ednaServer
                == EdnaServerSettings(credential: .p8, bundleID: nil, environment: .production))
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(world.newestPush?.sent == .visible)
        #expect(world.newestDelivered, "\(world.traceTail)")
    }

    @Test(
        "edna server p12 bundle \"id\" environment … matching the app delivers", arguments: [EdnaCredential.p8, .p12])
    func explicitMatchingSettingsDeliver(credential: EdnaCredential) throws {
        var world = try ednaWorld {
            $0.environment = .sandbox
            $0.ednaServer = EdnaServerSettings(
                credential: credential, bundleID: "com.example.app", environment: .sandbox)
        }
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(world.newestDelivered)
        #expect(world.traced("with its \(credential.rawValue) credential for com.example.app (sandbox)"))
    }

    @Test("edna server off: nothing is sent, and the trace says so")
    func serverOff() throws {
        var world = try ednaWorld { $0.ednaServer = nil }
        try world.launch(.background)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(world.newestPush?.sent == nil)
        #expect(!world.newestDelivered)
        #expect(world.newestPush?.reason?.contains("edna server off") == true)
        #expect(world.traced(.pushNotSent))
        #expect(world.banners.isEmpty)
        #expect(world.ednaHistoryTexts == ["Hi"])
    }

    @Test("A token from the other environment is rejected by APNs: sandbox build, production server")
    func sandboxTokenProductionServer() throws {
        var world = try ednaWorld { $0.environment = .sandbox }
        try world.launch(.background)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(world.newestPush?.sent == .visible)
        #expect(!world.newestDelivered)
        #expect(
            world.newestPush?.reason?.contains("sent to the production environment, the token is from sandbox") == true)
        #expect(world.traced("BadDeviceToken"))
        #expect(world.banners.isEmpty)
    }

    @Test("A token from the other environment is rejected by APNs: production build, sandbox server")
    func productionTokenSandboxServer() throws {
        var world = try ednaWorld {
            $0.ednaServer = EdnaServerSettings(credential: .p12, bundleID: "com.example.app", environment: .sandbox)
        }
        try world.launch(.background)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(!world.newestDelivered)
        #expect(
            world.newestPush?.reason?.contains("sent to the sandbox environment, the token is from production") == true)
        #expect(world.traced("BadDeviceToken"))
    }

    @Test("A bundle id that does not match the app's is rejected by APNs")
    func bundleMismatch() throws {
        var world = try ednaWorld {
            $0.ednaServer = EdnaServerSettings(credential: .p8, bundleID: "com.other.app", environment: .production)
        }
        try world.launch(.background)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(!world.newestDelivered)
        #expect(world.traced("DeviceTokenNotForTopic"))
        #expect(world.newestPush?.reason?.contains("com.other.app") == true)
        #expect(world.ednaHistoryTexts == ["Hi"])
    }

    @Test("The server stores every message in the chat history, then renders the push: a server error leaves it stored")
    func storedBeforeRendering() throws {
        var world = try ednaWorld { $0.ednaMessageTemplate = #"{"aps": {"alert": "${title}"}}"# }
        try world.pushEdna(kind: .message, text: "Kept anyway", campaign: nil)
        #expect(world.ednaHistoryTexts == ["Kept anyway"])
        #expect(world.history(chat: "chat-1").first?.messageID == "msg-1")
        let stored = world.trace.firstIndex { $0.text.contains("edna stores msg-1") }
        let failed = world.trace.firstIndex { $0.text.contains("cannot render") }
        #expect((stored ?? .max) < (failed ?? .min))
    }

    @Test("An unknown placeholder is a server error at send time: nothing is sent, the trace says which")
    func unknownPlaceholder() throws {
        var world = try ednaWorld()
        try world.apply(.ednaTemplate(kind: .message, json: #"{"aps": {"alert": "${title}"}, "origin": "threads"}"#))
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(world.newestPush?.sent == nil)
        #expect(world.newestPush?.reason == "server error: the message template: unknown placeholder ${title}")
        #expect(world.logged("unknown placeholder ${title}"))
        #expect(world.banners.isEmpty)
    }

    @Test(
        "A template that does not render to a JSON object is a server error",
        arguments: [
            #"["${id}"]"#, #"{"aps": {"alert": "${shortMessage}""#, #""${shortMessage}""#,
        ])
    func notAnObject(template: String) throws {
        var world = try ednaWorld { $0.ednaCampaignTemplate = template }
        try world.pushEdna(kind: .campaign, text: "Hi", campaign: nil)
        #expect(world.newestPush?.sent == nil)
        #expect(
            world.newestPush?.reason?.hasPrefix("server error: the campaign template: the template does not render to")
                == true)
        #expect(world.ednaHistoryTexts == ["Hi"])
    }

    @Test("Each kind uses its own template")
    func templatePerKind() throws {
        var world = try ednaWorld { $0.ednaCampaignTemplate = #"{"aps": {"alert": "${nope}"}}"# }
        try world.pushEdna(kind: .message, text: "fine", campaign: nil)
        #expect(world.newestDelivered)
        try world.pushEdna(kind: .campaign, text: "broken", campaign: nil)
        #expect(world.newestPush?.sent == nil)
    }

    @Test("The default message template is a correct one")
    func defaultMessagePayload() throws {
        var world = try ednaWorld()
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        let payload = try #require(world.newestPush?.payload)
        #expect(
            payload.serialized
                == #"{"aps":{"alert":"Hi","content-available":1},"origin":"threads","id":"msg-1","clientId":"client-1"}"#
        )
    }

    @Test(
        "The default campaign template is a correct one: massPushMessage and campaign at the top level, campaign-1 by default"
    )
    func defaultCampaignPayload() throws {
        var world = try ednaWorld()
        try world.pushEdna(kind: .campaign, text: "Sale", campaign: nil)
        #expect(
            world.newestPush?.payload?.serialized
                == #"{"aps":{"alert":"Sale","content-available":1},"origin":"threads","id":"msg-1","clientId":"client-1","massPushMessage":true,"campaign":"campaign-1"}"#
        )
        try world.pushEdna(kind: .campaign, text: "Sale", campaign: "spring")
        #expect(world.newestPush?.payload?["campaign"] == "spring")
    }

    @Test("${externalId} is the authorized user")
    func externalID() throws {
        var world = try ednaWorld { $0.ednaMessageTemplate = #"{"aps": {"alert": "${externalId}/${clientId}"}}"# }
        try world.pushEdna(kind: .message, text: "x", campaign: nil)
        #expect(world.newestPush?.payload?["aps"]?["alert"] == "user-1/client-1")
        try world.authorizeEdna(user: "anna")
        try world.pushEdna(kind: .message, text: "x", campaign: nil)
        #expect(world.newestPush?.payload?["aps"]?["alert"] == "anna/client-2")
    }

    @Test("${shortMessage}: a text longer than 100 characters is sent as its first 100 and …")
    func shortMessageInPayload() throws {
        var world = try ednaWorld()
        try world.launch(.background)
        let text = String(repeating: "0123456789", count: 11)
        try world.pushEdna(kind: .message, text: text, campaign: nil)
        #expect(world.newestPush?.payload?["aps"]?["alert"]?.stringValue == String(text.prefix(100)) + "…")
        #expect(world.banners.last?.body == String(text.prefix(100)) + "…")
        #expect(world.ednaHistoryTexts == [text])
    }

    @Test("A text with quotes and backslashes gives valid JSON and arrives as written")
    func textWithQuotes() throws {
        var world = try ednaWorld()
        try world.launch(.background)
        let text = #"She said "hi" \o/"#
        try world.pushEdna(kind: .message, text: text, campaign: nil)
        #expect(world.newestDelivered)
        #expect(world.banners.last?.body == text)
    }

    @Test("A payload over 4096 bytes is rejected by APNs")
    func payloadLimit() throws {
        let padding = String(repeating: "x", count: 4100)
        var world = try ednaWorld {
            $0.ednaMessageTemplate =
                #"{"aps": {"alert": "${shortMessage}"}, "origin": "threads", "pad": "\#(padding)"}"#
        }
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(world.newestPush?.sent == .visible)
        #expect(!world.newestDelivered)
        #expect(world.traced("PayloadTooLarge"))
        #expect(world.ednaHistoryTexts == ["Hi"])
    }

    @Test("The server can push only to a registered token: a fresh install gets nothing")
    func noToken() throws {
        var world = try ednaWorld(fresh: true)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(world.newestPush?.sent == nil)
        #expect(world.newestPush?.reason == "no device token registered with the edna server")
        #expect(world.ednaHistoryTexts == ["Hi"])
    }

    @Test("A template without content-available makes a visible push that never reaches the app")
    func templateWithoutContentAvailable() throws {
        var world = try ednaWorld {
            $0.ednaMessageTemplate = #"{"aps": {"alert": "${shortMessage}"}, "origin": "threads"}"#
        }
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(world.newestPush?.sent == .visible)
        #expect(!world.isChatOpen)
        #expect(!world.traced("didReceiveRemoteNotification"))
    }

    @Test("A template with only content-available makes a silent push")
    func silentTemplate() throws {
        var world = try ednaWorld {
            $0.ednaMessageTemplate =
                #"{"aps": {"content-available": 1}, "origin": "threads", "text": "${shortMessage}"}"#
        }
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(world.newestPush?.sent == .silent)
        #expect(world.isChatOpen)
    }
}
