import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

@Suite("Workouts API")
struct WorkoutAPITests {
    @Test("start, log sets with rest, reorder, finish, then find it in history", arguments: TestDatabase.all)
    func lifecycle(engine: TestDatabase) async throws {
        try await withWorkouts(engine) { api, h in
            let clock = h.clock
            let (bench, squat, press) = try await api.exercises(.bench, .squat, .press)

            let w = wkID()
            let started = try await api.start(w)
            #expect(started.status == .created)
            let workout = try started.object()
            #expect(workout["id"] as? String == w)
            #expect(workout["name"] as? String == "Afternoon Workout", "14:13 UTC is the afternoon")
            #expect(workout["isActive"] as? Bool == true)
            #expect(workout["startedAt"] as? String == wkTime(testNow))
            #expect(wkNone(workout["endedAt"]))
            #expect(wkEntries(workout).isEmpty)
            #expect(workout["rest"] is [String: Any])
            #expect(wkNone(wkRest(workout)["endsAt"]))
            #expect(wkRest(workout)["totalSeconds"] as? Int == 0)
            #expect(wkSummary(workout)["setCount"] as? Int == 0)

            let active = try await api.active()
            #expect(active.status == .ok)
            #expect(try active.object()["id"] as? String == w)

            // Three exercises; the press has its own 90 s rest.
            let (a, b, c) = (wkID(), wkID(), wkID())
            let first = try await api.entry(w, a, ["exerciseId": bench])
            #expect(first.status == .ok)
            let firstEntry = try #require(wkEntries(try first.object()).first)
            #expect(firstEntry["id"] as? String == a)
            #expect(firstEntry["exerciseId"] as? String == bench)
            #expect(firstEntry["exerciseName"] as? String == "Bench Press (Barbell)")
            #expect(firstEntry["exerciseKind"] as? String == "weightReps")
            #expect(wkNone(firstEntry["restSeconds"]))
            #expect(wkSets(firstEntry).isEmpty)
            #expect((firstEntry["previous"] as? [Any])?.count == 1, "one hint, for the next set")
            #expect((firstEntry["previous"] as? [Any])?.first is NSNull, "never done before")
            #expect(try await api.entry(w, b, ["exerciseId": squat]).status == .ok)
            let third = try await api.entry(w, c, ["exerciseId": press, "restSeconds": 90])
            #expect(third.status == .ok)
            #expect(wkIDs(wkEntries(try third.object())) == [a, b, c], "entries are added at the end")
            #expect(wkEntries(try third.object()).last?["restSeconds"] as? Int == 90)

            // Bench and squat: each set logged done in one call; the default 120 s rest follows.
            for (entry, weight) in [(a, 100.0), (b, 140.0)] {
                for _ in 0..<3 {
                    let s = wkID()
                    let logged = try await api.set(w, entry, s, ["reps": 5, "weight": weight, "done": true])
                    #expect(logged.status == .ok)
                    let body = try logged.object()
                    #expect(body["applied"] as? Bool == true)
                    let set = try #require(body["set"] as? [String: Any])
                    #expect(set["id"] as? String == s)
                    #expect(set["kind"] as? String == "working")
                    #expect(set["reps"] as? Int == 5)
                    #expect(wkNumber(set["weight"]) == weight)
                    #expect(set["weightUnit"] as? String == "kg", "the lifter's unit when none is sent")
                    #expect(set["done"] as? Bool == true)
                    #expect(set["loggedAt"] as? String == wkTime(testNow))
                    let rest = wkRest(body)
                    #expect(rest["endsAt"] as? String == wkTime(testNow + 120))
                    #expect(rest["totalSeconds"] as? Int == 120)
                    #expect(rest["afterSetId"] as? String == s)
                }
            }

            // The rest timer's buttons: +15 s, -15 s, skip.
            let added = try await api.rest(w, "add")
            #expect(added.status == .ok)
            #expect(try added.object()["endsAt"] as? String == wkTime(testNow + 135))
            #expect(try added.object()["totalSeconds"] as? Int == 135)
            let subtracted = try await api.rest(w, "subtract")
            #expect(try subtracted.object()["endsAt"] as? String == wkTime(testNow + 120))
            #expect(try subtracted.object()["totalSeconds"] as? Int == 120)
            let skipped = try await api.rest(w, "skip")
            #expect(skipped.status == .ok)
            #expect(wkNone(try skipped.object()["endsAt"]))
            #expect(try skipped.object()["totalSeconds"] as? Int == 0)
            #expect(wkNone(try skipped.object()["afterSetId"]))
            #expect(wkNone(try await api.rest(w, "add").object()["endsAt"]), "nothing to lengthen when no rest runs")
            #expect(wkNone(wkRest(try await api.active().object())["endsAt"]))

            // Press: planned first (no rest), then ticked: 90 s rest, none after the workout's last set.
            let pressSets = [wkID(), wkID(), wkID()]
            for s in pressSets {
                let planned = try await api.set(w, c, s, ["reps": 5, "weight": 95, "weightUnit": "lb"])
                #expect(planned.status == .ok)
                let set = try #require(try planned.object()["set"] as? [String: Any])
                #expect(set["done"] as? Bool == false)
                #expect(set["loggedAt"] is NSNull)
                #expect(set["weightUnit"] as? String == "lb")
                #expect(wkNone(wkRest(try planned.object())["endsAt"]), "a planned set starts no rest")
            }
            for (index, s) in pressSets.enumerated() {
                let ticked = try await api.set(w, c, s, ["done": true])
                #expect(ticked.status == .ok)
                let body = try ticked.object()
                let set = try #require(body["set"] as? [String: Any])
                #expect(set["reps"] as? Int == 5, "fields left out keep their value")
                #expect(wkNumber(set["weight"]) == 95)
                #expect(set["weightUnit"] as? String == "lb")
                #expect(set["done"] as? Bool == true)
                let rest = wkRest(body)
                if index < 2 {
                    #expect(rest["endsAt"] as? String == wkTime(testNow + 90), "the entry's own rest")
                    #expect(rest["totalSeconds"] as? Int == 90)
                    #expect(rest["afterSetId"] as? String == s)
                } else {
                    #expect(wkNone(rest["endsAt"]), "no rest after the last set of the workout")
                    #expect(rest["totalSeconds"] as? Int == 0)
                }
            }

            // Reorder: press first.
            let reordered = try await api.order(w, [c, a, b])
            #expect(reordered.status == .ok)
            #expect(wkIDs(wkEntries(try reordered.object())) == [c, a, b])
            let afterOrder = try await api.get(w).object()
            #expect(wkIDs(wkEntries(afterOrder)) == [c, a, b])
            #expect(wkEntries(afterOrder).map { wkSets($0).count } == [3, 3, 3], "every entry keeps its sets")
            #expect(wkEntries(afterOrder).map { $0["exerciseId"] as? String } == [press, bench, squat])

            // Finish an hour, two minutes and five seconds later.
            clock.advance(by: 3_725)
            let finished = try await api.finish(w)
            #expect(finished.status == .ok)
            let done = try finished.object()
            #expect(done["isActive"] as? Bool == false)
            #expect(done["endedAt"] as? String == wkTime(testNow + 3_725))
            #expect(wkNone(wkRest(done)["endsAt"]))
            let summary = wkSummary(done)
            #expect(summary["durationSeconds"] as? Int == 3_725)
            #expect(summary["exerciseCount"] as? Int == 3)
            #expect(summary["setCount"] as? Int == 9)
            // 3 x 100 kg x 5 + 3 x 140 kg x 5 + 3 x 95 lb x 5 = 1500 + 2100 + 1425 x 0.45359237 = 4246.369 kg
            #expect(wkNumber(summary["volume"]) == 4_246.4)
            #expect(summary["volumeUnit"] as? String == "kg")
            #expect(summary["bodyweightReps"] as? Int == 0)
            #expect(
                wkEntries(done).allSatisfy { ($0["previous"] as? [Any])?.isEmpty == true },
                "hints are for the active workout only")

            // It is history now.
            let history = try await api.history()
            #expect(history.status == .ok)
            let items = try history.items()
            #expect(wkIDs(items) == [w])
            #expect(wkNumber(wkSummary(try #require(items.first))["volume"]) == 4_246.4)
            let none = try await api.active()
            #expect(none.status == .notFound)
            #expect(try none.error().code == "not_found")
            #expect(try none.error().message == "A workout in progress was not found.")
            #expect(try await api.get(w).status == .ok)

            let again = try await api.finish(w)
            #expect(again.status == .conflict)
            #expect(try again.error().message == "This workout is already finished.")
            #expect(try await api.rest(w, "add").status == .notFound, "a finished workout has no rest timer")

            // The summary follows the lifter's unit: 3600 kg / 0.45359237 + 1425 lb = 9361.64 lb.
            #expect(try await api.settings(["unit": "lb"]).status == .ok)
            let inPounds = wkSummary(try await api.get(w).object())
            #expect(wkNumber(inPounds["volume"]) == 9_361.6)
            #expect(inPounds["volumeUnit"] as? String == "lb")
        }
    }

    @Test(
        "rest: the entry's rest, else the one last chosen for the exercise, else the default; none before a drop set, none after the last set",
        arguments: TestDatabase.all)
    func restRules(engine: TestDatabase) async throws {
        try await withActiveWorkout(engine, of: [.bench, .squat]) { api, workout, h in
            let (w, a, b) = (workout.id, workout.entries[0], workout.entries[1])
            let (a0, a1, a2, b0) = (wkID(), wkID(), wkID(), wkID())
            #expect(try await api.set(w, a, a0, ["reps": 8, "weight": 100]).status == .ok)
            #expect(try await api.set(w, a, a1, ["reps": 8, "weight": 80, "kind": "drop"]).status == .ok)
            #expect(try await api.set(w, a, a2, ["reps": 8, "weight": 100]).status == .ok)
            #expect(try await api.set(w, b, b0, ["reps": 5, "weight": 140]).status == .ok)

            func tick(_ entry: String, _ set: String, _ done: Bool = true) async throws -> [String: Any] {
                let response = try await api.set(w, entry, set, ["done": done])
                #expect(response.status == .ok)
                return wkRest(try response.object())
            }

            var rest = try await tick(a, a0)
            #expect(wkNone(rest["endsAt"]), "a drop set follows without rest")
            rest = try await tick(a, a1)
            #expect(rest["endsAt"] as? String == wkTime(testNow + 120), "the lifter's default rest")
            #expect(rest["afterSetId"] as? String == a1)
            rest = try await tick(a, a1, false)
            #expect(wkNone(rest["endsAt"]), "unticking the set cancels the rest it started")
            rest = try await tick(a, a1)
            #expect(rest["endsAt"] as? String == wkTime(testNow + 120))
            rest = try await tick(a, a2)
            #expect(rest["endsAt"] as? String == wkTime(testNow + 120))
            #expect(rest["afterSetId"] as? String == a2)
            rest = try await tick(a, a1, false)
            #expect(rest["afterSetId"] as? String == a2, "unticking another set leaves the running rest alone")
            #expect(rest["endsAt"] as? String == wkTime(testNow + 120))
            #expect(wkRest(try await api.get(w).object())["afterSetId"] as? String == a2, "the rest is stored with the workout")

            // The entry's own rest wins over the default; clearing it brings the default back.
            #expect(try await api.entry(w, a, ["restSeconds": 45]).status == .ok)
            #expect(try await api.settings(["defaultRestSeconds": 60]).status == .ok)
            rest = try await tick(a, a1)
            #expect(rest["endsAt"] as? String == wkTime(testNow + 45))
            #expect(rest["totalSeconds"] as? Int == 45)
            let cleared = try await h.client.api(
                .put, "/api/v1/workouts/\(w)/entries/\(a)", token: h.anaToken, json: #"{"restSeconds": null}"#)
            #expect(cleared.status == .ok)
            #expect(wkNone(wkEntries(try cleared.object()).first?["restSeconds"]))
            _ = try await tick(a, a1, false)
            rest = try await tick(a, a1)
            #expect(
                rest["endsAt"] as? String == wkTime(testNow + 45), "the rest last chosen for the exercise, before the default")

            rest = try await tick(b, b0)
            #expect(wkNone(rest["endsAt"]), "no rest after the last set of the workout")
            #expect(wkNone(wkRest(try await api.get(w).object())["endsAt"]))
        }
    }

    @Test("swapping an entry's exercise keeps its sets", arguments: TestDatabase.all)
    func swapExercise(engine: TestDatabase) async throws {
        try await withWorkouts(engine) { api, h in
            let (bench, incline) = try await api.exercises(.bench, .incline)
            let w = wkID()
            let e = wkID()
            _ = try await api.start(w)
            _ = try await api.entry(w, e, ["exerciseId": bench, "notes": "elbows in"])
            let sets = [wkID(), wkID()]
            _ = try await api.set(w, e, sets[0], ["reps": 5, "weight": 100, "done": true])
            _ = try await api.set(w, e, sets[1], ["reps": 4, "weight": 102.5])
            let before = try #require(wkEntries(try await api.get(w).object()).first)

            let swapped = try await api.entry(w, e, ["exerciseId": incline])
            #expect(swapped.status == .ok)
            let entry = try #require(wkEntries(try swapped.object()).first)
            #expect(entry["id"] as? String == e)
            #expect(entry["exerciseId"] as? String == incline)
            #expect(entry["exerciseName"] as? String == "Incline Bench Press (Barbell)")
            #expect(entry["notes"] as? String == "elbows in")
            #expect(wkIDs(wkSets(entry)) == sets)
            #expect(wkSets(entry).map { $0["reps"] as? Int } == [5, 4])
            #expect(wkSets(entry).map { wkNumber($0["weight"]) } == [100, 102.5])
            #expect(wkSets(entry).map { $0["done"] as? Bool } == [true, false])
            #expect(wkCanonical(wkSets(entry)) == wkCanonical(wkSets(before)), "the sets are untouched")
            #expect(try await h.count("workout_sets") == 2)
            #expect(try await h.count("exercise_entries") == 1)
        }
    }

    @Test("deleting a set closes ranks; the next set goes at the end", arguments: TestDatabase.all)
    func deleteSet(engine: TestDatabase) async throws {
        try await withActiveWorkout(engine, of: [.bench, .squat]) { api, workout, h in
            let (w, e, other, bench) = (workout.id, workout.entries[0], workout.entries[1], workout.exercises[0])
            let s = [wkID(), wkID(), wkID(), wkID()]
            for (index, id) in s.prefix(3).enumerated() {
                #expect(try await api.set(w, e, id, ["reps": index + 1, "weight": 100]).status == .ok)
            }
            // The middle set is done and its rest runs.
            #expect(wkRest(try await api.set(w, e, s[1], ["done": true]).object())["afterSetId"] as? String == s[1])

            let deleted = try await api.deleteSet(w, s[1])
            #expect(deleted.status == .ok)
            let entry = try #require(wkEntries(try deleted.object()).first)
            #expect(wkIDs(wkSets(entry)) == [s[0], s[2]])
            #expect(wkSets(entry).map { $0["reps"] as? Int } == [1, 3])
            #expect(wkNone(wkRest(try deleted.object())["endsAt"]), "the rest that set started is gone with it")
            #expect(try await h.count("workout_sets") == 2)

            #expect(try await api.set(w, e, s[3], ["reps": 4, "weight": 100]).status == .ok)
            let after = try #require(wkEntries(try await api.get(w).object()).first)
            #expect(wkIDs(wkSets(after)) == [s[0], s[2], s[3]], "the new set comes last")
            #expect(wkSets(after).map { $0["reps"] as? Int } == [1, 3, 4])
            #expect((after["previous"] as? [Any])?.count == 4, "a hint for each set and the next one")

            let missing = try await api.deleteSet(w, s[1])
            #expect(missing.status == .notFound)
            #expect(try missing.error().message == "The set was not found.")
            #expect(try await h.count("workout_sets") == 3)

            // Deleting an entry removes its sets and closes ranks of the entries.
            let removed = try await api.deleteEntry(w, e)
            #expect(removed.status == .ok)
            #expect(wkIDs(wkEntries(try removed.object())) == [other])
            #expect(try await h.count("workout_sets") == 0)
            let third = wkID()
            _ = try await api.entry(w, third, ["exerciseId": bench])
            #expect(wkIDs(wkEntries(try await api.get(w).object())) == [other, third])
        }
    }

    @Test(
        "history lists finished workouts newest first and filters by type, exercise, dates and search",
        arguments: TestDatabase.all)
    func historyFilters(engine: TestDatabase) async throws {
        try await withWorkouts(engine) { api, h in
            let clock = h.clock
            let (bench, squat, deadlift) = try await api.exercises(.bench, .squat, .deadlift)
            let types = try await api.workoutTypes()
            try #require(types.count >= 2, "new lifters get a few workout types")

            // 2026-09-21: a bench day of the first type.
            let (w1, _) = try await api.logWorkout(
                exercises: [bench], sets: [(5, 100)], fields: ["name": "Heavy Bench Day", "workoutTypeId": types[0]])
            #expect(try await api.finish(w1).status == .ok)
            // 2026-09-23: squats of the second type, with a note on the entry.
            clock.advance(by: 2 * 86_400)
            let (w2, entries2) = try await api.logWorkout(
                exercises: [squat], sets: [(5, 140)], fields: ["workoutTypeId": types[1]])
            #expect(try await api.entry(w2, entries2[0], ["notes": "Felt strong today"]).status == .ok)
            #expect(try await api.finish(w2).status == .ok)
            // One in progress, with bench: never in history.
            try await api.logWorkout(exercises: [bench], sets: [(5, 100)], fields: ["name": "Heavy Bench Again"])

            func listed(_ query: String) async throws -> [String] {
                let response = try await api.history(query)
                #expect(response.status == .ok, "\(query): \(response.text)")
                return wkIDs(try response.items())
            }
            #expect(try await listed("") == [w2, w1])
            #expect(try await listed("type=\(types[0])") == [w1])
            #expect(try await listed("type=\(types[1])") == [w2])
            #expect(try await listed("exercise=\(bench)") == [w1])
            #expect(try await listed("exercise=\(squat)") == [w2])
            #expect(try await listed("exercise=\(deadlift)") == [], "an exercise in no workout")
            #expect(try await listed("type=\(types[0])&exercise=\(squat)") == [])
            #expect(try await listed("from=2026-09-22") == [w2])
            #expect(try await listed("until=2026-09-22") == [w1])
            #expect(try await listed("from=2026-09-21&until=2026-09-21") == [w1], "until is inclusive")
            #expect(try await listed("from=2026-09-23&until=2026-09-23") == [w2])
            #expect(try await listed("from=2026-09-24") == [])
            #expect(try await listed("search=heavy%20bench") == [w1])
            #expect(try await listed("search=STRONG") == [w2], "entry notes, any case")
            #expect(try await listed("search=nothing%20like%20this") == [])
            #expect(try await listed("search=bench&from=2026-09-22") == [])
        }
    }

    @Test(
        "a bad history filter is a 400 naming it",
        arguments: TestDatabase.all,
        [
            ("type=abc", "type", "The workout type id is not valid."),
            ("exercise=12345", "exercise", "The exercise id is not valid."),
            ("from=yesterday", "from", "Use a date like 2026-11-03."),
            ("from=2026-02-30", "from", "Use a date like 2026-11-03."),
            ("from=2026-13-01", "from", "Use a date like 2026-11-03."),
            ("until=2026-00-10", "until", "Use a date like 2026-11-03."),
            ("until=2026-09-21T00:00", "until", "Use a date like 2026-11-03."),
            ("from=2026-09-23&until=2026-09-22", "until", "The end date is before the start date."),
        ] as [(query: String, field: String, message: String)])
    func badHistoryFilters(engine: TestDatabase, filter: (query: String, field: String, message: String)) async throws {
        let (query, field, message) = filter
        try await withApp(engine) { client, h in
            let response = try await client.api(.get, "/api/v1/workouts?\(query)", token: h.anaToken)
            #expect(response.status == .badRequest, "\(query) answered \(response.status): \(response.text)")
            guard response.status == .badRequest else { return }
            #expect(try response.error().code == "validation_failed")
            #expect(try response.error().field == field)
            #expect(try response.error().message == message)
        }
    }

    @Test("previous performance: the same position last time, else the best set of the last session", arguments: TestDatabase.all)
    func previousPerformance(engine: TestDatabase) async throws {
        try await withWorkouts(engine) { api, h in
            let (bench, squat) = try await api.exercises(.bench, .squat)
            let (w1, entries) = try await api.logWorkout(exercises: [bench], sets: [(5, 100), (5, 105)])
            // A planned set that was never done is not a performance.
            #expect(try await api.set(w1, entries[0], wkID(), ["reps": 3, "weight": 110]).status == .ok)
            #expect(try await api.finish(w1).status == .ok)

            let w2 = wkID()
            let e = wkID()
            #expect(try await api.start(w2).status == .created)
            let added = try await api.entry(w2, e, ["exerciseId": bench])
            var previous = try #require(wkEntries(try added.object()).first?["previous"] as? [Any])
            #expect(previous.count == 2, "as many hints as sets done last time")
            func shows(_ hint: Any?, _ reps: Int, _ weight: Double) -> Bool {
                guard let set = hint as? [String: Any] else { return false }
                return set["reps"] as? Int == reps && wkNumber(set["weight"]) == weight && set["weightUnit"] as? String == "kg"
            }
            #expect(shows(previous.first, 5, 100))
            #expect(shows(previous.last, 5, 105))

            _ = try await api.set(w2, e, wkID(), ["reps": 5, "weight": 100])
            _ = try await api.set(w2, e, wkID(), ["reps": 5, "weight": 105])
            previous = try #require(wkEntries(try await api.active().object()).first?["previous"] as? [Any])
            #expect(previous.count == 3)
            #expect(shows(previous[0], 5, 100), "position 0: the same position last time")
            #expect(shows(previous[1], 5, 105), "position 1: the same position last time")
            #expect(shows(previous[2], 5, 105), "position 2: the best set of the last session, not the undone 110 x 3")

            let s = wkID()
            _ = try await api.entry(w2, s, ["exerciseId": squat])
            let squatPrevious = try #require(wkEntries(try await api.get(w2).object()).last?["previous"] as? [Any])
            #expect(squatPrevious.count == 1)
            #expect(squatPrevious.first is NSNull, "never squatted before")
        }
    }

    @Test("repeat copies entries and sets with new ids, not done", arguments: TestDatabase.all)
    func repeatWorkout(engine: TestDatabase) async throws {
        try await withWorkouts(engine) { api, h in
            let (bench, squat) = try await api.exercises(.bench, .squat)
            let type = try #require(try await api.workoutTypes().first)
            let (old, entries) = try await api.logWorkout(
                exercises: [bench, squat], sets: [(5, 100), (3, 110)], fields: ["name": "Push Day", "workoutTypeId": type])
            _ = try await api.set(old, entries[0], wkID(), ["reps": 1, "weight": 120, "rpe": 9.5, "note": "grind", "done": true])
            _ = try await api.entry(old, entries[1], ["restSeconds": 180])
            #expect(try await api.finish(old).status == .ok)
            let original = try await api.get(old).text
            let oldWorkout = try await api.get(old).object()

            let unknown = try await api.start(wkID(), ["repeatOf": wkID()])
            #expect(unknown.status == .badRequest)
            #expect(try unknown.error().field == "repeatOf")
            #expect(try unknown.error().message == "The workout to repeat was not found.")
            #expect(try await h.count("workouts") == 1)

            let new = wkID()
            let repeated = try await api.start(new, ["repeatOf": old])
            #expect(repeated.status == .created)
            let copy = try repeated.object()
            #expect(copy["id"] as? String == new)
            #expect(copy["isActive"] as? Bool == true)
            #expect(copy["name"] as? String == "Push Day")
            #expect(copy["workoutTypeId"] as? String == type)
            let oldEntries = wkEntries(oldWorkout)
            let newEntries = wkEntries(copy)
            #expect(newEntries.map { $0["exerciseId"] as? String } == [bench, squat])
            #expect(Set(wkIDs(newEntries)).isDisjoint(with: wkIDs(oldEntries)), "entries get new ids")
            #expect(newEntries.last?["restSeconds"] as? Int == 180)
            for (oldEntry, newEntry) in zip(oldEntries, newEntries) {
                let (oldSets, newSets) = (wkSets(oldEntry), wkSets(newEntry))
                #expect(newSets.count == oldSets.count)
                #expect(newSets.map { $0["reps"] as? Int } == oldSets.map { $0["reps"] as? Int })
                #expect(newSets.map { wkNumber($0["weight"]) } == oldSets.map { wkNumber($0["weight"]) })
                #expect(newSets.map { $0["kind"] as? String } == oldSets.map { $0["kind"] as? String })
                #expect(newSets.allSatisfy { $0["done"] as? Bool == false && $0["loggedAt"] is NSNull })
                #expect(newSets.allSatisfy { $0["rpe"] is NSNull && $0["note"] as? String == "" })
                #expect(Set(wkIDs(newSets)).isDisjoint(with: wkIDs(oldSets)), "sets get new ids")
            }
            #expect(wkSummary(copy)["setCount"] as? Int == 0)
            #expect(try await h.count("workouts") == 2)
            #expect(try await h.count("exercise_entries") == 4)
            #expect(try await h.count("workout_sets") == 10)
            #expect(try await api.get(old).text == original, "the original is untouched")

            // The copy's sets are real sets: ticking one works.
            let firstEntry = try #require(newEntries.first)
            let firstSet = try #require(wkIDs(wkSets(firstEntry)).first)
            let ticked = try await api.set(new, try #require(firstEntry["id"] as? String), firstSet, ["done": true])
            #expect(ticked.status == .ok)
            #expect(try await api.get(old).text == original)
        }
    }

    @Test("retried requests change nothing the second time", arguments: TestDatabase.all)
    func idempotentRetries(engine: TestDatabase) async throws {
        try await withWorkouts(engine) { api, h in
            let bench = try await api.exercise(.bench)
            let w = wkID()
            let first = try await api.start(w, ["name": "Legs"])
            let second = try await api.start(w, ["name": "Legs"])
            #expect(first.status == .created)
            #expect(second.status == .created, "a retry gets the same answer")
            #expect(try second.object()["id"] as? String == w)
            #expect(try second.object()["name"] as? String == "Legs")
            #expect(try await h.count("workouts") == 1)

            let e = wkID()
            #expect(try await api.entry(w, e, ["exerciseId": bench]).status == .ok)
            #expect(try await api.entry(w, e, ["exerciseId": bench]).status == .ok)
            #expect(try await h.count("exercise_entries") == 1)

            let s = wkID()
            let one = try await api.set(w, e, s, ["reps": 5, "weight": 100, "done": true])
            let two = try await api.set(w, e, s, ["reps": 5, "weight": 100, "done": true])
            #expect(one.status == .ok)
            #expect(two.status == .ok)
            #expect(try await h.count("workout_sets") == 1)
            #expect(try wkCanonical(one.object()["set"]) == wkCanonical(two.object()["set"]), "the same set, unchanged")
            #expect(wkNone(wkRest(try two.object())["endsAt"]), "the only set of the workout")
            let workout = try await api.get(w).object()
            #expect(wkEntries(workout).count == 1)
            #expect(wkSets(try #require(wkEntries(workout).first)).count == 1)
            #expect(wkSummary(workout)["setCount"] as? Int == 1)
            #expect(wkNumber(wkSummary(workout)["volume"]) == 500)
        }
    }

    @Test("a second workout while one is active is a 409, unless the old one is to be discarded", arguments: TestDatabase.all)
    func activeConflict(engine: TestDatabase) async throws {
        try await withWorkouts(engine) { api, h in
            let bench = try await api.exercise(.bench)
            let (old, _) = try await api.logWorkout(exercises: [bench], sets: [(5, 100), (5, 100)], fields: ["name": "Chest"])
            let before = try await api.get(old).text
            let counts = (try await h.count("workouts"), try await h.count("exercise_entries"), try await h.count("workout_sets"))

            let new = wkID()
            for extra in [[:], ["replaceActive": false]] as [[String: any Sendable]] {
                let refused = try await api.start(new, extra)
                #expect(refused.status == .conflict)
                #expect(try refused.error().code == "conflict")
                #expect(
                    try refused.error().message == "Chest is still in progress. Resume it, or discard it and start the new one.")
                #expect(try await api.get(new).status == .notFound, "nothing was created")
            }
            #expect(try await h.count("workouts") == counts.0)
            #expect(try await h.count("exercise_entries") == counts.1)
            #expect(try await h.count("workout_sets") == counts.2)
            #expect(try await api.get(old).text == before)
            #expect(try await api.active().object()["id"] as? String == old)

            let replaced = try await api.start(new, ["replaceActive": true])
            #expect(replaced.status == .created)
            #expect(try replaced.object()["id"] as? String == new)
            #expect(try await api.active().object()["id"] as? String == new)
            #expect(try await api.get(old).status == .notFound, "the old workout was discarded")
            #expect(try await api.history().items().isEmpty, "a discarded workout is not history")
            #expect(try await h.count("workouts") == 1)
            #expect(try await h.count("exercise_entries") == 0)
            #expect(try await h.count("workout_sets") == 0)
        }
    }

    @Test("two devices: the change made last wins per set", arguments: TestDatabase.all)
    func lastChangeWins(engine: TestDatabase) async throws {
        try await withActiveWorkout(engine, of: [.bench, .squat]) { api, workout, h in
            let (w, e) = (workout.id, workout.entries[0])
            let s = wkID()
            let (t1, t2, t3) = (testNow - 600, testNow - 60, testNow - 30)

            let phone = try await api.set(w, e, s, ["reps": 5, "weight": 100, "changedAt": wkTime(t2)])
            #expect(phone.status == .ok)
            #expect(try phone.object()["applied"] as? Bool == true)
            #expect((try phone.object()["set"] as? [String: Any])?["changedAt"] as? String == wkTime(t2))

            // The laptop was offline and sends an older change: not applied, and it is told what is stored.
            let stale = try await api.set(w, e, s, ["reps": 8, "weight": 90, "done": true, "changedAt": wkTime(t1)])
            #expect(stale.status == .ok)
            #expect(try stale.object()["applied"] as? Bool == false)
            let kept = try #require(try stale.object()["set"] as? [String: Any])
            #expect(kept["id"] as? String == s)
            #expect(kept["reps"] as? Int == 5)
            #expect(wkNumber(kept["weight"]) == 100)
            #expect(kept["done"] as? Bool == false)
            #expect(kept["changedAt"] as? String == wkTime(t2))
            #expect(wkNone(wkRest(try stale.object())["endsAt"]), "an unapplied tick starts no rest")
            let storedEntry = try #require(wkEntries(try await api.get(w).object()).first)
            let stored = try #require(wkSets(storedEntry).first)
            #expect(stored["reps"] as? Int == 5)
            #expect(stored["done"] as? Bool == false)
            #expect(try await h.count("workout_sets") == 1)

            // A newer change applies; fields it leaves out keep their value.
            let newer = try await api.set(w, e, s, ["reps": 6, "done": true, "changedAt": wkTime(t3)])
            #expect(try newer.object()["applied"] as? Bool == true)
            let set = try #require(try newer.object()["set"] as? [String: Any])
            #expect(set["reps"] as? Int == 6)
            #expect(wkNumber(set["weight"]) == 100)
            #expect(set["done"] as? Bool == true)
            #expect(set["changedAt"] as? String == wkTime(t3))
            #expect(wkRest(try newer.object())["endsAt"] as? String == wkTime(testNow + 120))
            let afterEntry = try #require(wkEntries(try await api.get(w).object()).first)
            let after = try #require(wkSets(afterEntry).first)
            #expect(after["reps"] as? Int == 6)
            #expect(after["changedAt"] as? String == wkTime(t3))
        }
    }

    @Test("the limits themselves are accepted", arguments: TestDatabase.all)
    func limitsAccepted(engine: TestDatabase) async throws {
        try await withWorkouts(engine) { api, h in
            let bench = try await api.exercise(.bench)
            let w = wkID()
            let e = wkID()
            _ = try await api.start(w, ["name": String(repeating: "n", count: 100)])
            _ = try await api.entry(w, e, ["exerciseId": bench, "restSeconds": 1_800, "supersetGroup": 99])
            let bodies: [[String: any Sendable]] = [
                ["reps": 0], ["reps": 1_000], ["weight": 0], ["weight": 2_000], ["weight": 4_409.2, "weightUnit": "lb"],
                ["rpe": 6], ["rpe": 7.5], ["rpe": 10], ["durationSeconds": 0], ["durationSeconds": 86_400],
                ["distanceMeters": 0], ["distanceMeters": 1_000_000], ["note": String(repeating: "x", count: 500)],
                ["kind": "warmup"], ["kind": "working"], ["kind": "drop"], ["kind": "failure"], ["weightUnit": "lb"],
            ]
            for body in bodies {
                let response = try await api.set(w, e, wkID(), body)
                #expect(response.status == .ok, "\(wkJSON(body)): \(response.text)")
            }
            #expect(try await h.count("workout_sets") == bodies.count)
            #expect(try await api.patch(w, ["sessionRPE": 10, "notes": String(repeating: "y", count: 2_000)]).status == .ok)
        }
    }

    /// A bad request and what it must answer. Placeholders in `json`: `$MISSING` (an id
    /// nobody has), `$BENS_EXERCISE` and `$BENS_TYPE` (Ben's own), `$ENTRY` (Ana's entry).
    struct BadInput: Sendable, CustomTestStringConvertible {
        enum Target: Sendable { case set, newEntry, entry, start, patch, rest, order }
        let target: Target
        let json: String
        let field: String?
        let message: String?
        var code = "validation_failed"

        var testDescription: String { "\(target) \(json.prefix(70)) → \(field ?? code)" }
    }

    static let badInputs: [BadInput] = {
        let reps = "Reps must be between 0 and 1000."
        let kilos = "Weight must be a number from 0 to 2000 kg."
        let rpe = "RPE must be 6 to 10 in steps of 0.5."
        let duration = "Duration must be between 0 and 86400 seconds (24 hours)."
        let notInLibrary = "That exercise is not in your library."
        return [
            .init(target: .set, json: #"{"reps": -1}"#, field: "reps", message: reps),
            .init(target: .set, json: #"{"reps": 1001, "done": true}"#, field: "reps", message: reps),
            .init(target: .set, json: #"{"weight": -1}"#, field: "weight", message: kilos),
            .init(target: .set, json: #"{"weight": 2000.5, "reps": 1}"#, field: "weight", message: kilos),
            .init(
                target: .set, json: #"{"weight": 4410, "weightUnit": "lb"}"#, field: "weight",
                message: "Weight must be a number from 0 to 4409.2 lb."),
            .init(target: .set, json: #"{"weight": 1e308}"#, field: "weight", message: kilos),
            .init(target: .set, json: #"{"rpe": 5.5}"#, field: "rpe", message: rpe),
            .init(target: .set, json: #"{"rpe": 10.5}"#, field: "rpe", message: rpe),
            .init(target: .set, json: #"{"rpe": 7.3}"#, field: "rpe", message: rpe),
            .init(target: .set, json: #"{"durationSeconds": -1}"#, field: "durationSeconds", message: duration),
            .init(target: .set, json: #"{"durationSeconds": 86401}"#, field: "durationSeconds", message: duration),
            .init(
                target: .set, json: #"{"distanceMeters": -1}"#, field: "distanceMeters",
                message: "Distance must be between 0 and 1000000 metres."),
            .init(
                target: .set, json: "{\"note\": \"\(String(repeating: "n", count: 501))\"}", field: "note",
                message: "The note is too long: at most 500 characters."),
            .init(
                target: .set, json: #"{"kind": "superset"}"#, field: "kind",
                message: "Set kind must be one of: warmup, working, drop, failure."),
            .init(
                target: .set, json: #"{"weightUnit": "stone", "weight": 10}"#, field: "weightUnit",
                message: "The weight unit must be kg or lb."),
            .init(target: .set, json: #"{"reps": 5,"#, field: nil, message: nil, code: "bad_request"),
            .init(
                target: .set, json: #"{"reps": "five"}"#, field: "reps", message: "Reps must be a whole number from 0 to 1000.",
                code: "bad_request"),
            .init(target: .newEntry, json: #"{"exerciseId": "$MISSING"}"#, field: "exerciseId", message: notInLibrary),
            .init(target: .newEntry, json: #"{"exerciseId": "$BENS_EXERCISE"}"#, field: "exerciseId", message: notInLibrary),
            .init(
                target: .newEntry, json: #"{"notes": "no exercise"}"#, field: "exerciseId", message: "Choose the exercise to add."
            ),
            .init(target: .entry, json: #"{"exerciseId": "$MISSING"}"#, field: "exerciseId", message: notInLibrary),
            .init(target: .entry, json: #"{"exerciseId": "$BENS_EXERCISE"}"#, field: "exerciseId", message: notInLibrary),
            .init(
                target: .entry, json: #"{"restSeconds": 1801}"#, field: "restSeconds",
                message: "Rest must be between 0 and 1800 seconds."),
            .init(
                target: .entry, json: #"{"supersetGroup": 0}"#, field: "supersetGroup",
                message: "A superset group is a number from 1 to 99."),
            .init(
                target: .entry, json: "{\"notes\": \"\(String(repeating: "n", count: 1_001))\"}", field: "notes",
                message: "The notes are too long: at most 1000 characters."),
            .init(target: .entry, json: #"{"exerciseId": "#, field: nil, message: nil, code: "bad_request"),
            .init(
                target: .start, json: "{\"id\": \"$NEW\", \"name\": \"\(String(repeating: "n", count: 101))\"}", field: "name",
                message: "The name is too long: at most 100 characters."),
            .init(
                target: .start, json: #"{"id": "$NEW", "workoutTypeId": "$BENS_TYPE"}"#, field: "workoutTypeId",
                message: "That workout type is not one of yours."),
            .init(
                target: .start, json: #"{"id": "not-an-id"}"#, field: "id",
                message: "ID must be a UUID such as 0b6c8e1a-6f9b-4c1e-9d3a-2f5e7a8b9c0d, not \"not-an-id\".", code: "bad_request"
            ),
            .init(target: .start, json: #"{"id": "$NEW""#, field: nil, message: nil, code: "bad_request"),
            .init(
                target: .patch, json: "{\"name\": \"\(String(repeating: "n", count: 101))\"}", field: "name",
                message: "The name is too long: at most 100 characters."),
            .init(target: .patch, json: #"{"name": "   "}"#, field: "name", message: "Give the workout a name."),
            .init(
                target: .patch, json: #"{"sessionRPE": 11}"#, field: "sessionRPE",
                message: "Session RPE must be a whole number from 1 to 10."),
            .init(
                target: .patch, json: #"{"sessionRPE": 0}"#, field: "sessionRPE",
                message: "Session RPE must be a whole number from 1 to 10."),
            .init(
                target: .patch, json: "{\"notes\": \"\(String(repeating: "n", count: 2_001))\"}", field: "notes",
                message: "The notes are too long: at most 2000 characters."),
            .init(
                target: .patch, json: #"{"workoutTypeId": "$BENS_TYPE"}"#, field: "workoutTypeId",
                message: "That workout type is not one of yours."),
            .init(target: .rest, json: #"{"action": "pause"}"#, field: "action", message: "Use add, subtract or skip."),
            .init(
                target: .rest, json: #"{}"#, field: "action", message: "Action is required: one of: add, subtract, skip.",
                code: "bad_request"),
            .init(
                target: .order, json: #"{"ids": ["$ENTRY", "$ENTRY"]}"#, field: "ids", message: "The order names an item twice."),
            .init(
                target: .order, json: #"{"ids": ["$MISSING"]}"#, field: "ids",
                message: "The order must list every item exactly once (2 items)."),
        ]
    }()

    @Test("each bad input is refused with the field named, and nothing changes", arguments: TestDatabase.all, badInputs)
    func badInput(engine: TestDatabase, input: BadInput) async throws {
        try await withActiveWorkout(engine, of: [.bench, .squat], fields: ["name": "Chest"]) { api, workout, h in
            let (w, e, s) = (workout.id, workout.entries[0], wkID())
            _ = try await api.set(w, e, s, ["reps": 5, "weight": 100, "done": true])
            let bensExercise = try await h.createCustomExercise(.ben)
            let bensType = try #require(try await h.workouts(.ben).workoutTypes().first)
            let json = input.json
                .replacingOccurrences(of: "$MISSING", with: wkID())
                .replacingOccurrences(of: "$BENS_EXERCISE", with: bensExercise)
                .replacingOccurrences(of: "$BENS_TYPE", with: bensType)
                .replacingOccurrences(of: "$ENTRY", with: e)
                .replacingOccurrences(of: "$NEW", with: wkID())

            func snapshot() async throws -> [String] {
                [
                    try await api.get(w).text, try await api.active().text, try await api.history().text,
                    "\(try await h.count("workouts")) \(try await h.count("exercise_entries")) \(try await h.count("workout_sets"))",
                ]
            }
            let before = try await snapshot()

            var requests: [(HTTPRequest.Method, String)] = []
            switch input.target {
            case .set:
                requests = [
                    (.put, "/api/v1/workouts/\(w)/entries/\(e)/sets/\(wkID())"),
                    (.put, "/api/v1/workouts/\(w)/entries/\(e)/sets/\(s)"),
                ]
            case .newEntry: requests = [(.put, "/api/v1/workouts/\(w)/entries/\(wkID())")]
            case .entry: requests = [(.put, "/api/v1/workouts/\(w)/entries/\(e)")]
            case .start: requests = [(.post, "/api/v1/workouts")]
            case .patch: requests = [(.patch, "/api/v1/workouts/\(w)")]
            case .rest: requests = [(.post, "/api/v1/workouts/\(w)/rest")]
            case .order: requests = [(.put, "/api/v1/workouts/\(w)/entries/order")]
            }
            for (method, path) in requests {
                let response = try await h.client.api(method, path, token: h.anaToken, json: json)
                #expect(response.status == .badRequest, "\(method) \(path) answered \(response.status): \(response.text)")
                let error = try response.error()
                #expect(error.code == input.code)
                #expect(error.field == input.field)
                if let message = input.message { #expect(error.message == message) } else { #expect(!error.message.isEmpty) }
                #expect(try await snapshot() == before, "nothing changed")
            }
        }
    }
}
