import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

@Suite("Repositories")
struct RepositoryTests {
    @Test("every account starts with the nine workout types, seeded once", arguments: TestDatabase.all)
    func seededTypes(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let ana = try await makeUser("ana", in: store)
                let types = WorkoutTypeRepository(store: store)
                #expect(
                    try await types.list(userID: ana.id).map(\.name) == [
                        "Back", "Chest", "Shoulders", "Biceps", "Triceps", "Legs", "Core", "Full Body", "Cardio",
                    ])
                #expect(try await types.seedDefaults(userID: ana.id, now: now) == 0)
                #expect(try await types.list(userID: ana.id).map(\.sortOrder) == Array(0..<9))
            }
        }
    }

    @Test("workout type names are unique ignoring case and spaces; order stays 0..n-1", arguments: TestDatabase.all)
    func typeRules(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let ana = try await makeUser("ana", in: store)
                let types = WorkoutTypeService(store: store, clock: { now })
                let mobility = try await types.create(
                    draft: .init(name: "  Mobility ", colorHex: "#112233", icon: "body"), userID: ana.id)
                #expect(mobility.name == "Mobility")
                #expect(mobility.sortOrder == 9)
                await #expect(
                    throws: SpotterError.conflict(field: "name", message: "You already have a workout type called Mobility.")
                ) {
                    try await types.create(
                        draft: .init(name: "MOBILITY", colorHex: "#112233", icon: "body"), userID: ana.id)
                }
                _ = try await types.setArchived(true, id: mobility.id, userID: ana.id)
                await #expect(
                    throws: SpotterError.conflict(
                        field: "name",
                        message: "You already have a workout type called Mobility (archived; bring it back instead).")
                ) {
                    try await types.create(
                        draft: .init(name: "mobility", colorHex: "#112233", icon: "body"), userID: ana.id)
                }
                let all = try await types.list(userID: ana.id, includeArchived: true)
                let reordered = try await types.reorder(all.map(\.id).reversed(), userID: ana.id)
                #expect(reordered.map(\.id) == all.map(\.id).reversed())
                #expect(reordered.map(\.sortOrder) == Array(0..<all.count))
                #expect(try await types.list(userID: ana.id).count == 9, "the archived type is hidden by default")
            }
        }
    }

    @Test("custom exercise names may not repeat the user's own or a built-in one", arguments: TestDatabase.all)
    func exerciseNames(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                try await CatalogSeeder(store: store).seed(CatalogSeeder.bundledCatalog(), now: now)
                let ana = try await makeUser("ana", in: store)
                let exercises = ExerciseService.stopped(at: now, store: store)
                _ = try await exercises.create(draft: benchDraft("Banded Pallof Walkout"), userID: ana.id)
                await #expect(
                    throws: SpotterError.conflict(
                        field: "name", message: "You already have an exercise called Banded Pallof Walkout.")
                ) {
                    try await exercises.create(draft: benchDraft("  banded   pallof WALKOUT "), userID: ana.id)
                }
                await #expect(
                    throws: SpotterError.conflict(
                        field: "name",
                        message: "Bench Press (Barbell) is already in the built-in library. Use it, or choose another name.")
                ) {
                    try await exercises.create(draft: benchDraft("bench press (barbell)"), userID: ana.id)
                }
                #expect(try await exercises.counts(userID: ana.id).custom == 1)
            }
        }
    }

    @Test("the library filters by words, muscle, equipment and ownership", arguments: TestDatabase.all)
    func filters(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                try await CatalogSeeder(store: store).seed(CatalogSeeder.bundledCatalog(), now: now)
                let ana = try await makeUser("ana", in: store)
                let exercises = ExerciseService.stopped(at: now, store: store)
                let byAlias = try await exercises.list(userID: ana.id, filter: .init(search: "bb bench"))
                #expect(byAlias.map(\.name).contains("Bench Press (Barbell)"))
                let legs = try await exercises.list(userID: ana.id, filter: .init(muscle: .legs))
                #expect(!legs.isEmpty && legs.allSatisfy { $0.allMuscles.contains(.legs) })
                let kettlebell = try await exercises.list(userID: ana.id, filter: .init(equipment: .kettlebell))
                #expect(!kettlebell.isEmpty && kettlebell.allSatisfy { $0.equipment == .kettlebell })
                let squats = try await exercises.list(userID: ana.id, filter: .init(search: "squat (barbell)"))
                #expect(squats.first?.name == "Squat (Barbell)", "the exact name comes before Box Squat (Barbell)")
                let presses = try await exercises.list(userID: ana.id, filter: .init(search: "press"))
                #expect(presses.allSatisfy { ExerciseSearch.matches(name: $0.name, aliases: $0.aliases, query: "press") })
                let custom = try await exercises.create(draft: benchDraft(), userID: ana.id)
                #expect(try await exercises.list(userID: ana.id, filter: .init(custom: true)) == [custom])
                _ = try await exercises.setArchived(true, id: custom.id, userID: ana.id)
                #expect(try await exercises.list(userID: ana.id, filter: .init(custom: true)).isEmpty)
                #expect(try await exercises.list(userID: ana.id, filter: .init(custom: true, includeArchived: true)).count == 1)
            }
        }
    }

    @Test("user names are unique; passwords are checked and stored hashed", arguments: TestDatabase.all)
    func accounts(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let accounts = AccountService(store: store, hasher: PasswordHasher(cost: 4))
                let ana = try await accounts.register(username: " Ana ", password: "correct horse battery", now: now)
                #expect(ana.username == "ana")
                await #expect(throws: SpotterError.conflict(field: "username", message: "The user name ana is taken.")) {
                    try await accounts.register(username: "ANA", password: "correct horse battery", now: now)
                }
                await #expect(throws: SpotterError.invalid(field: "password", "Use a password of at least 10 characters.")) {
                    try await accounts.register(username: "carl", password: "short", now: now)
                }
                #expect(try await TestEnvironment.count("users", in: store) == 1)
                #expect(try await accounts.authenticate(username: "ana", password: "correct horse battery")?.id == ana.id)
                #expect(try await accounts.authenticate(username: "ana", password: "wrong password!") == nil)
                #expect(try await accounts.authenticate(username: "nobody", password: "correct horse battery") == nil)
            }
        }
    }
}
