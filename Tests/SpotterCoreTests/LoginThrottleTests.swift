import Foundation
import SpotterCore
import Testing

@Suite("LoginThrottle: growing delays against password guessing")
struct LoginThrottleTests {
    /// 2023-11-14 22:13:20 UTC; every time below is this plus a number of seconds.
    static let t0: TimeInterval = 1_700_000_000
    static func at(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: t0 + seconds) }

    static let key = "sign-in:ana|10.0.0.1"

    @Test("Defaults: five free failures, then 15 s doubling up to 15 minutes, forgotten an hour after the last")
    func defaults() {
        let throttle = LoginThrottle.perAccount
        #expect(throttle.freeFailures == 5)
        #expect(throttle.firstDelay == 15)
        #expect(throttle.longestDelay == 900)
        #expect(throttle.memory == 3600)
        #expect(LoginThrottle.perAddress.freeFailures == 30)
    }

    @Test("Delays by failure count: 0 up to the free ones, then 15, 30, 60, 120, 240, 480, 900, 900 s")
    func delays() {
        let throttle = LoginThrottle()
        #expect((1...5).map { throttle.delay(afterFailures: $0) } == [0, 0, 0, 0, 0])
        #expect((6...13).map { throttle.delay(afterFailures: $0) } == [15, 30, 60, 120, 240, 480, 900, 900])
        #expect(throttle.delay(afterFailures: 10_000) == 900, "no overflow for absurd counts")
    }

    @Test("Five failures are free; the sixth makes the next attempt wait 15 s")
    func sixthFailureWaits() {
        var throttle = LoginThrottle()
        for second in [0.0, 1, 2, 3, 4] {
            throttle.recordFailure(keys: [Self.key], now: Self.at(second))
            #expect(throttle.retryAfter(key: Self.key, now: Self.at(second)) == nil)
        }
        throttle.recordFailure(keys: [Self.key], now: Self.at(10))
        #expect(throttle.retryAfter(key: Self.key, now: Self.at(10)) == 15)
        // 25 - 14.5 = 10.5 s left: rounded up, so a client never comes back too early.
        #expect(throttle.retryAfter(key: Self.key, now: Self.at(14.5)) == 11)
        #expect(throttle.retryAfter(key: Self.key, now: Self.at(25)) == nil)
        // The seventh failure, at +25, waits 30 s: until +55.
        throttle.recordFailure(keys: [Self.key], now: Self.at(25))
        #expect(throttle.retryAfter(key: Self.key, now: Self.at(25)) == 30)
        #expect(throttle.retryAfter(key: Self.key, now: Self.at(54)) == 1)
        #expect(throttle.retryAfter(key: Self.key, now: Self.at(55)) == nil)
    }

    @Test("Keys are counted on their own: another address, or another name, may still try")
    func keysIndependent() {
        var throttle = LoginThrottle()
        for second in 0..<8 { throttle.recordFailure(keys: [Self.key], now: Self.at(Double(second))) }
        #expect(throttle.retryAfter(key: Self.key, now: Self.at(8)) != nil)
        #expect(throttle.retryAfter(key: "sign-in:ana|10.0.0.2", now: Self.at(8)) == nil)
        #expect(throttle.retryAfter(key: "sign-in:bo|10.0.0.1", now: Self.at(8)) == nil)
    }

    @Test("The longest wait among several keys counts")
    func severalKeys() {
        var throttle = LoginThrottle(freeFailures: 1)
        throttle.recordFailure(keys: ["a", "b"], now: Self.at(0))
        throttle.recordFailure(keys: ["a", "b"], now: Self.at(0))  // both: 2nd failure, 15 s
        throttle.recordFailure(keys: ["b"], now: Self.at(0))  // b: 3rd failure, 30 s
        #expect(throttle.retryAfter(keys: ["a", "b"], now: Self.at(0)) == 30)
        #expect(throttle.retryAfter(keys: ["a"], now: Self.at(0)) == 15)
        #expect(throttle.retryAfter(keys: [], now: Self.at(0)) == nil)
    }

    @Test("A success forgets the key's failures")
    func successForgets() {
        var throttle = LoginThrottle()
        for second in 0..<6 { throttle.recordFailure(keys: [Self.key], now: Self.at(Double(second))) }
        throttle.recordSuccess(key: Self.key)
        #expect(throttle.retryAfter(key: Self.key, now: Self.at(6)) == nil)
        // Counting starts again: five more failures are free.
        for second in 6..<11 { throttle.recordFailure(keys: [Self.key], now: Self.at(Double(second))) }
        #expect(throttle.retryAfter(key: Self.key, now: Self.at(11)) == nil)
    }

    @Test("An hour after the last failure the count starts again")
    func memoryEnds() {
        var throttle = LoginThrottle()
        for second in 0..<9 { throttle.recordFailure(keys: [Self.key], now: Self.at(Double(second))) }
        // The ninth failure at +8 waits 120 s; an hour later it is forgotten, so one more failure is free.
        throttle.recordFailure(keys: [Self.key], now: Self.at(8 + 3600))
        #expect(throttle.retryAfter(key: Self.key, now: Self.at(8 + 3600)) == nil)
    }

    @Test("A flood of names keeps at most maxKeys, dropping the forgotten and then the stalest")
    func bounded() {
        var throttle = LoginThrottle(maxKeys: 100)
        for index in 0..<150 { throttle.recordFailure(keys: ["name\(index)"], now: Self.at(Double(index))) }
        #expect(throttle.keyCount <= 100)
        // The newest keys are kept.
        for second in 0..<5 { throttle.recordFailure(keys: ["name149"], now: Self.at(150 + Double(second))) }
        #expect(throttle.retryAfter(key: "name149", now: Self.at(154)) == 15)
    }

    @Test("admit checks and counts at once: six go ahead, the seventh waits 15 s; a right one taken back lets the next in")
    func admitAndWithdraw() {
        var throttle = LoginThrottle()
        // Seven guesses in the same instant, as a burst sent all together.
        let answers = (0..<7).map { _ in throttle.admit(keys: [Self.key], now: Self.at(0)) }
        #expect(answers == [nil, nil, nil, nil, nil, nil, 15], "failures 1-5 are free, the 6th sets 15 s")
        // The 6th was right after all: one failure fewer, five, so no wait.
        throttle.withdraw(key: Self.key, now: Self.at(1))
        #expect(throttle.retryAfter(key: Self.key, now: Self.at(1)) == nil)
        #expect(throttle.admit(keys: [Self.key], now: Self.at(1)) == nil)
        #expect(throttle.retryAfter(key: Self.key, now: Self.at(1)) == 15, "the 6th failure again, counted from t = 1")

        var fresh = LoginThrottle()
        #expect(fresh.admit(keys: ["a"], now: Self.at(0)) == nil)
        fresh.withdraw(key: "a", now: Self.at(0))
        #expect(fresh.keyCount == 0, "a key without failures is not kept")
        fresh.withdraw(key: "b", now: Self.at(0))
        #expect(fresh.keyCount == 0, "withdrawing an unknown key does nothing")
    }
}

