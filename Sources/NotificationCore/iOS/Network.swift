// The device's connection, and what APNs does while the device cannot be reached: it stores
// one push per app — the newest — until the push expires (Apple, "Sending notification
// requests to APNs": APNs stores only one notification per app and discards older ones;
// `apns-expiration` 0 means deliver now or never).

/// The device's network and the push APNs holds for the app meanwhile.
struct Network: Hashable, Sendable {
    var online = true
    /// The index in ``World/pushes`` of the push APNs stores for the app; nil: none.
    var held: Int?
}

extension World {
    /// Whether the device is reachable.
    public var isOnline: Bool { network.online }

    /// `network offline` / `network online`: the device loses or regains its connection; on
    /// reconnecting, the push APNs stored, if any, is delivered now.
    public mutating func setNetwork(online: Bool) throws(CoreError) {
        beginStep("network \(online ? "online" : "offline")")
        if network.online == online {
            record(.device, "network already \(online ? "online" : "offline")")
        } else if !online {
            network.online = false
            record(.device, "network offline: APNs cannot reach the device")
        } else {
            network.online = true
            if let index = network.held {
                network.held = nil
                scheduler.cancel { $0 == .apnsExpired(pushID: pushes[index].id) }
                record(
                    .device, "network online: APNs delivers \(pushes[index].id), stored while the device was offline")
                deviceReceive(index, fromStorage: true)
            } else {
                record(.device, "network online: APNs holds no push for the app")
            }
        }
        try endStep()
    }

    /// APNs cannot reach the device: it stores the push (discarding the one it held), or with
    /// expiration 0 discards it.
    mutating func apnsHold(_ index: Int, expiration: Int64) {
        let id = pushes[index].id
        pushes[index].delivered = false
        guard expiration > 0 else {
            setDeliveryState(index, .expired)
            pushes[index].reason = "expired: expiration 0 and the device is offline, APNs does not store it"
            record(.dropped, "\(id): expired: expiration 0 and the device is offline; APNs does not store it")
            writeLog("APNs", "\(id) expired: the device is offline and the push has expiration 0")
            return
        }
        if let earlier = network.held {
            let earlierID = pushes[earlier].id
            pushes[earlier].reason =
                "coalesced: APNs keeps one push per app while the device is offline (replaced by \(id))"
            scheduler.cancel { $0 == .apnsExpired(pushID: earlierID) }
            record(
                .dropped,
                "\(earlierID): coalesced: APNs keeps one push per app while the device is offline; replaced by \(id)")
            writeLog("APNs", "\(earlierID) coalesced: only the newest push is stored for the offline device")
        }
        network.held = index
        setDeliveryState(index, .storedDeviceOffline)
        pushes[index].reason = "APNs holds it: the device is offline"
        let (deadline, overflow) = now.addingReportingOverflow(expiration)
        let expiresAt = overflow ? Self.latestTime : min(deadline, Self.latestTime)
        scheduler.schedule(.apnsExpired(pushID: id), at: expiresAt)
        record(
            .server,
            "APNs stores \(id) for the offline device until \(TimeFormat.timestamp(expiresAt)) (expiration \(TimeFormat.duration(expiration)))"
        )
    }

    /// The stored push's expiration passed: APNs discards it.
    mutating func apnsExpire(pushID: String) {
        guard let index = network.held, pushes[index].id == pushID else { return }
        network.held = nil
        setDeliveryState(index, .expired)
        pushes[index].reason = "expired: its expiration passed while the device was offline"
        record(.dropped, "\(pushID): expired: its expiration passed while the device was offline; APNs discards it")
        writeLog("APNs", "\(pushID) expired before the device came back online")
    }
}
