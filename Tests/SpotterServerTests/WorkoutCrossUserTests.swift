import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// Ben must never read or change Ana's workouts, entries or sets: every attempt
/// answers 404, exactly as for an id that does not exist, and her data stays as it was.
@Suite("One user never reaches another's workouts")
struct WorkoutCrossUserTests {
    /// Ana's active workout with two entries, a done set (its rest running) and a planned one.
    struct AnasWorkout {
        let workout: String
        let entries: [String]
        let sets: [String]
    }

    static func anasWorkout(_ ana: WorkoutCalls) async throws -> AnasWorkout {
        let (bench, squat) = try await ana.exercises(.bench, .squat)
        let w = wkID()
        let (e1, e2) = (wkID(), wkID())
        let (s1, s2) = (wkID(), wkID())
        try #require(try await ana.start(w, ["name": "Ana's Push Day"]).status == .created)
        try #require(try await ana.entry(w, e1, ["exerciseId": bench, "notes": "pause at the chest"]).status == .ok)
        try #require(try await ana.entry(w, e2, ["exerciseId": squat]).status == .ok)
        try #require(try await ana.set(w, e1, s1, ["reps": 5, "weight": 100, "done": true]).status == .ok)
        try #require(try await ana.set(w, e1, s2, ["reps": 5, "weight": 105]).status == .ok)
        return AnasWorkout(workout: w, entries: [e1, e2], sets: [s1, s2])
    }

