import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

/// Every user-owned row is reachable only through its owner.
@Suite("Per-user scoping")
struct ScopingTests {
    @Test("another user's custom exercise is invisible and unchangeable", arguments: TestDatabase.all)
    func exercises(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let ana = try await makeUser("ana", in: store)
                let ben = try await makeUser("ben", in: store)
                let exercises = ExerciseService.stopped(at: now, store: store)
                let mine = try await exercises.create(draft: benchDraft(), userID: ana.id)

                #expect(try await ExerciseRepository(store: store).find(id: mine.id, userID: ben.id) == nil)
                #expect(try await exercises.list(userID: ben.id, filter: .init(custom: true)).isEmpty)
                await #expect(throws: SpotterError.notFound("The exercise")) {
                    try await exercises.change(
                        mine.id, fields: { _ in benchDraft("Stolen") }, fieldsSent: true, archived: nil, userID: ben.id)
                }
                await #expect(throws: SpotterError.notFound("The exercise")) {
                    try await exercises.delete(mine.id, userID: ben.id)
                }
                await #expect(throws: SpotterError.notFound("The exercise")) {
                    try await exercises.setArchived(true, id: mine.id, userID: ben.id)
                }
                // Ben may use the same name: names are unique per user.
                _ = try await exercises.create(draft: benchDraft(), userID: ben.id)
                #expect(try await ExerciseRepository(store: store).find(id: mine.id, userID: ana.id) == mine)
            }
        }
    }

    @Test("another user's workout types are invisible and unchangeable", arguments: TestDatabase.all)
    func workoutTypes(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let ana = try await makeUser("ana", in: store)
                let ben = try await makeUser("ben", in: store)
                let types = WorkoutTypeService(store: store, clock: { now })
                let anas = try await types.list(userID: ana.id)
                let target = try #require(anas.first)

                #expect(try await WorkoutTypeRepository(store: store).find(id: target.id, userID: ben.id) == nil)
                await #expect(throws: SpotterError.notFound("The workout type")) {
                    try await types.update(
                        target.id, draft: .init(name: "Mine now", colorHex: "#000000", icon: "star"), userID: ben.id)
                }
                await #expect(throws: SpotterError.notFound("The workout type")) {
                    try await types.setArchived(true, id: target.id, userID: ben.id)
                }
                await #expect(throws: ValidationFailure.self) { try await types.reorder(anas.map(\.id), userID: ben.id) }
                #expect(try await types.list(userID: ana.id) == anas)
            }
        }
    }

    @Test("tokens are revoked only by their owner", arguments: TestDatabase.all)
    func tokens(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let ana = try await makeUser("ana", in: store)
                let ben = try await makeUser("ben", in: store)
                let accounts = AccountService(store: store, hasher: PasswordHasher(cost: 4))
                let (token, secret) = try await accounts.createToken(userID: ana.id, name: "Script", now: now)
                await #expect(throws: SpotterError.notFound("The token")) {
                    try await accounts.revokeToken(id: token.id, userID: ben.id)
                }
                #expect(try await accounts.user(forToken: secret, now: now)?.id == ana.id)
                #expect(try await accounts.tokens(userID: ben.id).isEmpty)
            }
        }
    }
}
