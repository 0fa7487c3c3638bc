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

    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// A second store on the environment's database, listening as a server does.
    final class Listener {
        let store: SpotterStore
        private var listening: AsyncStream<Void>.Iterator
        private var notices: AsyncStream<String>.Iterator

        init(store: SpotterStore, listening: AsyncStream<Void>, notices: AsyncStream<String>) {
            self.store = store
            self.listening = listening.makeAsyncIterator()
            self.notices = notices.makeAsyncIterator()
        }

        /// Waits until it listens (again).
        func listened() async { await listening.next() }

        /// Waits for the notice of this change (earlier ones, such as the new account's settings, pass by).
        func heard(_ payload: String) async -> Bool {
            while let next = await notices.next() {
                if next == payload { return true }
            }
            return false
        }
    }

    /// Runs `body` with another store listening for sign-in changes, then stops it.
    /// It tries again after `firstRetry` when its connection is lost.
    static func withListener(
        _ env: TestEnvironment, firstRetry: Duration = .seconds(1), _ body: (Listener) async throws -> Void
    ) async throws {
        let other = try await SpotterStore.open(env.location, logger: TestEnvironment.logger)
        let (listening, listened) = AsyncStream<Void>.makeStream()
        let (notices, noticed) = AsyncStream<String>.makeStream()
        let task = Task {
            await other.listenForSignInChanges(
                firstRetry: firstRetry, onListening: { listened.yield() }, onNotice: { noticed.yield($0) })
        }
        let listener = Listener(store: other, listening: listening, notices: notices)
        let outcome: Result<Void, any Error>
        do {
            await listener.listened()
            try await body(listener)
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        task.cancel()
        await task.value
        await other.shutdown()
        try outcome.get()
    }

    @Test(
        "a token revoked, a session ended and a password reset through one store are refused by another at once",
        arguments: postgres)
    func noticesReachOtherInstances(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { one in
                try await Self.withListener(env) { listener in
                    let here = AccountService(store: one, hasher: PasswordHasher(cost: 4))
                    let there = AccountService(store: listener.store, hasher: PasswordHasher(cost: 4))
                    let ana = try await here.register(username: "ana", password: "correct horse battery", now: Self.now)

                    // A token used on the other instance is remembered there...
                    let (token, secret) = try await here.createToken(userID: ana.id, name: "phone", now: Self.now)
                    #expect(try await there.user(forToken: secret, now: Self.now)?.id == ana.id)
                    try await here.revokeToken(id: token.id, userID: ana.id)
                    #expect(await listener.heard("credential:\(token.id.text)"))
                    // ...and refused there at the same instant, well inside the cache's 10 s.
                    #expect(try await there.user(forToken: secret, now: Self.now) == nil)

                    let (cookie, session) = try await here.startSession(userID: ana.id, now: Self.now)
                    #expect(try await there.session(secret: cookie, now: Self.now)?.id == session.id)
                    try await here.endSession(id: session.id)
                    #expect(await listener.heard("credential:\(session.id.text)"))
                    #expect(try await there.session(secret: cookie, now: Self.now) == nil)

                    // The CLI's reset is another process on the same database.
                    let (second, _) = try await here.startSession(userID: ana.id, now: Self.now)
                    #expect(try await there.session(secret: second, now: Self.now) != nil)
                    try await here.resetPassword(username: "ana", new: "another long password")
                    #expect(await listener.heard("user:\(ana.id.text)"))
                    #expect(try await there.session(secret: second, now: Self.now) == nil)
                }
            }
        }
    }

    /// The database's goodbye can reach the listener before its socket closes; the
    /// connection is let go then, and PostgresNIO stops the process on one released
    /// unclosed. One loss passed about 3 runs in 4 before it was closed; twenty catch it.
    @Test(
        "a listening connection the database ends is closed and made again, twenty times, and hears the next change",
        arguments: postgres)
    func lostConnectionListensAgain(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { one in
                try await Self.withListener(env, firstRetry: .milliseconds(10)) { listener in
                    guard case .postgres(_, let schema) = env.location else { Issue.record("not PostgreSQL"); return }
                    for _ in 1...20 {
                        // The database ends the listener's connection (a restart, a failover, an operator)...
                        let ended = try await one.sql.raw(
                            """
                            SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
                            WHERE application_name = \(bind: SpotterStore.listenerName(schema: schema))
                            """
                        ).all().map { try $0.decode(column: "ended", as: Bool.self) }
                        #expect(ended == [true])
                        // ...and it listens again on a new one.
                        await listener.listened()
                    }
                    let accounts = AccountService(store: one, hasher: PasswordHasher(cost: 4))
                    let ana = try await accounts.register(username: "ana", password: "correct horse battery", now: Self.now)
                    try await accounts.resetPassword(username: "ana", new: "another long password")
                    #expect(await listener.heard("user:\(ana.id.text)"))
                }
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
