import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Synchronization
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
                #expect(
                    try await accounts.session(secret: secret, now: now.addingTimeInterval(AccountService.sessionLifetime)) == nil
                )
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
                    try await accounts.changePassword(
                        .init(current: "wrong one!", new: "another good one", keepingSession: phoneSession.id), user: ana,
                        now: now)
                }
                #expect(try await accounts.session(secret: laptop, now: now) != nil, "a refused change ends nothing")
                try await accounts.changePassword(
                    .init(current: "correct horse battery", new: "another good one", keepingSession: phoneSession.id), user: ana,
                    now: now)
                #expect(try await accounts.session(secret: phone, now: now) != nil)
                #expect(try await accounts.session(secret: laptop, now: now) == nil)
                try await accounts.resetPassword(username: "ana", new: "a third good one")
                #expect(try await accounts.session(secret: phone, now: now) == nil)
                #expect(try await accounts.authenticate(username: "ana", password: "a third good one") != nil)
            }
        }
    }

    @Test(
        "a password change is a guess at the current one: counted, refused when slowed, taken back when right",
        arguments: TestDatabase.all)
    func passwordGuesses(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let ana = try await makeUser("ana", in: store)
                let accounts = AccountService(store: store, hasher: PasswordHasher(cost: 4))
                let wrong = NotedGuesses()
                await #expect(throws: SpotterError.self) {
                    try await accounts.changePassword(
                        .init(current: "wrong one!", new: "another good one"), user: ana, guesses: wrong, now: now)
                }
                #expect(wrong.notes == ["admit"])
                let tooShort = NotedGuesses()
                await #expect(throws: SpotterError.self) {
                    try await accounts.changePassword(
                        .init(current: "correct horse battery", new: "short"), user: ana, guesses: tooShort, now: now)
                }
                #expect(tooShort.notes == ["admit", "right"], "the new password was refused, but the current one was right")
                let slowed = NotedGuesses(refuse: true)
                await #expect(throws: NotedGuesses.Wait.self) {
                    try await accounts.changePassword(
                        .init(current: "correct horse battery", new: "another good one"), user: ana, guesses: slowed, now: now)
                }
                #expect(
                    try await accounts.authenticate(username: "ana", password: "correct horse battery") != nil,
                    "a refused guess changes nothing")
                let right = NotedGuesses()
                try await accounts.changePassword(
                    .init(current: "correct horse battery", new: "another good one"), user: ana, guesses: right, now: now)
                #expect(right.notes == ["admit", "right"])
                #expect(try await accounts.authenticate(username: "ana", password: "another good one") != nil)
            }
        }
    }
}

/// Notes what a password change tells its guess counter.
final class NotedGuesses: PasswordGuesses {
    struct Wait: Error {}
    let refuse: Bool
    private let noted = Mutex<[String]>([])
    var notes: [String] { noted.withLock { $0 } }

    init(refuse: Bool = false) { self.refuse = refuse }

    func admit(now: Date) throws {
        noted.withLock { $0.append("admit") }
        if refuse { throw Wait() }
    }

    func right(now: Date) { noted.withLock { $0.append("right") } }
}
