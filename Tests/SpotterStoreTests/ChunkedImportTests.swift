import Foundation
import SQLKit
import SpotterCore
import SpotterTestSupport
import Testing

@testable import SpotterStore

/// A large import is written in short transactions so lifters logging meanwhile are
/// not held up; these tests check it is still the same import, and still all or nothing.
@Suite("Imports in short transactions")
struct ChunkedImportTests {
    /// 20 workouts on alternate days with two exercises of 4 sets each (8 sets a workout).
    static func history(_ userID: UUID, _ exercises: [UUID]) -> [Workout] {
        stride(from: 0.0, to: 40, by: 2).map {
            BulkMarksTests.workout($0, exercises, weight: 80 + 2 * $0, reps: 6, userID: userID)
        }
    }

    /// `addFinished(next:)` fed from an array, as an import feeds it from a file.
    static func add(
        _ workouts: [Workout], newExercises: [UUID: ValidExerciseDraft] = [:], failingAfter: Int? = nil, userID: UUID,
        setsPerChunk: Int,
        in store: SpotterStore
    ) async throws -> BulkOutcome {
        var remaining = workouts[...]
        return try await WorkoutRepository(store: store).addFinished(
            next: {
                if let failingAfter, workouts.count - remaining.count == failingAfter {
                    throw StoreError.refused("the file changed")
                }
                return remaining.popFirst().map { FinishedWorkout($0) }
            }, newExercises: newExercises, userID: userID, now: now, setsPerChunk: setsPerChunk)
    }

