import Foundation
import SpotterCore
import Synchronization

/// Who a bearer token or a session cookie belongs to, remembered for a few
/// seconds so the requests of a workout do not each look it up again.
///
/// Everything this process changes is forgotten at once: a revoked token, an ended
/// session, new settings, a new password. `lifetime` bounds how long a change
/// made elsewhere can go unseen: on PostgreSQL other processes announce their
/// changes (`SpotterStore.signInChanged`, LISTEN/NOTIFY), so the lifetime matters
/// only while that connection is down, or for the CLI beside a SQLite server.
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

    private struct State: Sendable {
        var entries: [String: Entry] = [:]
        /// Counts the forgets, so that a lookup that raced one is not remembered.
        var generation = 0
    }

    private let state = Mutex(State())

    init() {}

    /// Taken before reading the database; `remember` stores nothing if anything
    /// was forgotten since, so an ended session can never come back from a read
    /// that started before it ended.
    func ticket() -> Int {
        state.withLock { $0.generation }
    }

    /// The remembered entry for a secret's hash, unless it is older than `lifetime`.
    func entry(for key: String, now: Date) -> Entry? {
        state.withLock { state in
            guard let entry = state.entries[key] else {
                StoreMetrics.signInMisses.increment()
                return nil
            }
            guard now.timeIntervalSince(entry.cachedAt) < Self.lifetime, entry.cachedAt <= now else {
                state.entries[key] = nil
                StoreMetrics.signInMisses.increment()
                return nil
            }
            StoreMetrics.signInHits.increment()
            return entry
        }
    }

    func remember(_ entry: Entry, for key: String, ticket: Int) {
        state.withLock { state in
            guard state.generation == ticket else { return }
            if state.entries.count >= Self.capacity { state.entries.removeAll() }
            state.entries[key] = entry
        }
    }

    func forget(userID: UUID) {
        state.withLock { state in
            state.generation += 1
            state.entries = state.entries.filter { $0.value.userID != userID }
        }
    }

    func forgetAll() {
        state.withLock { state in
            state.generation += 1
            state.entries.removeAll()
        }
    }

    func forget(credentialID: UUID) {
        state.withLock { state in
            state.generation += 1
            state.entries = state.entries.filter { $0.value.credentialID != credentialID }
        }
    }
}
