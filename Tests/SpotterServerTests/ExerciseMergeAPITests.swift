import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// "Merge into…" over the API: an imported "Squat" joins the library's
/// "Squat (Barbell)", so one lift has one history.
@Suite("Exercises API: merging one exercise into another")
struct ExerciseMergeAPITests {
    /// Ana's own exercise, as an import would have made it.
    static func ownExercise(_ h: Harness, _ name: String, kind: String = "weightReps", lifter: Harness.Lifter = .ana) async throws
        -> String
    {
        let json = #"{"name": "\#(name)", "muscleGroups": ["legs"], "equipment": "barbell", "kind": "\#(kind)"}"#
        return try #require(
            try await h.client.api(.post, "/api/v1/exercises", token: h.token(lifter), json: json).object()["id"] as? String)
    }

    static func merge(_ h: Harness, _ source: String, into: String, lifter: Harness.Lifter = .ana) async throws -> TestResponse {
        try await h.client.api(.post, "/api/v1/exercises/\(source)/merge", token: h.token(lifter), json: #"{"into": "\#(into)"}"#)
    }

    @Test(
        "every set, the workout in progress and template rows move; records are judged over the joined history; the merged one is deleted",
        arguments: TestDatabase.all)
    func merges(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (api, clock) = (h.workouts(), h.clock)
            let barbell = try await api.exercise(.squat)
            let imported = try await Self.ownExercise(h, "Squat")
            // Five days ago the imported Squat: 120 x 5. Two days ago the library's: 110 x 5,
            // a baseline of its own until the merge, then no record (120 came first).
            let old = try await pgLog(api, clock, at: testNow - 5 * pgDay, name: "Imported", [(imported, [pgSet(5, 120)])])
            let newer = try await pgLog(api, clock, at: testNow - 2 * pgDay, name: "Logged here", [(barbell, [pgSet(5, 110)])])
            clock.set(testNow)
            let running = try await pgLog(
                api, clock, at: testNow, name: "Today", [(imported, [pgSet(5, 125, done: false)])], finish: false)
            let template = try await h.templates().create("Legs", [tpRow(imported)])
            #expect(
                pgRecords(try await h.progress().exercise(barbell, "range=all").object())["heaviest"].flatMap(wkNumber) == 110)

            let merged = try await Self.merge(h, imported, into: barbell)
            #expect(merged.status == .ok, "\(merged.text)")
            let body = try merged.object()
            #expect((body["exercise"] as? [String: Any])?["id"] as? String == barbell)
            #expect(body["movedSets"] as? Int == 2 && body["movedWorkouts"] as? Int == 2 && body["movedTemplates"] as? Int == 1)
            #expect(body["merged"] as? String == "deleted")

            #expect(try await client.api(.get, "/api/v1/exercises/\(imported)", token: h.anaToken).status == .notFound)
            for workout in [old.workout, newer.workout, running.workout] {
                #expect(wkEntries(try await api.get(workout).object()).map { $0["exerciseId"] as? String } == [barbell])
            }
            #expect(
                tpExercises(try await h.templates().get(template["id"] as! String).object()).map { $0["exerciseId"] as? String }
                    == [barbell])
            let progress = try await h.progress().exercise(barbell, "range=all").object()
            #expect(
                pgRecords(progress)["heaviest"].flatMap(wkNumber) == 120, "the imported 120 x 5 is the library squat's best now")
            #expect(pgSessions(progress).count == 2)
            #expect(
                pgMarks(try await api.get(newer.workout).object()) == [newer.sets[0][0]: []],
                "110 after 120 is no record any more")
        }
    }

    @Test("a bad merge is refused with its reason and changes nothing", arguments: TestDatabase.all)
    func refused(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let api = h.workouts()
            let (barbell, plank) = try await api.exercises(.squat, .plank)
            let imported = try await Self.ownExercise(h, "Squat")
            let archived = try await Self.ownExercise(h, "Old Squat")
            #expect(
                try await client.api(.patch, "/api/v1/exercises/\(archived)", token: h.anaToken, json: #"{"archived": true}"#)
                    .status == .ok)
            try await api.logWorkout(exercises: [imported], sets: [(5, 100)])
            let before = try await api.active().text
            let counts = (try await h.count("exercises"), try await h.count("exercise_entries"))

            for (into, status, message) in [
                (imported, HTTPResponse.Status.badRequest, "Pick another exercise: Squat can't be merged into itself."),
                (
                    plank, .badRequest,
                    "Squat is logged as weight × reps and Plank as duration: only exercises logged the same way can be merged."
                ),
                (archived, .badRequest, "Old Squat is archived. Restore it first, or pick another exercise."),
                (wkID(), .badRequest, "The exercise to merge into was not found. Pick one from your library."),
            ] {
                let refused = try await Self.merge(h, imported, into: into)
                #expect(refused.status == status, "\(refused.text)")
                let error = try refused.error()
                #expect(error.message == message && error.field == "into")
            }
            let noBody = try await client.api(.post, "/api/v1/exercises/\(imported)/merge", token: h.anaToken, json: "{}")
            #expect(noBody.status == .badRequest, "\(noBody.text)")
            #expect(try noBody.error().field == "into")
            let builtIn = try await Self.merge(h, barbell, into: imported)
            #expect(builtIn.status == .forbidden)
            #expect(try builtIn.error().message == "Built-in exercises cannot be merged. You can merge only exercises you made.")

            #expect(try await api.active().text == before, "the workout is as it was")
            #expect((try await h.count("exercises"), try await h.count("exercise_entries")) == counts)
        }
    }
}
