// KindlyNotificationServiceExtension (docs/KINDLY.md): decrypts with the key it can read,
// applies it, lets the host customize, or delivers the placeholder it was given.
import NotificationCore

extension World {
    /// The extension's `didReceive(request)`: the content it delivers, and whether it changed it.
    mutating func kindlyExtensionDidReceive(_ content: NotificationContent, pushID: String) -> (
        content: NotificationContent, modified: Bool
    ) {
        guard KindlyPayload.isKindly(content.userInfo) else {
            record(.extensionFinished, "\(pushID): not a Kindly notification, passed through unchanged")
            return (content, false)
        }
        switch kindlyDecrypt(content.userInfo, as: .serviceExtension) {
        case .failure(let failure):
            record(.decryption, "\(pushID): the extension cannot decrypt it: \(failure.reason)")
            writeLog("Kindly", "extension cannot decrypt notification \(pushID): \(failure.reason)")
            record(.extensionFinished, "\(pushID): delivers the placeholder")
            return (content, false)
        case .success(let message):
            record(.decryption, "\(pushID) decrypted by the extension")
            var result = KindlyPayload.apply(message, to: content)
            if let customization = kindlyDevice.customization {
                result = customization.apply(to: result)
                record(.host, "customize(content, payload) gives \(result.summary)")
            }
            record(.extensionFinished, "\(pushID): delivers \(result.summary)")
            return (result, true)
        }
    }
}
