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
        stride(from: 0.0, to: 40, by: 2).map { BulkMarksTests.workout($0, exercises, weight: 80 + 2 * $0, reps: 6, userID: userID) }
    }

    @Test("chunks never split a workout and stay within the set budget")
    func chunking() {
        let user = UUID(), exercise = UUID()
        let workouts = Self.history(user, [exercise])  // 4 sets each
        let chunks = WorkoutRepository.chunks(workouts, setsPerChunk: 10)
        #expect(chunks.map(\.count) == Array(repeating: 2, count: 10), "two workouts of 4 sets fit in 10, a third would not")
        #expect(chunks.flatMap { $0 }.map(\.id) == workouts.map(\.id), "in order, each once")
        #expect(WorkoutRepository.chunks(workouts, setsPerChunk: 3).map(\.count) == Array(repeating: 1, count: 20), "a workout larger than the budget is a chunk of its own")
        #expect(WorkoutRepository.chunks([], setsPerChunk: 10).isEmpty)
    }

    @Test("an import in chunks stores exactly what one transaction stores: sets, marks, bests and weeks", arguments: TestDatabase.all)
    func sameResult(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let whole = try await makeUser("whole", in: store), chunked = try await makeUser("chunked", in: store)
                var snapshots: [[String]] = []
                for (index, (user, size)) in [(whole, 1_000_000), (chunked, 9)].enumerated() {
                    let exercises = ExerciseRepository(store: store)
                    let squat = try await exercises.create(userID: user.id, draft: benchDraft("Box Squat"), now: now).id
                    let press = try await exercises.create(userID: user.id, draft: benchDraft("Floor Press"), now: now).id
                    let added = try await WorkoutRepository(store: store).addFinishedInChunks(
                        FinishedBatch(workouts: Self.history(user.id, [squat, press])), userID: user.id, now: now, setsPerChunk: size)
                    #expect(added.count == 20)
                    // Marks and bests by exercise name and set position, so the two lifters compare.
                    let names = [squat: "squat", press: "press"]
                    let snapshot = try await BulkMarksTests.snapshot(user.id, in: store).map { line in
                        names.reduce(line) { $0.replacingOccurrences(of: $1.key.uuidString, with: $1.value) }
                    }.sorted()
                    snapshots.append(snapshot.filter { $0.hasPrefix("best") })
                    #expect(try await TestEnvironment.count("workout_sets", in: store) == 160 * (index + 1), "20 workouts of 8 sets each")
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
        return (lines.filter { $0.hasPrefix("set ") && !$0.hasSuffix(" -") }.count, lines.filter { $0.hasPrefix("entry ") && $0.hasSuffix(" true") }.count)
    }

    @Test("when a later chunk fails, what the earlier chunks added is taken out again", arguments: TestDatabase.all)
    func allOrNothing(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let anna = try await makeUser("anna", in: store)
                let exercises = ExerciseRepository(store: store)
                let squat = try await exercises.create(userID: anna.id, draft: benchDraft("Box Squat"), now: now).id
                let workouts = WorkoutRepository(store: store)
                // One earlier session whose bests must survive the failed import as they were.
                try await workouts.addFinished([BulkMarksTests.workout(-10, [squat], weight: 100, reps: 5, userID: anna.id)], userID: anna.id, now: now)
                let before = try await BulkMarksTests.snapshot(anna.id, in: store)
                let newExercise = UUID()
                var history = Self.history(anna.id, [squat, newExercise])
                // The last workout reuses a set id of the first: its chunk fails after the others were written.
                history[19].entries[0].sets[0].id = history[0].entries[0].sets[0].id
                let batch = FinishedBatch(workouts: history, newExercises: [(newExercise, try benchDraft("Landmine Press").validated())])
                await #expect(throws: SpotterError.self) {
                    _ = try await workouts.addFinishedInChunks(batch, userID: anna.id, now: now, setsPerChunk: 8)
                }
                #expect(try await TestEnvironment.count("workouts", in: store) == 1)
                #expect(try await TestEnvironment.count("workout_sets", in: store) == 4)
                #expect(try await exercises.find(id: newExercise, userID: anna.id) == nil, "the new exercise is gone too")
                #expect(try await BulkMarksTests.snapshot(anna.id, in: store) == before, "bests and marks as before")
            }
        }
    }
}
