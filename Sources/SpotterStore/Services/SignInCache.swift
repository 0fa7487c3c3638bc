import Foundation
import SpotterCore
import Synchronization

/// Who a bearer token or a session cookie belongs to, remembered for a few
/// seconds so the requests of a workout do not each look it up again.
///
/// Everything this process changes is forgotten at once: a revoked token, an ended
/// session, new settings, a new password. `lifetime` bounds how long a change
/// made elsewhere (the CLI's password reset, a second server on the same
/// PostgreSQL database) can go unseen.
final class SignInCache<Value: Sendable>: Sendable {
    struct Entry: Sendable {
        var value: Value
        var userID: UUID
        var credentialID: UUID
        var cachedAt: Date
    }

    static var lifetime: TimeInterval { 10 }
    /// Past this many entries the cache starts over, so it stays small.
    static var capacity: Int { 10_000 }

    private let entries = Mutex<[String: Entry]>([:])

    init() {}

    /// The remembered entry for a secret's hash, unless it is older than `lifetime`.
    func entry(for key: String, now: Date) -> Entry? {
        entries.withLock { entries in
            guard let entry = entries[key] else { return nil }
            guard now.timeIntervalSince(entry.cachedAt) < Self.lifetime, entry.cachedAt <= now else {
                entries[key] = nil
                return nil
            }
            return entry
        }
    }

    func remember(_ entry: Entry, for key: String) {
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll() }
            entries[key] = entry
        }
    }

    func forget(userID: UUID) {
        entries.withLock { $0 = $0.filter { $0.value.userID != userID } }
    }

    func forget(credentialID: UUID) {
        entries.withLock { $0 = $0.filter { $0.value.credentialID != credentialID } }
    }
}
