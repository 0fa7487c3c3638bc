import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

@Suite("Catalog seeding")
struct CatalogSeedingTests {
    @Test("seeding twice adds nothing the second time", arguments: TestDatabase.all)
    func idempotent(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let catalog = try CatalogSeeder.bundledCatalog()
                #expect(catalog.exercises.count >= 150)
                let first = try await CatalogSeeder(store: store).seed(catalog, now: now)
                #expect(first.added == catalog.exercises.count)
                let second = try await CatalogSeeder(store: store).seed(catalog, now: now)
                #expect(second == .init(added: 0, updated: 0))
                #expect(try await TestEnvironment.count("exercises", in: store) == catalog.exercises.count)
            }
        }
    }

    @Test("a newer catalog adds and updates built-in rows and leaves custom exercises alone", arguments: TestDatabase.all)
    func newerVersion(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                var catalog = try CatalogSeeder.bundledCatalog()
                try await CatalogSeeder(store: store).seed(catalog, now: now)
                let user = try await makeUser("ana", in: store)
                let custom = try await ExerciseService.stopped(at: now, store: store).create(draft: benchDraft(), userID: user.id)
                let before = try await ExerciseRepository(store: store).list(userID: user.id)
                #expect(before.count == catalog.exercises.count + 1, "the built-in exercises are now held in memory")

                catalog.version += 1
                catalog.exercises[0].description = "A rewritten description."
                catalog.exercises.append(
                    .init(
                        key: "zercher-squat-test", name: "Zercher Squat (Test)", primaryMuscles: [.legs],
                        secondaryMuscles: [.core],
                        equipment: .barbell, kind: .weightReps, aliases: [], description: "Bar in the elbows."))
                let outcome = try await CatalogSeeder(store: store).seed(catalog, now: now.addingTimeInterval(60))
                #expect(outcome == .init(added: 1, updated: 1))

                let repository = ExerciseRepository(store: store)
                let rewritten = try await repository.list(userID: user.id).first { $0.catalogKey == catalog.exercises[0].key }
                #expect(rewritten?.description == "A rewritten description.", "seeding refreshed the in-memory catalog")
                #expect(try await repository.list(userID: user.id, filter: .init(search: "zercher squat (test)")).count == 1)
                #expect(try await repository.find(id: custom.id, userID: user.id) == custom)
            }
        }
    }
}
