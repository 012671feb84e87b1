import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

@Suite("Edna SDK (docs/EDNA.md)")
struct EdnaSDKTests {
    let token = "0123abcd"

    func payload(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }

    var messagePush: JSONValue {
        get throws {
            try payload(
                #"{"aps": {"alert": "Hi", "content-available": 1}, "origin": "threads", "id": "msg-1", "clientId": "client-1"}"#
            )
        }
    }
    var campaignPush: JSONValue {
        get throws {
            try payload(
                #"{"aps": {"alert": "Spring sale", "content-available": 1}, "origin": "threads", "id": "msg-1", "clientId": "client-1", "massPushMessage": true, "campaign": "spring"}"#
            )
        }
    }

    @Test("setDeviceToken before the SDK instance exists: the token is kept and used once it does")
    func tokenBeforeInstance() {
        var sdk = EdnaSDK()
        #expect(sdk.setDeviceToken(token) == nil)
        #expect(sdk.keptToken == token)
        #expect(sdk.authorize(user: "user-1") == token)
        #expect(sdk.keptToken == nil)
        #expect(sdk.setDeviceToken(token) == token)
    }

    @Test("isChatCenterNotification: true when origin is threads at the top level")
    func isChatCenterNotification() throws {
        #expect(EdnaSDK.isChatCenterNotification(try messagePush))
        #expect(!EdnaSDK.isChatCenterNotification(try payload(#"{"aps": {"alert": "x", "origin": "threads"}}"#)))
        #expect(!EdnaSDK.isChatCenterNotification(try payload(#"{"data": {"origin": "threads"}}"#)))
        #expect(!EdnaSDK.isChatCenterNotification(try payload(#"{"origin": "braze"}"#)))
        #expect(!EdnaSDK.isChatCenterNotification(try payload(#"{"aps": {"alert": "Promo"}}"#)))
        #expect(!EdnaSDK.isChatCenterNotification(JSONValue.object([JSONMember]())))
    }

    @Test("authorize is needed before getChat and is lost when the process dies")
    func authorizeLostWithProcess() throws {
        var sdk = EdnaSDK()
        #expect(throws: EdnaError.userNotAuthorized) { try sdk.getChat(userInfo: try messagePush) }
        _ = sdk.authorize(user: "user-1")
        #expect(try sdk.getChat(userInfo: try messagePush) == EdnaChat(context: .message))
        sdk = EdnaSDK()  // the process died
        #expect(throws: EdnaError.userNotAuthorized) { try sdk.getChat(userInfo: try messagePush) }
    }

