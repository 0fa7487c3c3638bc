import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

/// Merging an own exercise into another in the store: every entry moves in one
/// transaction, the kept exercise's bests cover the joined history, the merged one is
/// gone; a refused merge and another lifter's attempt change nothing.
@Suite("Merging exercises")
struct ExerciseMergeServiceTests {
    /// Ana's own "Squat" with a finished workout of 120 x 5 a week ago, the library's
    /// squat with a finished 110 x 5 two days ago, and a workout in progress with her Squat.
    func withHistory(
        _ engine: TestDatabase,
        _ body:
            @escaping @Sendable (SpotterStore, User, _ own: Exercise, _ barbell: Exercise, _ active: Workout) async throws -> Void
    ) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                try await CatalogSeeder(store: store).seed(CatalogSeeder.bundledCatalog(), now: now)
                let ana = try await makeUser("ana", in: store)
                let exercises = ExerciseService.stopped(at: now, store: store)
                let own = try await exercises.create(
                    draft: ExerciseDraft(name: "Squat", muscleGroups: [.legs], equipment: .barbell, kind: .weightReps),
                    userID: ana.id)
                let barbell = try #require(try await exercises.list(userID: ana.id).first { $0.name == "Squat (Barbell)" })
                let workouts = WorkoutRepository(store: store)
                for (exercise, weight, daysAgo) in [(own, 120.0, 7.0), (barbell, 110.0, 2.0)] {
                    let past = try await WorkoutService.at(now, in: store).logPast(
                        .init(
                            id: UUID(), name: "Legs", startedAt: now.addingTimeInterval(-daysAgo * 86_400), durationSeconds: 3_600
                        ), user: ana)
                    let entry = UUID()
                    _ = try await WorkoutService.at(now, in: store).putEntry(
                        workoutID: past.id, entryID: entry, change: EntryChange(exerciseID: exercise.id), user: ana)
                    _ = try await WorkoutService.at(now, in: store).putSet(
                        SetWrite(
                            workoutID: past.id, entryID: entry, setID: UUID(),
                            draft: SetDraft(kind: "working", reps: 5, weight: weight, done: true), changedAt: now), user: ana)
                }
                let active = try await WorkoutService.at(now, in: store).start(
                    .init(id: UUID(), name: "Today", workoutTypeID: nil), user: ana)
                _ = try await WorkoutService.at(now, in: store).putEntry(
                    workoutID: active.id, entryID: UUID(), change: EntryChange(exerciseID: own.id), user: ana)
                try await body(store, ana, own, barbell, try #require(try await workouts.find(id: active.id, userID: ana.id)))
            }
        }
    }

    @Test(
        "every entry moves, the bests cover both histories (120 kg), and the merged exercise is deleted",
        arguments: TestDatabase.all)
    func merges(engine: TestDatabase) async throws {
        try await withHistory(engine) { store, ana, own, barbell, active in
            let before = try await ProgressRepository(store: store).bests(userID: ana.id, exerciseIDs: [barbell.id])
            #expect(before[barbell.id]?.heaviest == 110)
            let outcome = try await ExerciseMergeService(store: store).merge(own.id, into: barbell.id, userID: ana.id, now: now)
            #expect(outcome.deleted && outcome.plan.sets == 1 && outcome.plan.usage == ExerciseUsage(workouts: 2, templates: 0))
            #expect(try await ExerciseRepository(store: store).find(id: own.id, userID: ana.id) == nil)
            let after = try await ProgressRepository(store: store).bests(userID: ana.id, exerciseIDs: [barbell.id])
            #expect(after[barbell.id]?.heaviest == 120, "the merged 120 x 5 counts for the library squat")
            #expect(after[barbell.id]?.weightForReps[5] == 120)
            let running = try #require(try await WorkoutRepository(store: store).find(id: active.id, userID: ana.id))
            #expect(running.entries.map(\.exerciseID) == [barbell.id], "the workout in progress moved too")
        }
    }

    @Test("a refused merge and another lifter's try change nothing", arguments: TestDatabase.all)
    func refused(engine: TestDatabase) async throws {
        try await withHistory(engine) { store, ana, own, barbell, active in
            let service = ExerciseMergeService(store: store)
            let plank = try #require(try await ExerciseRepository(store: store).list(userID: ana.id).first { $0.name == "Plank" })
            await #expect(
                throws: SpotterError.invalid(
                    field: "into",
                    "Squat is logged as weight × reps and Plank as duration: only exercises logged the same way can be merged.")
            ) {
                try await service.merge(own.id, into: plank.id, userID: ana.id, now: now)
            }
            await #expect(
                throws: SpotterError.forbidden("Built-in exercises cannot be merged. You can merge only exercises you made.")
            ) {
                try await service.merge(barbell.id, into: own.id, userID: ana.id, now: now)
            }
            let ben = try await makeUser("ben", in: store)
            await #expect(throws: SpotterError.notFound("The exercise")) {
                try await service.merge(own.id, into: barbell.id, userID: ben.id, now: now)
            }
            #expect(try await ExerciseRepository(store: store).find(id: own.id, userID: ana.id) == own)
            #expect(try await WorkoutRepository(store: store).find(id: active.id, userID: ana.id) == active)
            let bests = try await ProgressRepository(store: store).bests(userID: ana.id, exerciseIDs: [barbell.id, own.id])
            #expect(bests[barbell.id]?.heaviest == 110 && bests[own.id]?.heaviest == 120)
        }
    }
}
