import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

/// Instances on one PostgreSQL database each remember sign-ins for a few seconds; a
/// sign-out, a revoked token or a password reset on one reaches the others at once.
@Suite("Sign-in changes between instances")
struct SignInNoticeTests {
    static var postgres: [TestDatabase] {
        TestDatabase.all.filter { if case .postgres = $0 { true } else { false } }
    }

    @Test("a token revoked, a session ended and a password reset through one store are refused by another at once", arguments: postgres)
    func noticesReachOtherInstances(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { one in
                let other = try await SpotterStore.open(env.location, logger: TestEnvironment.logger)
                let (listening, listened) = AsyncStream<Void>.makeStream()
                let (notices, noticed) = AsyncStream<String>.makeStream()
                let listener = Task { await other.listenForSignInChanges(onListening: { listened.yield() }, onNotice: { noticed.yield($0) }) }
                var noticeQueue = notices.makeAsyncIterator()
                /// Waits for the notice of this change (earlier ones, such as the new account's settings, pass by).
                func notice(_ payload: String) async {
                    while let next = await noticeQueue.next(), next != payload {}
                }
                do {
                    var listeningQueue = listening.makeAsyncIterator()
                    await listeningQueue.next()
                    let now = Date(timeIntervalSince1970: 1_790_000_000)
                    let here = AccountService(store: one, hasher: PasswordHasher(cost: 4))
                    let there = AccountService(store: other, hasher: PasswordHasher(cost: 4))
                    let ana = try await here.register(username: "ana", password: "correct horse battery", now: now)

                    // A token used on the other instance is remembered there...
                    let (token, secret) = try await here.createToken(userID: ana.id, name: "phone", now: now)
                    #expect(try await there.user(forToken: secret, now: now)?.id == ana.id)
                    try await here.revokeToken(id: token.id, userID: ana.id)
                    await notice("credential:\(token.id.text)")
                    // ...and refused there at the same instant, well inside the cache's 10 s.
                    #expect(try await there.user(forToken: secret, now: now) == nil)

                    let (cookie, session) = try await here.startSession(userID: ana.id, now: now)
                    #expect(try await there.session(secret: cookie, now: now)?.id == session.id)
                    try await here.endSession(id: session.id)
                    await notice("credential:\(session.id.text)")
                    #expect(try await there.session(secret: cookie, now: now) == nil)

                    // The CLI's reset is another process on the same database.
                    let (second, _) = try await here.startSession(userID: ana.id, now: now)
                    #expect(try await there.session(secret: second, now: now) != nil)
                    try await here.resetPassword(username: "ana", new: "another long password")
                    await notice("user:\(ana.id.text)")
                    #expect(try await there.session(secret: second, now: now) == nil)
                } catch {
                    listener.cancel()
                    await listener.value
                    await other.shutdown()
                    throw error
                }
                listener.cancel()
                await listener.value
                await other.shutdown()
            }
        }
    }

    @Test("on SQLite nobody listens: the call returns at once")
    func sqliteReturns() async throws {
        try await TestEnvironment.with(.sqlite) { env in
            try await env.withStore { store in await store.listenForSignInChanges() }
        }
    }
}
