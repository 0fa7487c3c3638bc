import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

/// Warm-up sets go in before the first working set, in one transaction, for the
/// owner only; a refused request leaves every set as it was.
@Suite("Adding warm-up sets")
struct WarmUpServiceTests {
    /// Ana's workout with a squat entry holding `weights` as working sets (nil: no weight typed).
    func withSquat(
        _ engine: TestDatabase, weights: [Double?],
        _ body: @escaping @Sendable (SpotterStore, User, Workout, UUID) async throws -> Void
    ) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                try await CatalogSeeder(store: store).seed(CatalogSeeder.bundledCatalog(), now: now)
                let ana = try await makeUser("ana", in: store)
                let squat = try #require(
                    try await ExerciseRepository(store: store).list(userID: ana.id).first { $0.name == "Squat (Barbell)" })
                let workouts = WorkoutRepository(store: store)
                let workout = try await WorkoutService.at(now, in: store).start(
                    .init(id: UUID(), name: "Legs", workoutTypeID: nil), user: ana)
                let entry = UUID()
                _ = try await WorkoutService.at(now, in: store).putEntry(
                    workoutID: workout.id, entryID: entry, change: EntryChange(exerciseID: squat.id), user: ana)
                for weight in weights {
                    _ = try await WorkoutService.at(now, in: store).putSet(
                        SetWrite(
                            workoutID: workout.id, entryID: entry, setID: UUID(),
                            draft: SetDraft(kind: "working", reps: 5, weight: weight), changedAt: now), user: ana)
                }
                try await body(store, ana, try #require(try await workouts.find(id: workout.id, userID: ana.id)), entry)
            }
        }
    }

    @Test("the ramp to 100 kg goes before the working sets, as warm-ups, in kg, positions in order", arguments: TestDatabase.all)
    func addsRamp(engine: TestDatabase) async throws {
        try await withSquat(engine, weights: [100, 100]) { store, ana, workout, entry in
            let working = workout.entries[0].sets
            let after = try await WarmUpService(store: store).addWarmUps(
                workoutID: workout.id, entryID: entry, user: ana, now: now)
            let sets = after.entries[0].sets
            #expect(sets.map(\.kind) == [.warmup, .warmup, .warmup, .warmup, .working, .working])
            #expect(sets.map { $0.weight?.value } == [20, 40, 60, 80, 100, 100])
            #expect(sets.map(\.reps) == [10, 5, 3, 2, 5, 5])
            #expect(sets.prefix(4).allSatisfy { $0.weight?.unit == .kg && !$0.done })
            #expect(Array(sets.suffix(2)) == working, "the working sets stay as they were, after the warm-ups")
        }
    }

    @Test("a refused request changes nothing: no weight yet, warm-ups already there", arguments: TestDatabase.all)
    func refusals(engine: TestDatabase) async throws {
        try await withSquat(engine, weights: [nil]) { store, ana, workout, entry in
            let service = WarmUpService(store: store)
            await #expect(throws: SpotterError.invalid(field: "weight", "Enter the working weight first.")) {
                try await service.addWarmUps(workoutID: workout.id, entryID: entry, user: ana, now: now)
            }
            let stored = try await WorkoutRepository(store: store).find(id: workout.id, userID: ana.id)
            #expect(stored == workout)
        }
        try await withSquat(engine, weights: [100]) { store, ana, workout, entry in
            let service = WarmUpService(store: store)
            let once = try await service.addWarmUps(workoutID: workout.id, entryID: entry, user: ana, now: now)
            await #expect(
                throws: SpotterError.invalid(
                    field: "entry", "This exercise has warm-up sets already. Delete them to make new ones.")
            ) {
                try await service.addWarmUps(workoutID: workout.id, entryID: entry, user: ana, now: now)
            }
            let stored = try await WorkoutRepository(store: store).find(id: workout.id, userID: ana.id)
            #expect(stored == once)
        }
    }

    @Test("another lifter's workout or entry is not found, and stays as it was", arguments: TestDatabase.all)
    func otherLifter(engine: TestDatabase) async throws {
        try await withSquat(engine, weights: [100]) { store, ana, workout, entry in
            let ben = try await makeUser("ben", in: store)
            let service = WarmUpService(store: store)
            await #expect(throws: SpotterError.notFound("The workout")) {
                try await service.addWarmUps(workoutID: workout.id, entryID: entry, user: ben, now: now)
            }
            await #expect(throws: SpotterError.notFound("The exercise entry")) {
                try await service.addWarmUps(workoutID: workout.id, entryID: UUID(), user: ana, now: now)
            }
            let stored = try await WorkoutRepository(store: store).find(id: workout.id, userID: ana.id)
            #expect(stored == workout)
        }
    }
}
