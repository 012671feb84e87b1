// docs/CORE.md: checked after every step. A violation is a bug in the core.

/// A message a server stored, as the ledger of invariant 3 remembers it.
struct StoredMessage: Hashable, Sendable {
    var chatID: String
    /// Where the message went in the chat's history.
    var position: Int
    var entry: HistoryEntry
}

/// How far the invariants have been checked, so each step checks only what it changed.
struct InvariantProgress: Hashable, Sendable {
    /// Banners with a sequence number up to this one have been checked (invariant 1).
    var checkedBanners = 0
    /// Pushes that got a banner since the last check (invariant 2).
    var touchedPushes: [String] = []
    /// Stored messages up to this index have been checked (invariant 3).
    var checkedMessages = 0
}

extension World {
    /// Checks the three invariants; throws on the first violation (and traces it).
    mutating func checkInvariants() throws(CoreError) {
        if let violation = findViolation() {
            record(.invariant, "\(violation.name): \(violation.detail)")
            throw .invariant(name: violation.name, detail: violation.detail)
        }
    }

    private mutating func findViolation() -> (name: String, detail: String)? {
        defer {
            invariantProgress.checkedBanners = bannerCount
            invariantProgress.touchedPushes.removeAll()
            invariantProgress.checkedMessages = storedMessages.count
        }
        // 1. No banner made from an encrypted server push shows ciphertext.
        for banner in banners.reversed() {
            guard banner.sequence > invariantProgress.checkedBanners else { break }
            guard let push = pushRecord(banner.pushID), !push.ciphertexts.isEmpty else { continue }
            for secret in push.ciphertexts where !secret.isEmpty {
                guard banner.title?.containsBytes(of: secret) == true || banner.body?.containsBytes(of: secret) == true
                else { continue }
                // A ciphertext that is also part of a sealed value (a title "Sg==") is the
                // message itself, not a leak.
                if push.plaintexts.contains(where: { $0.contains(secret) }) { continue }
                return (
                    "1 no ciphertext in a banner",
                    "\(banner.id) from \(banner.pushID) shows the ciphertext \(secret)"
                )
            }
        }
        // 2. One push produces at most one banner.
        for pushID in invariantProgress.touchedPushes {
            let count = bannersPerPush[pushID, default: 0]
            if count > 1 {
                return ("2 one banner per push", "\(pushID) produced \(count) banners")
            }
        }
        // 3. Every message a server stored is in that chat's history, and a chat's history
        // holds only what was stored in it. Checked for the messages stored since the last
        // check (a history changes only when a message is stored in it): each is at its
        // place, and each chat's history ends with the newest one stored there.
        var newest: Set<String> = []
        for stored in storedMessages[invariantProgress.checkedMessages...].reversed() {
            let entries = history(chat: stored.chatID)
            guard stored.position < entries.count, entries[stored.position] == stored.entry else {
                return (
                    "3 stored messages are in the history",
                    "\"\(stored.entry.text)\" is missing from \(stored.chatID)'s history"
                )
            }
            if newest.insert(stored.chatID).inserted, entries.count != stored.position + 1 {
                return (
                    "3 stored messages are in the history",
                    "\(stored.chatID)'s history holds \(entries.count) messages, the servers stored \(stored.position + 1)"
                )
            }
        }
        return nil
    }

    /// The record of push `p<N>`.
    public func pushRecord(_ id: String) -> PushRecord? {
        guard id.hasPrefix("p"), let number = Int(id.dropFirst()), number >= 1, number <= pushes.count else {
            return nil
        }
        return pushes[number - 1]
    }
}

extension String {
    /// Whether `needle`'s UTF-8 bytes occur in this string's: a byte search, without the
    /// character-by-character comparison of `contains` (a ciphertext is ASCII, and any
    /// occurrence of its bytes is a leak).
    func containsBytes(of needle: String) -> Bool {
        var haystack = self
        var needle = needle
        return haystack.withUTF8 { text in
            needle.withUTF8 { pattern in
                guard let first = pattern.first else { return true }
                guard pattern.count <= text.count else { return false }
                var index = 0
                let last = text.count - pattern.count
                while index <= last {
                    if text[index] == first {
                        var offset = 1
                        while offset < pattern.count, text[index + offset] == pattern[offset] { offset += 1 }
                        if offset == pattern.count { return true }
                    }
                    index += 1
                }
                return false
            }
        }
    }
}
