import Foundation
import Testing

@testable import SpotterStore

@Suite("Sign-in cache rules")
struct SignInCacheUnitTests {
    private let ana = UUID()
    private let phone = UUID()
    private let t0 = Date(timeIntervalSince1970: 1_790_000_000)

    private func entry(_ value: String, at date: Date) -> SignInCache<String>.Entry {
        .init(value: value, userID: ana, credentialID: phone, cachedAt: date)
    }

    @Test("a lookup that started before a sign-out is not remembered after it")
    func raceWithForget() {
        let cache = SignInCache<String>()
        let ticket = cache.ticket()
        cache.forget(credentialID: phone)  // the sign-out lands while the lookup reads
        cache.remember(entry("ana", at: t0), for: "key", ticket: ticket)
        #expect(cache.entry(for: "key", now: t0) == nil)
        cache.remember(entry("ana", at: t0), for: "key", ticket: cache.ticket())
        #expect(cache.entry(for: "key", now: t0)?.value == "ana")
    }

    @Test("an entry lives ten seconds and is forgotten by user or credential")
    func lifetimeAndForgetting() {
        let cache = SignInCache<String>()
        cache.remember(entry("ana", at: t0), for: "key", ticket: cache.ticket())
        #expect(cache.entry(for: "key", now: t0.addingTimeInterval(9.9))?.value == "ana")
        #expect(cache.entry(for: "key", now: t0.addingTimeInterval(10)) == nil)
        cache.remember(entry("ana", at: t0), for: "key", ticket: cache.ticket())
        cache.forget(userID: UUID())
        #expect(cache.entry(for: "key", now: t0) != nil, "another user's change forgets nothing of Ana's")
        cache.forget(userID: ana)
        #expect(cache.entry(for: "key", now: t0) == nil)
    }
}
