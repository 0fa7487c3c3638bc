import Foundation
import SQLKit
import SpotterCore
import SpotterTestSupport
import Testing

@testable import SpotterStore

/// M017: bests stored before rep maxes counted sets of more than 12 reps are judged
/// again once, right after migrating, not only when the exercise is next touched.
@Suite("Judging long sets again (M017)")
struct LongSetsMigrationTests {
    static func workout(_ exercise: UUID, sets: [(reps: Int, kg: Double)], userID: UUID) -> Workout {
        let entry = ExerciseEntry(
            id: UUID(), exerciseID: exercise,
            sets: sets.map { WorkoutSet(id: UUID(), reps: $0.reps, weight: Mass($0.kg, .kg), done: true, updatedAt: now) })
        return Workout(
            id: UUID(), ownerID: userID, name: "Legs", startedAt: now, endedAt: now.addingTimeInterval(3600), entries: [entry])
    }

    static func repWeights(_ exercise: UUID, in store: SpotterStore) async throws -> String {
        try #require(
            try await store.sql.raw("SELECT rep_weights FROM exercise_records WHERE exercise_id = \(bind: exercise)").first()
        )
        .decode(column: "rep_weights", as: String.self)
    }

    @Test(
        "a stale 12-rep best of an exercise with a set of 13 reps is judged again; other exercises are left as stored",
        arguments: TestDatabase.all)
    func judgedOnce(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let anna = try await makeUser("anna", in: store)
                let exercises = ExerciseService.stopped(at: now, store: store)
                let squat = try await exercises.create(draft: benchDraft("Hack Squat"), userID: anna.id).id
                let curl = try await exercises.create(draft: benchDraft("Spider Curl"), userID: anna.id).id
                let workouts = WorkoutRepository(store: store)
                // 80 kg x 12 and 90 kg x 13: today 90 kg is every rep max from 1 to 12.
                try await workouts.addFinished(
                    [Self.workout(squat, sets: [(12, 80), (13, 90)], userID: anna.id)], userID: anna.id, now: now)
                try await workouts.addFinished([Self.workout(curl, sets: [(10, 20)], userID: anna.id)], userID: anna.id, now: now)
                let judged = try await Self.repWeights(squat, in: store)
                #expect(judged == Array(repeating: "90.0", count: 12).joined(separator: ","))
                // What the rules before 1cab658 stored: the 13-rep set counted for no rep max.
                let stale = Array(repeating: "80.0", count: 12).joined(separator: ",")
                let tampered = Array(repeating: "19.0", count: 12).joined(separator: ",")
                try await store.sql.raw(
                    "UPDATE exercise_records SET rep_weights = \(bind: stale) WHERE exercise_id = \(bind: squat)"
                ).run()
                try await store.sql.raw(
                    "UPDATE exercise_records SET rep_weights = \(bind: tampered) WHERE exercise_id = \(bind: curl)"
                ).run()

                try await M017JudgeLongSetsAgain().prepare(on: store.database)
                try await M017JudgeLongSetsAgain().prepare(on: store.database)
                #expect(
                    try await TestEnvironment.count("unjudged_exercises", in: store) == 1,
                    "only the exercise with a set over 12 reps, once")
                #expect(try await WorkoutRepository(store: store).finishInterruptedLoads() == 1)

                #expect(try await Self.repWeights(squat, in: store) == judged, "judged again by today's rules")
                #expect(try await Self.repWeights(curl, in: store) == tampered, "no set over 12 reps: not judged again")
                #expect(try await TestEnvironment.count("unjudged_exercises", in: store) == 0)
            }
        }
    }
}
