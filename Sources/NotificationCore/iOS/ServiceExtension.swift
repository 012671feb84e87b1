// The notification service extension: runs for `mutable-content` alerts, takes
// `extension-delay`, and iOS gives up on it at 30 s (docs/CORE.md).

/// A push the extension is working on.
struct ExtensionJob: Hashable, Sendable {
    var pushID: String
    /// The content the extension was given (Kindly: the placeholder).
    var content: NotificationContent
    /// How the extension's process dies before it delivers, if it does.
    var fault: ExtensionFault = .none
    /// Where it stands among the jobs, in the order they started.
    var order: Int = 0
    /// The scheduled events that end it: the extension finishing (none when it takes longer
    /// than iOS allows), and iOS's deadline; the one that comes first cancels the other.
    var finishing: Int64?
    var deadline: Int64 = 0
}

extension World {
    /// iOS's deadline for a service extension.
    public static let extensionTimeLimit: Int64 = 30_000

    mutating func startExtension(pushID: String, content: NotificationContent) {
        let delay = configuration.extensionDelayMilliseconds
        var job = ExtensionJob(
            pushID: pushID, content: content, fault: configuration.extensionFault, order: extensionStarts)
        extensionStarts += 1
        record(
            .extensionStarted,
            "\(configuration.serviceExtension.word(for: configuration.sdk)) extension for \(pushID), takes \(TimeFormat.duration(delay))"
        )
        // Scheduled first, so an extension finishing at exactly 30 s wins over the deadline.
        if delay <= Self.extensionTimeLimit {
            job.finishing = scheduler.schedule(.extensionFinished(pushID: pushID), at: now + delay)
        }
        job.deadline = scheduler.schedule(.extensionExpired(pushID: pushID), at: now + Self.extensionTimeLimit)
        extensionJobs[pushID] = job
    }

    /// The extensions at work, in the order they started.
    var extensionJobsInOrder: [ExtensionJob] { extensionJobs.values.sorted { $0.order < $1.order } }

    /// The extension calls its content handler.
    mutating func finishExtension(pushID: String) {
        guard let job = extensionJobs.removeValue(forKey: pushID) else { return }
        scheduler.cancel(sequence: job.deadline)
        if job.fault != .none {
            let why =
                job.fault == .memory
                ? "memory limit (iOS's limit for a service extension is about 24 MB)" : "the extension crashed"
            record(
                .extensionKilled,
                "\(pushID): extension killed: \(why); iOS shows the original content (serviceExtensionTimeWillExpire is not called)"
            )
            writeLog(
                "iOS", "service extension for \(pushID) killed: \(job.fault == .memory ? "memory limit" : "crash")")
            present(IncomingNotification(pushID: pushID, content: job.content, source: .system))
            return
        }
        if configuration.extensionRemovesDelivered, let removal = Removal.of(job.content.userInfo) {
            removeDelivered(removal, by: "the extension", for: pushID)
            if configuration.entitlements.contains(.filtering) {
                record(
                    .extensionFinished,
                    "\(pushID): the extension delivers empty content: nothing is shown (entitlement filtering)")
                return
            }
            record(
                .extensionFinished,
                "\(pushID): the extension delivers empty content, but without the filtering entitlement iOS shows the original content"
            )
            present(IncomingNotification(pushID: pushID, content: job.content, source: .system))
            return
        }
        var result: (content: NotificationContent, modified: Bool)
        switch configuration.serviceExtension {
        case .sdk:
            result = plugin.extensionDidReceive(&self, job.content, pushID: pushID)
        case .other, .none:
            record(.extensionFinished, "\(pushID): the other provider's extension passes it through unchanged")
            result = (job.content, false)
        }
        if configuration.extensionIncrementsBadge {
            extensionIncrementsBadge(&result.content, pushID: pushID)
            result.modified = true
        }
        present(
            IncomingNotification(
                pushID: pushID, content: result.content, source: result.modified ? .extension : .system))
    }

    /// 30 s passed (or the device restarted): `serviceExtensionTimeWillExpire`; the extension
    /// delivers the content it was given.
    mutating func expireExtension(pushID: String, reason: String) {
        guard let job = extensionJobs.removeValue(forKey: pushID) else { return }
        if let finishing = job.finishing { scheduler.cancel(sequence: finishing) }
        record(.extensionExpired, "\(pushID): \(reason); serviceExtensionTimeWillExpire delivers the original content")
        present(IncomingNotification(pushID: pushID, content: job.content, source: .system))
    }
}
