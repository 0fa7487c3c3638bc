import Foundation
import SQLKit
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

/// Token and session owners are remembered for a few seconds; what this server
/// changes is seen at once, and what another process changes within the lifetime.
@Suite("Remembered sign-ins")
struct SignInCacheTests {
    @Test("a revoked token and new settings take effect on the very next request", arguments: TestDatabase.all)
    func changesHereAreSeenAtOnce(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let ana = try await makeUser("ana", in: store)
                let accounts = AccountService(store: store, hasher: PasswordHasher(cost: 4))
                let (token, secret) = try await accounts.createToken(userID: ana.id, name: "script", now: now)
                #expect(try await accounts.user(forToken: secret, now: now)?.settings.unit == .kg)

                var settings = ana.settings
                settings.unit = .lb
                _ = try await UserRepository(store: store).update(settings: settings, userID: ana.id)
                #expect(try await accounts.user(forToken: secret, now: now)?.settings.unit == .lb)

                let (cookie, session) = try await accounts.startSession(userID: ana.id, now: now)
                #expect(try await accounts.session(secret: cookie, now: now)?.user.settings.unit == .lb)
                settings.unit = .kg
                _ = try await UserRepository(store: store).update(settings: settings, userID: ana.id)
                #expect(try await accounts.session(secret: cookie, now: now)?.user.settings.unit == .kg)

                try await accounts.revokeToken(id: token.id, userID: ana.id)
                #expect(try await accounts.user(forToken: secret, now: now) == nil)
                try await accounts.endSession(id: session.id)
                #expect(try await accounts.session(secret: cookie, now: now) == nil)
            }
        }
    }

    @Test("a token deleted by another process stops working within ten seconds", arguments: TestDatabase.all)
    func changesElsewhereWithinTheLifetime(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let ana = try await makeUser("ana", in: store)
                let accounts = AccountService(store: store, hasher: PasswordHasher(cost: 4))
                let (_, secret) = try await accounts.createToken(userID: ana.id, name: "script", now: now)
                #expect(try await accounts.user(forToken: secret, now: now)?.id == ana.id)
                // Another process (or server) removes it behind this one's back.
                try await store.sql.raw("DELETE FROM api_tokens").run()
                #expect(try await accounts.user(forToken: secret, now: now.addingTimeInterval(9))?.id == ana.id)
                #expect(try await accounts.user(forToken: secret, now: now.addingTimeInterval(10)) == nil)
            }
        }
    }

    @Test("a cached session still ends at its expiry", arguments: TestDatabase.all)
    func expiryHolds(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let ana = try await makeUser("ana", in: store)
                let accounts = AccountService(store: store, hasher: PasswordHasher(cost: 4))
                let (cookie, _) = try await accounts.startSession(userID: ana.id, now: now)
                let end = now.addingTimeInterval(AccountService.sessionLifetime)
                #expect(try await accounts.session(secret: cookie, now: end.addingTimeInterval(-5)) != nil)
                #expect(try await accounts.session(secret: cookie, now: end) == nil)
            }
        }
    }
}