    @Test(
        "an import in chunks stores exactly what one transaction stores: sets, marks, bests and weeks",
        arguments: TestDatabase.all)
    func sameResult(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let whole = try await makeUser("whole", in: store), chunked = try await makeUser("chunked", in: store)
                var snapshots: [[String]] = []
                for (index, (user, size)) in [(whole, 1_000_000), (chunked, 9)].enumerated() {
                    let exercises = ExerciseService.stopped(at: now, store: store)
                    let squat = try await exercises.create(draft: benchDraft("Box Squat"), userID: user.id).id
                    let press = try await exercises.create(draft: benchDraft("Floor Press"), userID: user.id).id
                    let added = try await Self.add(
                        Self.history(user.id, [squat, press]), userID: user.id, setsPerChunk: size, in: store)
                    #expect((added.workouts, added.sets, added.newExercises, added.alreadyThere) == (20, 160, 0, 0))
                    // Marks and bests by exercise name and set position, so the two lifters compare.
                    let names = [squat: "squat", press: "press"]
                    let snapshot = try await BulkMarksTests.snapshot(user.id, in: store).map { line in
                        names.reduce(line) { $0.replacingOccurrences(of: $1.key.uuidString, with: $1.value) }
                    }.sorted()
                    snapshots.append(snapshot.filter { $0.hasPrefix("best") })
                    #expect(
                        try await TestEnvironment.count("workout_sets", in: store) == 160 * (index + 1),
                        "20 workouts of 8 sets each")
                }
                #expect(snapshots[0] == snapshots[1])
                #expect(!snapshots[0].isEmpty)
                let wholeMarks = try await Self.markCounts(whole.id, in: store)
                let chunkedMarks = try await Self.markCounts(chunked.id, in: store)
                #expect(wholeMarks == chunkedMarks)
                #expect(wholeMarks.sets > 0)
            }
        }
    }

    /// How many sets carry a record mark and how many entries a volume record.
    static func markCounts(_ userID: UUID, in store: SpotterStore) async throws -> (sets: Int, entries: Int) {
        let lines = try await BulkMarksTests.snapshot(userID, in: store)
        return (
            lines.filter { $0.hasPrefix("set ") && !$0.hasSuffix(" -") }.count,
            lines.filter { $0.hasPrefix("entry ") && $0.hasSuffix(" true") }.count
        )
    }

    @Test(
        "when a later chunk fails, or the reading stops with an error, what the earlier chunks added is taken out again",
        arguments: TestDatabase.all)
    func allOrNothing(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let anna = try await makeUser("anna", in: store)
                let exercises = ExerciseService.stopped(at: now, store: store)
                let squat = try await exercises.create(draft: benchDraft("Box Squat"), userID: anna.id).id
                let workouts = WorkoutRepository(store: store)
                // One earlier session whose bests must survive the failed import as they were.
                try await workouts.addFinished(
                    [BulkMarksTests.workout(-10, [squat], weight: 100, reps: 5, userID: anna.id)], userID: anna.id, now: now)
                let before = try await BulkMarksTests.snapshot(anna.id, in: store)
                let newExercise = UUID()
                var history = Self.history(anna.id, [squat, newExercise])
                // The last workout reuses a set id of the first: its chunk fails after the others were written.
                history[19].entries[0].sets[0].id = history[0].entries[0].sets[0].id
                let landmine = [newExercise: try benchDraft("Landmine Press").validated()]
                await #expect(throws: SpotterError.self) {
                    _ = try await Self.add(history, newExercises: landmine, userID: anna.id, setsPerChunk: 8, in: store)
                }
                #expect(try await TestEnvironment.count("workouts", in: store) == 1)
                #expect(try await TestEnvironment.count("workout_sets", in: store) == 4)
                #expect(
                    try await ExerciseRepository(store: store).find(id: newExercise, userID: anna.id) == nil,
                    "the new exercise is gone too")
                #expect(try await BulkMarksTests.snapshot(anna.id, in: store) == before, "bests and marks as before")

                // A file that stops reading after 7 workouts (3 parts of 2 written) leaves nothing either.
                history[19] = BulkMarksTests.workout(38, [squat, newExercise], weight: 120, reps: 6, userID: anna.id)
                await #expect(throws: StoreError.self) {
                    _ = try await Self.add(
                        history, newExercises: landmine, failingAfter: 7, userID: anna.id, setsPerChunk: 16, in: store)
                }
                #expect(try await TestEnvironment.count("workouts", in: store) == 1)
                #expect(try await ExerciseRepository(store: store).find(id: newExercise, userID: anna.id) == nil)
                #expect(try await BulkMarksTests.snapshot(anna.id, in: store) == before)
                // The same load without the failure lands whole.
                let outcome = try await Self.add(history, newExercises: landmine, userID: anna.id, setsPerChunk: 16, in: store)
                #expect((outcome.workouts, outcome.sets, outcome.newExercises) == (20, 160, 1))
            }
        }
    }

    @Test(
        "an import whose process died after writing its parts is judged when the next server or import starts",
        arguments: TestDatabase.all)
    func interrupted(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let anna = try await makeUser("anna", in: store)
                let squat = try await ExerciseService.stopped(at: now, store: store).create(
                    draft: benchDraft("Box Squat"), userID: anna.id
                ).id
                let workouts = WorkoutRepository(store: store)
                // Two parts written, then the process died: no judging, no weeks.
                let history = Self.history(anna.id, [squat])
                for part in [history[..<10], history[10...]] {
                    _ = try await workouts.addPart(
                        Array(part).map { FinishedWorkout($0) }, newExercises: [:], created: [], userID: anna.id, now: now)
                }
                #expect(try await TestEnvironment.count("unjudged_exercises", in: store) == 1)
                #expect(try await Self.markCounts(anna.id, in: store) == (0, 0), "no marks yet")
                #expect(try await TestEnvironment.count("training_weeks", in: store) == 0)

                #expect(try await workouts.finishInterruptedLoads() == 1)
                let finished = try await BulkMarksTests.snapshot(anna.id, in: store)
                #expect(try await Self.markCounts(anna.id, in: store).sets > 0)
                #expect(try await TestEnvironment.count("training_weeks", in: store) > 0)
                #expect(try await TestEnvironment.count("unjudged_exercises", in: store) == 0)
                // Exactly what judging the whole history again gives; a second start has nothing to do.
                try await store.database.writeTransaction { tx in
                    try await ProgressRows.refresh(userID: anna.id, exerciseIDs: [squat], on: tx)
                }
                #expect(try await BulkMarksTests.snapshot(anna.id, in: store) == finished)
                #expect(try await workouts.finishInterruptedLoads() == 0)

                // A load that completes leaves nothing to judge behind.
                _ = try await Self.add(
                    Self.history(anna.id, [squat]).map {
                        var w = $0; w.startedAt += 86_400 * 100; w.endedAt = w.startedAt + 3600; return w
                    },
                    userID: anna.id, setsPerChunk: 8, in: store)
                #expect(try await TestEnvironment.count("unjudged_exercises", in: store) == 0)
            }
        }
    }
}
