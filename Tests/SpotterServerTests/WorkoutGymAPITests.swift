import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// Gym-floor rules over the API: a superset's rest comes after its round, and the
/// last session's notes come back with the exercise.
@Suite("Workouts API: supersets and last time's notes")
struct WorkoutGymAPITests {
    @Test(
        "in a superset, ticking the first exercise's set starts no rest; the last one's starts its rest",
        arguments: TestDatabase.all)
    func supersetRest(engine: TestDatabase) async throws {
        try await withActiveWorkout(engine, of: [.bench, .incline, .squat]) { api, workout, _ in
            for (index, entry) in workout.entries.prefix(2).enumerated() {
                let grouped = try await api.entry(
                    workout.id, entry, ["exerciseId": workout.exercises[index], "supersetGroup": 1, "restSeconds": 75])
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
            let squat = try await api.set(workout.id, workout.entries[2], squatSet, ["reps": 5, "weight": 100, "done": true])
                .object()
            #expect((squat["rest"] as? [String: Any])?["totalSeconds"] as? Int == 120)
        }
    }

    @Test(
        "the next workout's entry carries the last session's notes; a finished workout's carries none",
        arguments: TestDatabase.all)
    func lastNotes(engine: TestDatabase) async throws {
        try await withWorkouts(engine) { api, _ in
            let squat = try await api.exercise(.squat)
            let (done, entries) = try await api.logWorkout(exercises: [squat], sets: [(reps: 5, weight: 100)])
            #expect(try await api.entry(done, entries[0], ["exerciseId": squat, "notes": "Wider stance"]).status == .ok)
            let noted = try await api.set(
                done, entries[0], wkID(), ["reps": 5, "weight": 100, "done": true, "note": "grip slipped"])
            #expect(noted.status == .ok)
            #expect(try await api.finish(done).status == .ok)
            let finished = try await api.get(done).object()
            #expect((finished["entries"] as? [[String: Any]])?.first?["lastNotes"] is NSNull)

            let (next, _) = try await api.logWorkout(exercises: [squat], sets: [])
            let entry = try #require((try await api.get(next).object()["entries"] as? [[String: Any]])?.first)
            #expect(entry["lastNotes"] as? String == "Wider stance · Set 2: grip slipped")
        }
    }

    @Test(
        "a rest chosen for an exercise is remembered for it, before the default, in later workouts; another lifter's is their own",
        arguments: TestDatabase.all)
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

    /// The record kinds of the first set of a workout, as the API gives them.
    private func firstSetRecords(_ api: WorkoutCalls, _ workout: String) async throws -> [String] {
        let entry = try #require(wkEntries(try await api.get(workout).object()).first)
        return try #require(wkSets(entry).first)["records"] as? [String] ?? []
    }

    @Test(
        "a finished workout moved in time keeps its length and is judged again where it now stands", arguments: TestDatabase.all)
    func moveFinished(engine: TestDatabase) async throws {
        try await withWorkouts(engine) { api, h in
            let squat = try await api.exercise(.squat)
            let (first, _) = try await api.logWorkout(exercises: [squat], sets: [(reps: 5, weight: 100)])
            h.clock.advance(by: 3_600)
            #expect(try await api.finish(first).status == .ok)
            h.clock.advance(by: 86_400)
            let (second, _) = try await api.logWorkout(exercises: [squat], sets: [(reps: 5, weight: 110)])
            h.clock.advance(by: 1_800)
            #expect(try await api.finish(second).status == .ok)
            #expect(try await firstSetRecords(api, second).contains("heaviestWeight"), "110 kg after 100 kg")

            // Moved two days back, before the 100 kg session: now the first squat session ever.
            let twoDaysBack = testNow.addingTimeInterval(-2 * 86_400)
            let moved = try await api.patch(second, ["startedAt": wkTime(twoDaysBack)])
            #expect(moved.status == .ok, "\(moved.text)")
            let body = try moved.object()
            #expect(body["startedAt"] as? String == wkTime(twoDaysBack))
            #expect(body["endedAt"] as? String == wkTime(twoDaysBack.addingTimeInterval(1_800)), "its 30 minutes kept")
            let (movedMarks, firstMarks) = (try await firstSetRecords(api, second), try await firstSetRecords(api, first))
            #expect(movedMarks.isEmpty, "judged again: nothing came before it (\(movedMarks); the 100 kg one: \(firstMarks))")

            // 45 minutes long; refused: a start in the future, a day and a half long, and nothing changes.
            let longer = try await api.patch(second, ["durationSeconds": 2_700]).object()
            #expect(longer["endedAt"] as? String == wkTime(twoDaysBack.addingTimeInterval(2_700)))
            let future = try await api.patch(second, ["startedAt": wkTime(h.clock.now.addingTimeInterval(3_600))])
            #expect(future.status == .badRequest && future.text.contains("The start can't be in the future"))
            let tooLong = try await api.patch(second, ["durationSeconds": 129_600])
            #expect(tooLong.status == .badRequest && tooLong.text.contains("A workout lasts from 1 minute to 24 hours."))
            let after = try await api.get(second).object()
            #expect(
                after["startedAt"] as? String == wkTime(twoDaysBack)
                    && after["endedAt"] as? String == wkTime(twoDaysBack.addingTimeInterval(2_700)))

            // Another lifter cannot move it.
            let bens = try await h.workouts(.ben).patch(second, ["startedAt": wkTime(testNow)])
            #expect(bens.status == .notFound)
            #expect(try await api.get(second).object()["startedAt"] as? String == wkTime(twoDaysBack))
        }
    }

