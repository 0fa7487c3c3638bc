import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// Gym-floor rules over the API: a superset's rest comes after its round, and the
/// last session's notes come back with the exercise.
@Suite("Workouts API: supersets and last time's notes")
struct WorkoutGymAPITests {
    @Test("in a superset, ticking the first exercise's set starts no rest; the last one's starts its rest", arguments: TestDatabase.all)
    func supersetRest(engine: TestDatabase) async throws {
        try await withActiveWorkout(engine, of: [.bench, .incline, .squat]) { api, workout, _ in
            for (index, entry) in workout.entries.prefix(2).enumerated() {
                let grouped = try await api.entry(workout.id, entry, ["exerciseId": workout.exercises[index], "supersetGroup": 1, "restSeconds": 75])
                #expect(grouped.status == .ok)
            }
            let (a, b) = (wkID(), wkID())
            let first = try await api.set(workout.id, workout.entries[0], a, ["reps": 8, "weight": 60, "done": true]).object()
            #expect((first["rest"] as? [String: Any])?["endsAt"] is NSNull, "the round goes on to the incline press")
            let second = try await api.set(workout.id, workout.entries[1], b, ["reps": 8, "weight": 40, "done": true]).object()
            let rest = try #require(second["rest"] as? [String: Any])
            #expect(rest["totalSeconds"] as? Int == 75 && rest["afterSetId"] as? String == b, "the round is over: 75 s")
            // The squat is no part of it: its first of two sets rests the default, as any exercise's.
            let squatSet = wkID()
            #expect(try await api.set(workout.id, workout.entries[2], squatSet, ["reps": 5, "weight": 100]).status == .ok)
            #expect(try await api.set(workout.id, workout.entries[2], wkID(), ["reps": 5, "weight": 100]).status == .ok)
            let squat = try await api.set(workout.id, workout.entries[2], squatSet, ["reps": 5, "weight": 100, "done": true]).object()
            #expect((squat["rest"] as? [String: Any])?["totalSeconds"] as? Int == 120)
        }
    }

    @Test("the next workout's entry carries the last session's notes; a finished workout's carries none", arguments: TestDatabase.all)
    func lastNotes(engine: TestDatabase) async throws {
        try await withWorkouts(engine) { api, _ in
            let squat = try await api.exercise(.squat)
            let (done, entries) = try await api.logWorkout(exercises: [squat], sets: [(reps: 5, weight: 100)])
            #expect(try await api.entry(done, entries[0], ["exerciseId": squat, "notes": "Wider stance"]).status == .ok)
            let noted = try await api.set(done, entries[0], wkID(), ["reps": 5, "weight": 100, "done": true, "note": "grip slipped"])
            #expect(noted.status == .ok)
            #expect(try await api.finish(done).status == .ok)
            let finished = try await api.get(done).object()
            #expect((finished["entries"] as? [[String: Any]])?.first?["lastNotes"] is NSNull)

            let (next, _) = try await api.logWorkout(exercises: [squat], sets: [])
            let entry = try #require((try await api.get(next).object()["entries"] as? [[String: Any]])?.first)
            #expect(entry["lastNotes"] as? String == "Wider stance · Set 2: grip slipped")
        }
    }

    @Test("a rest chosen for an exercise is remembered for it, before the default, in later workouts; another lifter's is their own", arguments: TestDatabase.all)
    func rememberedRest(engine: TestDatabase) async throws {
        try await withWorkouts(engine) { ana, h in
            let bench = try await ana.exercise(.bench)
            let (first, entries) = try await ana.logWorkout(exercises: [bench], sets: [(reps: 5, weight: 80)])
            #expect(try await ana.entry(first, entries[0], ["exerciseId": bench, "restSeconds": 150]).status == .ok)
            #expect(try await ana.finish(first).status == .ok)

            // Next time the entry has no rest of its own: the remembered 150 s applies.
            let (next, nextEntries) = try await ana.logWorkout(exercises: [bench], sets: [])
            let entry = try #require((try await ana.get(next).object()["entries"] as? [[String: Any]])?.first)
            #expect(entry["restSeconds"] is NSNull && entry["rememberedRestSeconds"] as? Int == 150)
            let set = wkID()
            #expect(try await ana.set(next, nextEntries[0], set, ["reps": 5, "weight": 80]).status == .ok)
            #expect(try await ana.set(next, nextEntries[0], wkID(), ["reps": 5, "weight": 80]).status == .ok)
            let ticked = try await ana.set(next, nextEntries[0], set, ["reps": 5, "weight": 80, "done": true]).object()
            #expect((ticked["rest"] as? [String: Any])?["totalSeconds"] as? Int == 150)

            // Ben's bench press knows nothing of Ana's choice: his default 120 s.
            let ben = h.workouts(.ben)
            let (his, hisEntries) = try await ben.logWorkout(exercises: [bench], sets: [])
            let hisEntry = try #require((try await ben.get(his).object()["entries"] as? [[String: Any]])?.first)
            #expect(hisEntry["rememberedRestSeconds"] is NSNull)
            let hisSet = wkID()
            #expect(try await ben.set(his, hisEntries[0], hisSet, ["reps": 5, "weight": 60]).status == .ok)
            #expect(try await ben.set(his, hisEntries[0], wkID(), ["reps": 5, "weight": 60]).status == .ok)
            let hisTick = try await ben.set(his, hisEntries[0], hisSet, ["reps": 5, "weight": 60, "done": true]).object()
            #expect((hisTick["rest"] as? [String: Any])?["totalSeconds"] as? Int == 120)
        }
    }
}
