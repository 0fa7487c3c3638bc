import Foundation
import SpotterCore
import Testing

@Suite("LoginThrottle: slowing down password guessing")
struct LoginThrottleTests {
    /// 2023-11-14 22:13:20 UTC; every time below is this plus a number of seconds.
    static let t0: TimeInterval = 1_700_000_000
    static func at(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: t0 + seconds) }

    /// Five failures for `keys`, at t0+0, +10, +20, +30, +40.
    static func fiveFailures(_ keys: [String] = ["user:alice"]) -> LoginThrottle {
        var throttle = LoginThrottle(maxFailures: 5, window: 900)
        for second in stride(from: 0.0, through: 40, by: 10) {
            throttle.recordFailure(keys: keys, now: at(second))
        }
        return throttle
    }

    @Test("Defaults: 5 failures in 15 minutes")
    func defaults() {
        let throttle = LoginThrottle()
        #expect(throttle.maxFailures == 5)
        #expect(throttle.window == 900)
    }

    @Test("A fresh throttle lets everyone try")
    func fresh() {
        var throttle = LoginThrottle()
        #expect(throttle.retryAfter(keys: ["user:alice", "addr:10.0.0.1"], now: Self.at(0)) == nil)
        #expect(throttle.retryAfter(keys: [], now: Self.at(0)) == nil)
    }

    @Test("Four failures are still allowed")
    func fourFailuresAllowed() {
        var throttle = LoginThrottle(maxFailures: 5, window: 900)
        for second in [0.0, 10, 20, 30] {
            throttle.recordFailure(keys: ["user:alice"], now: Self.at(second))
            #expect(throttle.retryAfter(keys: ["user:alice"], now: Self.at(second)) == nil)
        }
        #expect(throttle.retryAfter(keys: ["user:alice"], now: Self.at(35)) == nil)
    }

    @Test("The fifth failure blocks until the oldest failure is 900 s old")
    func fifthFailureBlocks() {
        var throttle = Self.fiveFailures()
        // Oldest failure at t0+0 leaves the window at t0+900; it is now t0+40: 860 s to go.
        #expect(throttle.retryAfter(keys: ["user:alice"], now: Self.at(40)) == 860)
        #expect(throttle.retryAfter(keys: ["user:alice"], now: Self.at(100)) == 800)
        #expect(throttle.retryAfter(keys: ["user:alice"], now: Self.at(899)) == 1)
    }

    @Test("Partial seconds round up, so the client never retries too early")
    func roundsUp() {
        var throttle = Self.fiveFailures()
        // 900 - 40.5 = 859.5 → 860; 900 - 899.9 = 0.1 → 1
        #expect(throttle.retryAfter(keys: ["user:alice"], now: Self.at(40.5)) == 860)
        #expect(throttle.retryAfter(keys: ["user:alice"], now: Self.at(899.9)) == 1)
    }

    @Test("Once the oldest failure leaves the window, the next attempt is allowed")
    func windowSlides() {
        var throttle = Self.fiveFailures()
        #expect(throttle.retryAfter(keys: ["user:alice"], now: Self.at(900)) == nil)
        // Failures at +10...+40 are still counted: one more failure at +900 blocks again,
        // until +10 leaves the window at +910.
        throttle.recordFailure(keys: ["user:alice"], now: Self.at(900))
        #expect(throttle.retryAfter(keys: ["user:alice"], now: Self.at(900)) == 10)
        #expect(throttle.retryAfter(keys: ["user:alice"], now: Self.at(910)) == nil)
    }

    @Test("Long after the window everything is forgotten")
    func longAfter() {
        var throttle = Self.fiveFailures()
        #expect(throttle.retryAfter(keys: ["user:alice"], now: Self.at(5_000)) == nil)
        throttle.recordFailure(keys: ["user:alice"], now: Self.at(5_000))
        #expect(throttle.retryAfter(keys: ["user:alice"], now: Self.at(5_000)) == nil)
    }

    @Test("Keys are counted independently")
    func keysIndependent() {
        var throttle = Self.fiveFailures(["user:alice"])
        #expect(throttle.retryAfter(keys: ["user:bob"], now: Self.at(40)) == nil)
        #expect(throttle.retryAfter(keys: ["addr:10.0.0.1"], now: Self.at(40)) == nil)
        #expect(throttle.retryAfter(keys: ["user:alice"], now: Self.at(40)) == 860)
    }

    @Test("Any blocked key blocks the attempt, with the longest wait")
    func longestWaitWins() {
        var throttle = LoginThrottle(maxFailures: 5, window: 900)
        // addr:1 fails at +0...+40, user:bob at +100...+140.
        for second in stride(from: 0.0, through: 40, by: 10) {
            throttle.recordFailure(keys: ["addr:1"], now: Self.at(second))
            throttle.recordFailure(keys: ["user:bob"], now: Self.at(second + 100))
        }
        // At +200: addr:1 waits until +900 (700 s), user:bob until +1000 (800 s).
        #expect(throttle.retryAfter(keys: ["user:bob", "addr:1"], now: Self.at(200)) == 800)
        #expect(throttle.retryAfter(keys: ["addr:1"], now: Self.at(200)) == 700)
        #expect(throttle.retryAfter(keys: ["user:carol", "addr:1"], now: Self.at(200)) == 700)
    }

    @Test("A failure counts under every key given")
    func failureUnderEveryKey() {
        var throttle = Self.fiveFailures(["user:alice", "addr:10.0.0.1"])
        #expect(throttle.retryAfter(keys: ["user:alice"], now: Self.at(40)) == 860)
        #expect(throttle.retryAfter(keys: ["addr:10.0.0.1"], now: Self.at(40)) == 860)
    }

    @Test("A successful login clears only its own key")
    func successClearsKey() {
        var throttle = Self.fiveFailures(["user:alice", "addr:10.0.0.1"])
        throttle.recordSuccess(key: "user:alice")
        #expect(throttle.retryAfter(keys: ["user:alice"], now: Self.at(40)) == nil)
        #expect(throttle.retryAfter(keys: ["addr:10.0.0.1"], now: Self.at(40)) == 860)

        // The cleared key counts from zero again: four new failures are allowed.
        for second in [50.0, 51, 52, 53] { throttle.recordFailure(keys: ["user:alice"], now: Self.at(second)) }
        #expect(throttle.retryAfter(keys: ["user:alice"], now: Self.at(53)) == nil)
    }

    @Test("Clearing an unknown key changes nothing")
    func clearUnknown() {
        var throttle = Self.fiveFailures()
        let before = throttle
        throttle.recordSuccess(key: "user:nobody")
        #expect(throttle == before)
    }

    @Test("Other limits are honoured")
    func customLimits() {
        var throttle = LoginThrottle(maxFailures: 2, window: 60)
        throttle.recordFailure(keys: ["k"], now: Self.at(0))
        #expect(throttle.retryAfter(keys: ["k"], now: Self.at(0)) == nil)
        throttle.recordFailure(keys: ["k"], now: Self.at(5))
        #expect(throttle.retryAfter(keys: ["k"], now: Self.at(5)) == 55)
        #expect(throttle.retryAfter(keys: ["k"], now: Self.at(60)) == nil)
    }

    /// "Seconds to wait before the next attempt": after waiting that long, the attempt
    /// must be allowed. With more than `maxFailures` failures in the window (the server
    /// checks and records in two separate steps, so parallel requests can get there),
    /// the wait must last until the count drops below the limit, not merely until the
    /// oldest failure leaves.
    @Test("With more failures than the limit, the wait lasts until the count drops below it")
    func moreFailuresThanLimit() {
        var throttle = LoginThrottle(maxFailures: 5, window: 900)
        for second in stride(from: 0.0, through: 60, by: 10) {  // 7 failures: +0 ... +60
            throttle.recordFailure(keys: ["user:alice"], now: Self.at(second))
        }
        // Allowed again when only 4 remain: when +20 leaves the window, at +920.
        // At +60 that is 860 s away.
        let wait = throttle.retryAfter(keys: ["user:alice"], now: Self.at(60))
        #expect(wait == 860)
        // Waiting the reported time must be enough.
        #expect(throttle.retryAfter(keys: ["user:alice"], now: Self.at(60 + Double(wait ?? 0))) == nil)
    }
}
