// Power deferral (`power-deferral on`, off by default; docs/PROVIDER.md): while the device is
// locked, APNs holds priority-5 pushes and delivers them in send order at `unlock` or just
// before the next priority-10 push; priority-1 pushes wait for `unlock`. Held pushes are not
// coalesced; their expiration applies. Apple says priority 5 and 1 let the device take power
// into account ("Sending notification requests to APNs") and the Console names the state
// (Stored – Power Considerations); the rule itself Apple does not state: modelled.

extension World {
    /// Whether APNs holds the push at `index` for power reasons now; a priority-10 push first
    /// releases the priority-5 pushes held before it.
    mutating func powerDefers(_ index: Int, headers: APNsHeaders) -> Bool {
        guard configuration.apns.powerDeferral, deviceLock != .unlocked else { return false }
        if headers.priority == .immediate {
            releaseDeferred(onlyPriority5: true, reason: "before a priority-10 push")
            return false
        }
        let id = pushes[index].id
        guard headers.expirationMilliseconds > 0 else {
            setDeliveryState(index, .expired)
            pushes[index].reason = "expired: expiration 0 and APNs would hold it for power reasons"
            record(.dropped, "\(id): expired: expiration 0 and the device is locked (power-deferral on); APNs does not hold it")
            return true
        }
        providerSide.deferred.append(index)
        setDeliveryState(index, .storedPowerConsiderations)
        pushes[index].delivered = false
        pushes[index].reason = "APNs holds it for power reasons: the device is locked (power-deferral on)"
        let (deadline, overflow) = now.addingReportingOverflow(headers.expirationMilliseconds)
        scheduler.schedule(.powerHoldExpired(pushID: id), at: overflow ? Self.latestTime : min(deadline, Self.latestTime))
        record(
            .server,
            TraceText(
                "APNs holds \(id) for power reasons (priority \(headers.priority), the device is locked, power-deferral on) until "
                    + (headers.priority == .low ? "unlock" : "unlock or the next priority-10 push")))
        return true
    }

    /// APNs delivers what it held for power reasons, in send order: everything at unlock,
    /// only the priority-5 pushes before a priority-10 one.
    mutating func releaseDeferred(onlyPriority5: Bool, reason: String) {
        guard !providerSide.deferred.isEmpty else { return }
        var kept: [Int] = []
        var released: [Int] = []
        for index in providerSide.deferred {
            if onlyPriority5 && pushes[index].headers?.priority != .normal { kept.append(index) } else { released.append(index) }
        }
        providerSide.deferred = kept
        for index in released {
            let id = pushes[index].id
            scheduler.cancel { $0 == .powerHoldExpired(pushID: id) }
            record(.device, "APNs delivers \(id), held for power reasons, \(reason)")
            if network.online {
                deviceReceive(index, fromStorage: true)
            } else {
                apnsHold(index, expiration: pushes[index].headers?.expirationMilliseconds ?? 0)
            }
        }
    }

    /// A push held for power reasons expired before APNs delivered it.
    mutating func powerHoldExpires(pushID: String) {
        guard let position = providerSide.deferred.firstIndex(where: { pushes[$0].id == pushID }) else { return }
        let index = providerSide.deferred.remove(at: position)
        setDeliveryState(index, .expired)
        pushes[index].reason = "expired: its expiration passed while APNs held it for power reasons"
        record(.dropped, "\(pushID): expired: its expiration passed while APNs held it for power reasons")
    }
}
