import Foundation

/// Limits repeated failed logins. After `maxFailures` failures for one key (a user
/// name, or a client address) within `window`, further attempts are refused until
/// the oldest failure leaves the window. Pure: the caller passes the time in.
public struct LoginThrottle: Sendable, Equatable {
    public var maxFailures: Int
    public var window: TimeInterval
    private var failures: [String: [Date]] = [:]

    public init(maxFailures: Int = 5, window: TimeInterval = 15 * 60) {
        self.maxFailures = maxFailures
        self.window = window
    }

    /// Seconds to wait before the next attempt for any of these keys, or nil when allowed.
    public mutating func retryAfter(keys: [String], now: Date) -> Int? {
        var longest: TimeInterval = 0
        for key in keys {
            let recent = prune(key, now: now)
            if recent.count >= maxFailures {
                // Attempts resume when fewer than maxFailures remain in the window, which is
                // when the failure maxFailures places from the newest leaves it.
                let deciding = recent[recent.count - maxFailures]
                longest = max(longest, deciding.addingTimeInterval(window).timeIntervalSince(now))
            }
        }
        return longest > 0 ? Int(longest.rounded(.up)) : nil
    }

    /// Records a failed attempt under every key.
    public mutating func recordFailure(keys: [String], now: Date) {
        for key in keys {
            failures[key, default: []].append(now)
            _ = prune(key, now: now)
        }
    }

    /// Forgets the failures of a key after a successful login.
    public mutating func recordSuccess(key: String) {
        failures[key] = nil
    }

    private mutating func prune(_ key: String, now: Date) -> [Date] {
        let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
        failures[key] = recent.isEmpty ? nil : recent
        return recent
    }
}
