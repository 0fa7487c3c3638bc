import Foundation
import SQLKit
import SpotterCore
import SpotterTestSupport
import Testing

@testable import SpotterStore

/// A bulk load marks its records from memory as it inserts. These tests check that
/// the marks and bests it writes are exactly what a recompute from the stored sets
/// gives, also when the load lands between sessions logged before.
@Suite("Record marks of bulk loads")
struct BulkMarksTests {
    static let day = 86_400.0

    /// A finished workout `days` after `now` with one entry per exercise: a warm-up,
    /// then working sets of `weight` (+2.5 kg each) for `reps`.
    static func workout(_ days: Double, _ exercises: [UUID], weight: Double, reps: Int, userID: UUID) -> Workout {
        let start = now.addingTimeInterval(days * day)
        let entries = exercises.map { exerciseID in
            let warmUp = WorkoutSet(
                id: UUID(), kind: .warmup, reps: 10, weight: Mass(weight / 2, .kg), done: true, updatedAt: start)
            let working: [WorkoutSet] = (0..<3).map { index in
                let load = Mass(weight + 2.5 * Double(index), .kg)
                return WorkoutSet(id: UUID(), reps: reps - index, weight: load, done: true, updatedAt: start)
            }
            return ExerciseEntry(id: UUID(), exerciseID: exerciseID, sets: [warmUp] + working)
        }
        return Workout(
            id: UUID(), ownerID: userID, name: "Day \(Int(days))", startedAt: start, endedAt: start.addingTimeInterval(3600),
            entries: entries)
    }

    /// Every stored mark and best of the lifter, as text to compare.
    static func snapshot(_ userID: UUID, in store: SpotterStore) async throws -> [String] {
        let sql = store.sql
        var lines: [String] = []
        for row in try await sql.raw("SELECT id, records FROM workout_sets WHERE user_id = \(bind: userID)").all() {
            lines.append(
                "set \(try row.decode(column: "id", as: UUID.self)) \(try row.decode(column: "records", as: String?.self) ?? "-")"
            )
        }
        for row in try await sql.raw("SELECT id, volume_record FROM exercise_entries WHERE user_id = \(bind: userID)").all() {
            lines.append(
                "entry \(try row.decode(column: "id", as: UUID.self)) \(try row.decode(column: "volume_record", as: Bool?.self) ?? false)"
            )
        }
        for row in try await sql.raw(
            """
            SELECT exercise_id, heaviest_kg, e1rm_kg, set_volume_kg, session_volume_kg, rep_weights FROM exercise_records \
            WHERE user_id = \(bind: userID)
            """
        ).all() {
            lines.append(
                """
                best \(try row.decode(column: "exercise_id", as: UUID.self)) \(try row.decode(column: "heaviest_kg", as: Double.self)) \
                \(try row.decode(column: "e1rm_kg", as: Double.self)) \(try row.decode(column: "set_volume_kg", as: Double.self)) \
                \(try row.decode(column: "session_volume_kg", as: Double.self)) \(try row.decode(column: "rep_weights", as: String.self))
                """)
        }
        return lines.sorted()
    }

    @Test("a load between earlier sessions marks exactly what a recompute marks", arguments: TestDatabase.all)
    func interleaved(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let anna = try await makeUser("anna", in: store)
                let exercises = ExerciseService.stopped(at: now, store: store)
                let squat = try await exercises.create(draft: benchDraft("Box Squat"), userID: anna.id).id
                let press = try await exercises.create(draft: benchDraft("Floor Press"), userID: anna.id).id
                let workouts = WorkoutRepository(store: store)
                // Logged first: even days, 100 kg rising by 5 kg a session.
                let first = stride(from: 0.0, to: 20, by: 2).map {
                    Self.workout($0, [squat, press], weight: 100 + 2.5 * $0, reps: 5, userID: anna.id)
                }
                try await workouts.addFinished(first, userID: anna.id, now: now)
                // Then a load of odd days between them, some heavier, some lighter, and later ones.
                let second = stride(from: 1.0, to: 30, by: 2).map { days in
                    Self.workout(
                        days, days < 10 ? [squat] : [squat, press], weight: 95 + 3 * days, reps: days < 10 ? 8 : 3,
                        userID: anna.id)
                }
                try await workouts.addFinished(second, userID: anna.id, now: now)

                let loaded = try await Self.snapshot(anna.id, in: store)
                #expect(loaded.contains { $0.hasPrefix("set ") && !$0.hasSuffix(" -") }, "the history holds records")
                // Heaviest squat: day 29, 95 + 87 = 182 kg, + 2 x 2.5 = 187 kg.
                let bests = try await ProgressRepository(store: store).bests(userID: anna.id, exerciseIDs: [squat])
                #expect(bests[squat]?.heaviest == 187)

                func recompute() async throws -> [String] {
                    try await store.database.transaction { tx in
                        try await ProgressRows.refresh(userID: anna.id, exerciseIDs: [squat, press], on: tx)
                    }
                    return try await Self.snapshot(anna.id, in: store)
                }
                let recomputed = try await recompute()
                #expect(recomputed == loaded, "a recompute changed: \(Set(recomputed).symmetricDifference(loaded).sorted())")
                // A recompute of two exercises once left each one's session-volume marks to the other.
                #expect(try await recompute() == recomputed, "a second recompute changes nothing")
            }
        }
    }

    @Test(
        "a bulk load keeps every value as given: text with tabs, line breaks and backslashes, empty values, targets, times",
        arguments: TestDatabase.all)
    func valuesKept(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let anna = try await makeUser("anna", in: store)
                let press = try await ExerciseService.stopped(at: now, store: store).create(
                    draft: benchDraft("Floor Press"), userID: anna.id
                ).id
                let start = now.addingTimeInterval(-86_400)
                let tricky = "tab\there\nnew line\r\\back\\slash \\N é 💪 'quote' \"double\""
                let sets = [
                    WorkoutSet(
                        id: UUID(), kind: .drop, reps: 8, weight: Mass(102.25, .lb), durationSeconds: 45, distanceMeters: 0.00001,
                        rpe: 8.5,
                        done: true, note: tricky, loggedAt: start.addingTimeInterval(60.123),
                        updatedAt: start.addingTimeInterval(61.5),
                        target: SetTarget(reps: RepRange(6, 10), rpe: 9)),
                    WorkoutSet(id: UUID(), kind: .working, done: false, note: "", updatedAt: start),
                ]
                let workout = Workout(
                    id: UUID(), ownerID: anna.id, name: "Heavy", startedAt: start, endedAt: start.addingTimeInterval(3600),
                    notes: tricky,
                    entries: [
                        ExerciseEntry(id: UUID(), exerciseID: press, notes: tricky, supersetGroup: 2, restSeconds: 90, sets: sets)
                    ])
                try await WorkoutRepository(store: store).addFinished([workout], userID: anna.id, now: now)
                var stored = try #require(try await WorkoutRepository(store: store).find(id: workout.id, userID: anna.id))
                for index in stored.entries.indices { stored.entries[index].records = EntryRecords() }
                #expect(stored.entries == workout.entries)
                #expect(stored.notes == tricky)
            }
        }
    }
}
