import Foundation

/// A budget of requests per client address (a token bucket): a client may send
/// `burst` requests at once, and one more every `1 / perSecond` seconds after that.
/// Used for what anyone may send without signing in, so one address cannot keep
/// the server busy. Pure: the caller passes the time in.
public struct RequestBudget: Sendable, Equatable {
    public var burst: Double
    public var perSecond: Double
    /// The most addresses kept; past it, those with a full budget again (and then the
    /// stalest) are dropped.
    public var maxKeys: Int

    private struct Bucket: Sendable, Equatable {
        var tokens: Double
        var updated: Date
    }

    private var buckets: [String: Bucket] = [:]

    public init(burst: Double = 30, perSecond: Double = 0.5, maxKeys: Int = 10_000) {
        self.burst = burst
        self.perSecond = perSecond
        self.maxKeys = maxKeys
    }

    /// Takes one request from `key`'s budget: nil when it may go ahead, else the
    /// seconds until it may (nothing is taken then).
    public mutating func spend(key: String, now: Date) -> Int? {
        var bucket = current(key, now: now)
        guard bucket.tokens >= 1 else {
            return Int(((1 - bucket.tokens) / perSecond).rounded(.up))
        }
        bucket.tokens -= 1
        buckets[key] = bucket
        if buckets.count > maxKeys { prune(now: now) }
        return nil
    }

    /// How many addresses are remembered (for tests of the bound).
    public var keyCount: Int { buckets.count }

    private func current(_ key: String, now: Date) -> Bucket {
        guard let bucket = buckets[key] else { return Bucket(tokens: burst, updated: now) }
        let earned = max(0, now.timeIntervalSince(bucket.updated)) * perSecond
        return Bucket(tokens: min(burst, bucket.tokens + earned), updated: now)
    }

    private mutating func prune(now: Date) {
        buckets = buckets.filter { current($0.key, now: now).tokens < burst }
        guard buckets.count > maxKeys else { return }
        let stalest = buckets.sorted { $0.value.updated < $1.value.updated }.prefix(buckets.count - maxKeys)
        for (key, _) in stalest { buckets[key] = nil }
    }
}