    @Test("handleNotification: chat screen not shown → throws chatNotOpened")
    func handleChatNotShown() throws {
        #expect(throws: EdnaError.chatNotOpened) {
            try EdnaSDK().handleNotification(userInfo: try messagePush, chatShown: false)
        }
        #expect(throws: EdnaError.chatNotOpened) {
            try EdnaSDK().handleNotification(userInfo: JSONValue.object([JSONMember]()), chatShown: false)
        }
    }

    @Test("handleNotification: chat screen shown, userInfo not empty → returns, does nothing")
    func handleChatShownNotEmpty() throws {
        var sdk = EdnaSDK()
        _ = sdk.authorize(user: "user-1")
        let before = sdk
        try sdk.handleNotification(userInfo: try campaignPush, chatShown: true)
        #expect(sdk == before)
        #expect(sdk.quote == nil)
    }

    @Test("handleNotification: chat screen shown, userInfo empty → throws chatNotOpened")
    func handleChatShownEmpty() {
        #expect(throws: EdnaError.chatNotOpened) {
            try EdnaSDK().handleNotification(userInfo: JSONValue.object([JSONMember]()), chatShown: true)
        }
    }

    @Test("getChat with a standard message push: the chat just opens")
    func getChatMessage() throws {
        var sdk = EdnaSDK()
        _ = sdk.authorize(user: "user-1")
        #expect(try sdk.getChat(userInfo: try messagePush).context == .message)
        #expect(sdk.quote == nil)
        #expect(sdk.send(text: "ok") == EdnaSentMessage(text: "ok", campaign: nil))
    }

    @Test("getChat with no userInfo opens the chat with no context")
    func getChatNone() throws {
        var sdk = EdnaSDK()
        _ = sdk.authorize(user: "user-1")
        #expect(try sdk.getChat(userInfo: nil).context == .none)
    }

    @Test(
        "getChat with a campaign push: the quote is the alert text as sent, the next sent message is bound to the campaign"
    )
    func getChatCampaign() throws {
        var sdk = EdnaSDK()
        _ = sdk.authorize(user: "user-1")
        let chat = try sdk.getChat(userInfo: try campaignPush)
        #expect(chat.context == .campaign(id: "spring", quote: "Spring sale"))
        #expect(sdk.quote == "Spring sale")
        #expect(sdk.send(text: "Tell me more") == EdnaSentMessage(text: "Tell me more", campaign: "spring"))
        #expect(sdk.quote == nil)
        #expect(sdk.send(text: "again") == EdnaSentMessage(text: "again", campaign: nil))
    }

    @Test("The quote is the alert as sent: a shortened text keeps its …")
    func quoteIsTheAlertAsSent() throws {
        var sdk = EdnaSDK()
        _ = sdk.authorize(user: "user-1")
        let long = String(repeating: "x", count: 120)
        let values = EdnaTemplateValues(
            id: "msg-1", externalId: "user-1", text: long, clientId: "client-1", campaign: "c")
        _ = try sdk.getChat(userInfo: try EdnaTemplate.standard(.campaign).render(values))
        #expect(sdk.quote == String(repeating: "x", count: 100) + "…")
    }

    @Test("Troubleshooting: campaign fields under data are not seen, no quote")
    func campaignFieldsUnderData() throws {
        var sdk = EdnaSDK()
        _ = sdk.authorize(user: "user-1")
        let push = try payload(
            #"{"aps": {"alert": "Spring sale", "content-available": 1}, "origin": "threads", "data": {"massPushMessage": true, "campaign": "spring"}}"#
        )
        #expect(try sdk.getChat(userInfo: push).context == .message)
        #expect(sdk.quote == nil)
        #expect(sdk.send(text: "hi").campaign == nil)
    }

    @Test("A campaign needs massPushMessage: true and a campaign id, both at the top level of an edna push")
    func campaignNeedsBothFields() throws {
        #expect(EdnaChatContext(userInfo: try payload(#"{"origin": "threads", "massPushMessage": true}"#)) == .message)
        #expect(EdnaChatContext(userInfo: try payload(#"{"origin": "threads", "campaign": "c"}"#)) == .message)
        #expect(
            EdnaChatContext(
                userInfo: try payload(#"{"origin": "threads", "massPushMessage": "true", "campaign": "c"}"#))
                == .message)
        #expect(
            EdnaChatContext(userInfo: try payload(#"{"origin": "threads", "massPushMessage": true, "campaign": 42}"#))
                == .campaign(id: "42", quote: nil))
        #expect(
            EdnaChatContext(
                userInfo: try payload(
                    #"{"aps": {"alert": {"title": "T", "body": "B"}}, "origin": "threads", "massPushMessage": true, "campaign": "c"}"#
                ))
                == .campaign(id: "c", quote: "B"))
    }

    @Test("Another provider's push gives no context, even with campaign fields at the top level")
    func otherProviderNoContext() throws {
        #expect(
            EdnaChatContext(
                userInfo: try payload(#"{"aps": {"alert": "x"}, "massPushMessage": true, "campaign": "c"}"#)) == .none)
    }

    @Test("A standard push after a campaign leaves the quote in the input field")
    func standardPushKeepsQuote() throws {
        var sdk = EdnaSDK()
        _ = sdk.authorize(user: "user-1")
        _ = try sdk.getChat(userInfo: try campaignPush)
        _ = try sdk.getChat(userInfo: try messagePush)
        #expect(sdk.quote == "Spring sale")
        #expect(sdk.campaign == "spring")
    }

    @Test("Another provider's push is left alone: not edna's, no quote, no binding")
    func otherProvidersPush() throws {
        var sdk = EdnaSDK()
        _ = sdk.authorize(user: "user-1")
        let other = try payload(#"{"aps": {"alert": {"title": "Promo", "body": "50% off"}}, "ab": {"campaign": "x"}}"#)
        #expect(!EdnaSDK.isChatCenterNotification(other))
        #expect(try sdk.getChat(userInfo: other).context == .none)
        #expect(sdk.quote == nil)
    }
}