    @Test(
        "a past workout is logged finished, beside the one in progress; a bad one is refused and nothing is made",
        arguments: TestDatabase.all)
    func logPast(engine: TestDatabase) async throws {
        try await withWorkouts(engine) { api, h in
            let running = wkID()
            #expect(try await api.start(running, ["name": "Today"]).status == .created)
            let yesterday = testNow.addingTimeInterval(-86_400)
            let past = wkID()
            let made = try await api.start(
                past, ["name": "Forgot this one", "startedAt": wkTime(yesterday), "durationSeconds": 3_000])
            #expect(made.status == .created, "\(made.text)")
            let body = try made.object()
            #expect(
                body["isActive"] as? Bool == false && body["endedAt"] as? String == wkTime(yesterday.addingTimeInterval(3_000)))
            #expect(try await api.active().object()["id"] as? String == running, "the workout in progress is left alone")
            #expect(
                try await api.start(past, ["name": "Forgot this one", "startedAt": wkTime(yesterday), "durationSeconds": 3_000])
                    .status == .created,
                "a retry finds it")

            let before = try await h.count("workouts")
            for (fields, field) in [
                (
                    ["startedAt": wkTime(testNow.addingTimeInterval(7_200)), "durationSeconds": 600] as [String: any Sendable],
                    "startedAt"
                ),
                (["durationSeconds": 600], "startedAt"),
                (["startedAt": wkTime(yesterday), "durationSeconds": 30], "durationSeconds"),
                (["startedAt": wkTime(yesterday), "durationSeconds": 600, "repeatOf": past], "startedAt"),
            ] {
                let refused = try await api.start(wkID(), fields)
                #expect(refused.status == .badRequest, "\(fields)")
                #expect(
                    refused.text.contains("\"field\":\"\(field)\"") || refused.text.contains("\"field\" : \"\(field)\""),
                    "\(refused.text)")
            }
            #expect(try await h.count("workouts") == before, "nothing is made by a refused one")
        }
    }

    @Test(
        "a workout started on a phone without signal arrives later with the phone's start: in progress, named for that hour",
        arguments: TestDatabase.all)
    func startedOffline(engine: TestDatabase) async throws {
        try await withWorkouts(engine) { api, h in
            // testNow is 14:13 in the harness lifter's zone; the phone started at 08:13.
            let began = testNow.addingTimeInterval(-6 * 3_600)
            let refused = try await api.start(wkID(), ["startedAt": wkTime(testNow.addingTimeInterval(7_200))])
            #expect(refused.status == .badRequest && refused.text.contains("The start can't be in the future"), "\(refused.text)")
            #expect(try await h.count("workouts") == 0, "a refused start makes nothing")

            let id = wkID()
            let made = try await api.start(id, ["startedAt": wkTime(began)])
            #expect(made.status == .created, "\(made.text)")
            let body = try made.object()
            #expect(body["isActive"] as? Bool == true && body["endedAt"] is NSNull)
            #expect(body["startedAt"] as? String == wkTime(began) && body["name"] as? String == "Morning Workout")
            #expect(try await api.active().object()["id"] as? String == id)
            #expect(try await api.start(id, ["startedAt": wkTime(began)]).status == .created, "the outbox's retry finds it")

            // Another phone's start while this one runs is the usual conflict, and makes nothing.
            let second = try await api.start(wkID(), ["startedAt": wkTime(testNow.addingTimeInterval(-600))])
            #expect(second.status == .conflict && second.text.contains("Morning Workout is still in progress"), "\(second.text)")
            #expect(try await h.count("workouts") == 1)
        }
    }
}
