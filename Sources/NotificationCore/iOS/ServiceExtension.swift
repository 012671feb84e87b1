// The notification service extension: runs for `mutable-content` alerts, takes
// `extension-delay`, and iOS gives up on it at 30 s (SPEC §2.1, §2.3).

/// A push the extension is working on.
struct ExtensionJob: Hashable, Sendable {
    var pushID: String
    /// The content the extension was given (Kindly: the placeholder).
    var content: NotificationContent
}

extension World {
    /// iOS's deadline for a service extension.
    public static let extensionTimeLimit: Int64 = 30_000

    mutating func startExtension(pushID: String, content: NotificationContent) {
        let delay = configuration.extensionDelayMilliseconds
        extensionJobs.append(ExtensionJob(pushID: pushID, content: content))
        record(
            .extensionStarted,
            "\(configuration.serviceExtension.rawValue) extension for \(pushID), takes \(TimeFormat.duration(delay))")
        // Scheduled first, so an extension finishing at exactly 30 s wins over the deadline.
        if delay <= Self.extensionTimeLimit {
            scheduler.schedule(.extensionFinished(pushID: pushID), at: now + delay)
        }
        scheduler.schedule(.extensionExpired(pushID: pushID), at: now + Self.extensionTimeLimit)
    }

    /// The extension calls its content handler.
    mutating func finishExtension(pushID: String) {
        guard let index = extensionJobs.firstIndex(where: { $0.pushID == pushID }) else { return }
        let job = extensionJobs.remove(at: index)
        let result: (content: NotificationContent, modified: Bool)
        switch configuration.serviceExtension {
        case .kindly, .kindlyUndetected:
            result = kindlyExtensionDidReceive(job.content, pushID: pushID)
        case .other, .none:
            record(.extensionFinished, "\(pushID): the other provider's extension passes it through unchanged")
            result = (job.content, false)
        }
        present(
            IncomingNotification(
                pushID: pushID, content: result.content, source: result.modified ? .extension : .system))
    }

    /// 30 s passed (or the device restarted): `serviceExtensionTimeWillExpire`; the extension
    /// delivers the content it was given.
    mutating func expireExtension(pushID: String, reason: String) {
        guard let index = extensionJobs.firstIndex(where: { $0.pushID == pushID }) else { return }
        let job = extensionJobs.remove(at: index)
        scheduler.cancel { $0 == .extensionFinished(pushID: pushID) }
        record(.extensionExpired, "\(pushID): \(reason); serviceExtensionTimeWillExpire delivers the original content")
        present(IncomingNotification(pushID: pushID, content: job.content, source: .system))
    }
}
