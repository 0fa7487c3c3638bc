import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

@Suite("Web sessions")
struct SessionTests {
    @Test("a session expires after its lifetime and ends on sign-out", arguments: TestDatabase.all)
    func lifetime(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let ana = try await makeUser("ana", in: store)
                let accounts = AccountService(store: store, hasher: PasswordHasher(cost: 4))
                let (secret, session) = try await accounts.startSession(userID: ana.id, now: now)
                #expect(try await accounts.session(secret: secret, now: now)?.user.id == ana.id)
                let justBefore = now.addingTimeInterval(AccountService.sessionLifetime - 1)
                #expect(try await accounts.session(secret: secret, now: justBefore) != nil)
                #expect(try await accounts.session(secret: secret, now: now.addingTimeInterval(AccountService.sessionLifetime)) == nil)
                try await accounts.endSession(id: session.id)
                #expect(try await accounts.session(secret: secret, now: now) == nil)
                #expect(try await accounts.session(secret: "made-up", now: now) == nil)
            }
        }
    }

    @Test("changing the password keeps this session and ends the others; a reset ends all", arguments: TestDatabase.all)
    func passwordChangeEndsOtherSessions(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let ana = try await makeUser("ana", in: store)
                let accounts = AccountService(store: store, hasher: PasswordHasher(cost: 4))
                let (phone, phoneSession) = try await accounts.startSession(userID: ana.id, now: now)
                let (laptop, _) = try await accounts.startSession(userID: ana.id, now: now)
                await #expect(throws: SpotterError.invalid(field: "currentPassword", "The current password is not right.")) {
                    try await accounts.changePassword(userID: ana.id, current: "wrong one!", new: "another good one", keepingSession: phoneSession.id)
                }
                #expect(try await accounts.session(secret: laptop, now: now) != nil, "a refused change ends nothing")
                try await accounts.changePassword(userID: ana.id, current: "correct horse battery", new: "another good one", keepingSession: phoneSession.id)
                #expect(try await accounts.session(secret: phone, now: now) != nil)
                #expect(try await accounts.session(secret: laptop, now: now) == nil)
                try await accounts.resetPassword(username: "ana", new: "a third good one")
                #expect(try await accounts.session(secret: phone, now: now) == nil)
                #expect(try await accounts.authenticate(username: "ana", password: "a third good one") != nil)
            }
        }
    }
}