@Suite("RequestBudget: anonymous posts per address")
struct RequestBudgetTests {
    static func at(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + seconds) }

    @Test("A burst of 30 goes through; the 31st waits 2 s (one request per 2 s comes back)")
    func burstThenRefill() {
        var budget = RequestBudget(burst: 30, perSecond: 0.5)
        for _ in 0..<30 { #expect(budget.spend(key: "10.0.0.1", now: Self.at(0)) == nil) }
        #expect(budget.spend(key: "10.0.0.1", now: Self.at(0)) == 2)
        // After 1 s, half a request has come back: 1 s more to wait.
        #expect(budget.spend(key: "10.0.0.1", now: Self.at(1)) == 1)
        #expect(budget.spend(key: "10.0.0.1", now: Self.at(2)) == nil)
        #expect(budget.spend(key: "10.0.0.1", now: Self.at(2)) == 2)
        // Another address has its own budget.
        #expect(budget.spend(key: "10.0.0.2", now: Self.at(2)) == nil)
    }

    @Test("A refused request takes nothing, and the budget never grows past the burst")
    func refusedTakesNothing() {
        var budget = RequestBudget(burst: 2, perSecond: 1)
        #expect(budget.spend(key: "a", now: Self.at(0)) == nil)
        #expect(budget.spend(key: "a", now: Self.at(0)) == nil)
        for _ in 0..<5 { #expect(budget.spend(key: "a", now: Self.at(0)) == 1) }
        #expect(budget.spend(key: "a", now: Self.at(1)) == nil)
        // An idle hour refills to 2, not 3600.
        #expect(budget.spend(key: "a", now: Self.at(3600)) == nil)
        #expect(budget.spend(key: "a", now: Self.at(3600)) == nil)
        #expect(budget.spend(key: "a", now: Self.at(3600)) == 1)
    }

    @Test("Many addresses keep at most maxKeys")
    func bounded() {
        var budget = RequestBudget(burst: 5, perSecond: 0.001, maxKeys: 50)
        for index in 0..<200 { _ = budget.spend(key: "addr\(index)", now: Self.at(Double(index))) }
        #expect(budget.keyCount <= 50)
    }
}
