import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

/// A set write stores only what changed; whatever changes, reading the set back
/// gives exactly what was sent.
@Suite("Writing a set")
struct SetWriteTests {
    @Test("every field changed on its own is stored, and the others stay as they were", arguments: TestDatabase.all)
    func eachFieldPersists(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                try await CatalogSeeder(store: store).seed(CatalogSeeder.bundledCatalog(), now: now)
                let ana = try await makeUser("ana", in: store)
                let exercise = try #require(try await ExerciseRepository(store: store).list(userID: ana.id).first)
                let workouts = WorkoutRepository(store: store)
                let workout = try await WorkoutService.at(now, in: store).start(
                    .init(id: UUID(), name: "Push", workoutTypeID: nil), user: ana)
                let entry = UUID()
                _ = try await WorkoutService.at(now, in: store).putEntry(
                    workoutID: workout.id, entryID: entry, change: EntryChange(exerciseID: exercise.id), user: ana)
                let set = UUID()
                var second = 0.0
                func put(_ draft: SetDraft) async throws -> WorkoutSet {
                    second += 1
                    _ = try await WorkoutService.at(now.addingTimeInterval(second), in: store).putSet(
                        SetWrite(
                            workoutID: workout.id, entryID: entry, setID: set, draft: draft,
                            changedAt: now.addingTimeInterval(second)), user: ana)
                    return try #require(try await workouts.find(id: workout.id, userID: ana.id)?.entries.first?.sets.first)
                }
                var expected = WorkoutSet(
                    id: set, kind: .working, reps: 5, weight: Mass(100, .kg), rpe: 8, note: "belt",
                    updatedAt: now.addingTimeInterval(1))
                #expect(try await put(SetDraft(kind: "working", reps: 5, weight: 100, rpe: 8, note: "belt")) == expected)

                expected.reps = 6
                expected.updatedAt = now.addingTimeInterval(2)
                #expect(try await put(SetDraft(reps: 6)) == expected)
                expected.weight = Mass(225, .lb)
                expected.updatedAt = now.addingTimeInterval(3)
                #expect(try await put(SetDraft(weight: 225, weightUnit: "lb")) == expected)
                expected.kind = .failure
                expected.updatedAt = now.addingTimeInterval(4)
                #expect(try await put(SetDraft(kind: "failure")) == expected)
                expected.rpe = 9.5
                expected.updatedAt = now.addingTimeInterval(5)
                #expect(try await put(SetDraft(rpe: 9.5)) == expected)
                expected.note = "no belt"
                expected.updatedAt = now.addingTimeInterval(6)
                #expect(try await put(SetDraft(note: "no belt")) == expected)
                expected.done = true
                expected.loggedAt = now.addingTimeInterval(7)
                expected.updatedAt = now.addingTimeInterval(7)
                #expect(try await put(SetDraft(done: true)) == expected)
                expected.done = false
                expected.loggedAt = nil
                expected.updatedAt = now.addingTimeInterval(8)
                #expect(try await put(SetDraft(done: false)) == expected)
            }
        }
    }
}