    @Test("her workout, its entries and its sets answer 404 to every call, and nothing changes", arguments: TestDatabase.all)
    func workoutEntriesAndSets(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (ana, ben) = (h.workouts(), h.workouts(.ben))
            let anas = try await Self.anasWorkout(ana)
            let (w, e1, e2, s1, s2) = (anas.workout, anas.entries[0], anas.entries[1], anas.sets[0], anas.sets[1])
            let bench = try await ben.exercise(.bench)
            let future = wkTime(testNow + 3_600)

            func snapshot() async throws -> [String] {
                [
                    try await ana.get(w).text, try await ana.active().text, try await ana.history().text,
                    "\(try await h.count("workouts")) \(try await h.count("exercise_entries")) \(try await h.count("workout_sets"))",
                ]
            }
            let before = try await snapshot()
            #expect(before[0].contains("Ana's Push Day"))

            var attempts: [(String, TestResponse)] = []
            func attempt(_ what: String, _ response: TestResponse) { attempts.append((what, response)) }
            attempt("GET workout", try await ben.get(w))
            attempt("PATCH workout", try await ben.patch(w, ["name": "Taken", "notes": "mine now", "sessionRPE": 3]))
            attempt("finish", try await ben.finish(w))
            attempt("rest add", try await ben.rest(w, "add"))
            attempt("rest skip", try await ben.rest(w, "skip"))
            attempt("PUT her entry", try await ben.entry(w, e1, ["exerciseId": bench, "notes": "mine"]))
            attempt("PUT a new entry in her workout", try await ben.entry(w, wkID(), ["exerciseId": bench]))
            attempt("DELETE her entry", try await ben.deleteEntry(w, e1))
            attempt("reorder her entries", try await ben.order(w, [e2, e1]))
            attempt("PUT her set", try await ben.set(w, e1, s1, ["reps": 1, "weight": 1, "done": false, "changedAt": future]))
            attempt("PUT her planned set", try await ben.set(w, e1, s2, ["done": true, "changedAt": future]))
            attempt("PUT a new set in her entry", try await ben.set(w, e1, wkID(), ["reps": 1]))
            attempt("DELETE her set", try await ben.deleteSet(w, s1))
            attempt("DELETE her workout", try await client.api(.delete, "/api/v1/workouts/\(w)", token: h.benToken))
            for (what, response) in attempts {
                #expect(response.status == .notFound, "\(what) answered \(response.status): \(response.text)")
                if response.status == .notFound { #expect(try response.error().code == "not_found", "\(what)") }
            }
            let active = try await ben.active()
            #expect(active.status == .notFound, "Ben has no workout in progress, whatever Ana does")
            #expect(try await snapshot() == before, "Ana's workout is exactly as it was")

            // Her ids used inside Ben's own workout do not reach her rows either.
            let bw = wkID()
            let be = wkID()
            #expect(try await ben.start(bw).status == .created)
            #expect(try await ben.entry(bw, be, ["exerciseId": bench]).status == .ok)
            let order = try await ben.order(bw, [e1])
            #expect(order.status == .badRequest, "her entry is not one of his")
            #expect(try await ben.deleteSet(bw, s1).status == .notFound)
            let bensWorkout = try await ben.get(bw).text
            #expect(
                try await snapshot().prefix(3) == before.prefix(3), "Ana's workout, active workout and history are as they were")
            #expect(try await ben.get(bw).text == bensWorkout)
        }
    }

    @Test("Ben's history and hints never show Ana's workouts", arguments: TestDatabase.all)
    func historyAndHints(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (ana, ben) = (h.workouts(), h.workouts(.ben))
            let bench = try await ana.exercise(.bench)
            let (anasOld, _) = try await ana.logWorkout(
                exercises: [bench], sets: [(5, 100), (5, 105)], fields: ["name": "Ana's Bench"])
            #expect(try await ana.finish(anasOld).status == .ok)
            let anasType = try #require(try await ana.workoutTypes().first)

            for query in ["", "exercise=\(bench)", "search=ana", "from=2026-09-21&until=2026-09-21", "type=\(anasType)"] {
                let history = try await ben.history(query)
                #expect(history.status == .ok)
                #expect(try history.items().isEmpty, "Ben's history with \(query.isEmpty ? "no filter" : query)")
            }

            // Ben can't copy her workout.
            let copy = try await ben.start(wkID(), ["repeatOf": anasOld])
            #expect(copy.status == .badRequest)
            #expect(try copy.error().field == "repeatOf")
            #expect(try await h.count("workouts") == 1)

            // Ben benches too: no hints from Ana's sets.
            let (bens, entries) = try await ben.logWorkout(exercises: [bench], sets: [], fields: ["name": "Ben's Bench"])
            let previous = try #require(wkEntries(try await ben.get(bens).object()).first?["previous"] as? [Any])
            #expect(previous.count == 1)
            #expect(previous.allSatisfy { $0 is NSNull }, "Ben never benched; Ana's sets are hers")
            _ = try await ben.set(bens, entries[0], wkID(), ["reps": 3, "weight": 60, "done": true])
            #expect(try await ben.finish(bens).status == .ok)

            #expect(wkIDs(try await ben.history().items()) == [bens])
            #expect(wkIDs(try await ana.history().items()) == [anasOld])
            #expect(wkIDs(try await ana.history("exercise=\(bench)").items()) == [anasOld])

            // Ana's next bench hints come from her own sets only.
            let (anasNew, _) = try await ana.logWorkout(exercises: [bench], sets: [])
            let hints = try #require(wkEntries(try await ana.get(anasNew).object()).first?["previous"] as? [[String: Any]])
            #expect(hints.map { wkNumber($0["weight"]) } == [100, 105])
        }
    }

    @Test(
        "Ben reusing the id of one of Ana's rows for his own is refused (4xx, not a server error) and changes nothing",
        arguments: TestDatabase.all)
    func reusedIDs(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (ana, ben) = (h.workouts(), h.workouts(.ben))
            let anas = try await Self.anasWorkout(ana)
            let bench = try await ben.exercise(.bench)
            let bw = wkID()
            let be = wkID()
            #expect(try await ben.start(bw).status == .created)
            #expect(try await ben.entry(bw, be, ["exerciseId": bench]).status == .ok)
            let anasBefore = try await ana.get(anas.workout).text
            let bensBefore = try await ben.get(bw).text

            var attempts: [(String, TestResponse)] = []
            attempts.append(("an entry with her entry's id", try await ben.entry(bw, anas.entries[0], ["exerciseId": bench])))
            attempts.append(("a set with her set's id", try await ben.set(bw, be, anas.sets[0], ["reps": 1, "weight": 1])))
            attempts.append(("a workout with her workout's id", try await ben.start(anas.workout, ["replaceActive": true])))
            for (what, response) in attempts {
                #expect((400..<500).contains(response.status.code), "\(what) answered \(response.status): \(response.text)")
            }
            #expect(try await ana.get(anas.workout).text == anasBefore)
            #expect(try await ben.get(bw).text == bensBefore, "Ben's own workout survives the refused start")
            #expect(try await ben.active().object()["id"] as? String == bw)
        }
    }

    @Test("without a token the workouts API answers 401", arguments: TestDatabase.all)
    func anonymous(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let ana = h.workouts()
            let bench = try await ana.exercise(.bench)
            let (w, entries) = try await ana.logWorkout(exercises: [bench], sets: [(5, 100)])
            let before = try await ana.get(w).text
            let calls: [(HTTPRequest.Method, String, String?)] = [
                (.get, "/api/v1/workouts", nil), (.get, "/api/v1/workouts/active", nil), (.get, "/api/v1/workouts/\(w)", nil),
                (.post, "/api/v1/workouts", wkJSON(["id": wkID()])), (.post, "/api/v1/workouts/\(w)/finish", nil),
                (.put, "/api/v1/workouts/\(w)/entries/\(entries[0])/sets/\(wkID())", #"{"reps": 1}"#),
                (.delete, "/api/v1/workouts/\(w)", nil),
            ]
            for (method, path, json) in calls {
                let response = try await client.api(method, path, token: nil, json: json)
                #expect(response.status == .unauthorized, "\(method) \(path)")
            }
            #expect(try await ana.get(w).text == before)
            #expect(try await h.count("workouts") == 1)
        }
    }
}
