import Foundation

/// Slows down password guessing with delays that grow, instead of locking anyone
/// out. Each key (a user name from one address, or one address) may fail
/// `freeFailures` times without waiting; every further failure makes the key wait
/// before its next attempt, `firstDelay` after the first of them and twice as long
/// after each one more, up to `longestDelay`. A key's failures are forgotten
/// `memory` after its last one, or at once after a success. Pure: the caller
/// passes the time in.
public struct LoginThrottle: Sendable, Equatable {
    public var freeFailures: Int
    public var firstDelay: TimeInterval
    public var longestDelay: TimeInterval
    public var memory: TimeInterval
    /// The most keys kept; past it, forgotten and then the stalest keys are dropped,
    /// so a flood of names or addresses cannot grow the table without end.
    public var maxKeys: Int

    private struct Record: Sendable, Equatable {
        var failures: Int
        var last: Date
        var waitUntil: Date
    }

    private var records: [String: Record] = [:]

    public init(
        freeFailures: Int = 5, firstDelay: TimeInterval = 15, longestDelay: TimeInterval = 15 * 60,
        memory: TimeInterval = 60 * 60, maxKeys: Int = 10_000
    ) {
        self.freeFailures = freeFailures
        self.firstDelay = firstDelay
        self.longestDelay = longestDelay
        self.memory = memory
        self.maxKeys = maxKeys
    }

    /// The limits per user name and address: five free tries, then 15 s, 30 s, 1 min... up to 15 min.
    public static let perAccount = LoginThrottle()
    /// The limits per address, whatever the names: generous, since behind a proxy that is
    /// not trusted (or a gym's shared network) many people share one address.
    public static let perAddress = LoginThrottle(freeFailures: 30)

    /// Seconds to wait before the next attempt for `key`, or nil when it may try now.
    public func retryAfter(key: String, now: Date) -> Int? {
        guard let record = records[key], !isForgotten(record, now: now) else { return nil }
        let wait = record.waitUntil.timeIntervalSince(now)
        return wait > 0 ? Int(wait.rounded(.up)) : nil
    }

    /// The longest wait among `keys`.
    public func retryAfter(keys: [String], now: Date) -> Int? {
        keys.compactMap { retryAfter(key: $0, now: now) }.max()
    }

    /// The wait that follows failure number `failures` of one key.
    public func delay(afterFailures failures: Int) -> TimeInterval {
        let over = failures - freeFailures
        guard over > 0 else { return 0 }
        // 2^(over - 1), without overflowing for absurd counts.
        let doublings = min(over - 1, 40)
        return min(longestDelay, firstDelay * pow(2, Double(doublings)))
    }

    /// Records a failed attempt under every key.
    public mutating func recordFailure(keys: [String], now: Date) {
        for key in keys {
            var record =
                records[key].flatMap { isForgotten($0, now: now) ? nil : $0 } ?? Record(failures: 0, last: now, waitUntil: now)
            record.failures += 1
            record.last = now
            record.waitUntil = now.addingTimeInterval(delay(afterFailures: record.failures))
            records[key] = record
        }
        if records.count > maxKeys { prune(now: now) }
    }

    /// Forgets a key's failures after a successful attempt.
    public mutating func recordSuccess(key: String) {
        records[key] = nil
    }

    /// Lets an attempt for `keys` go ahead (nil) or says how many seconds to wait,
    /// checking and counting it at once: the attempt counts as a failure until
    /// `recordSuccess` or `withdraw` says it was right. So guesses sent all together
    /// cannot all pass the check before the first wrong one is counted.
    public mutating func admit(keys: [String], now: Date) -> Int? {
        if let wait = retryAfter(keys: keys, now: now) { return wait }
        recordFailure(keys: keys, now: now)
        return nil
    }

    /// Takes back one failure `admit` counted for an attempt that was right; the key's
    /// other failures stay, and its wait is that of one failure fewer.
    public mutating func withdraw(key: String, now: Date) {
        guard var record = records[key], !isForgotten(record, now: now) else { return }
        record.failures -= 1
        guard record.failures > 0 else {
            records[key] = nil
            return
        }
        record.waitUntil = record.last.addingTimeInterval(delay(afterFailures: record.failures))
        records[key] = record
    }

    /// How many keys are remembered (for tests of the bound).
    public var keyCount: Int { records.count }

    private func isForgotten(_ record: Record, now: Date) -> Bool {
        now.timeIntervalSince(record.last) >= memory && now >= record.waitUntil
    }

    private mutating func prune(now: Date) {
        records = records.filter { !isForgotten($0.value, now: now) }
        guard records.count > maxKeys else { return }
        let stalest = records.sorted { $0.value.last < $1.value.last }.prefix(records.count - maxKeys)
        for (key, _) in stalest { records[key] = nil }
    }
}
