import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// A JSON body the decoder cannot read answers 400 `bad_request` naming the field by its
/// path and saying what it takes, in the API document's words: Foundation's own messages
/// ("Type mismatch for `defaultRestSeconds` key, expected `Int` type.", "The given data
/// was not valid JSON." for `{"reps": 1.5}`) with `field` null reached clients before.
/// Each refusal changes nothing.
@Suite("Malformed JSON bodies name the field and what it takes")
struct MalformedJSONAPITests {
    /// One body to refuse: the field (nil for the body as a whole) and message expected.
    struct Refusal: Sendable, CustomStringConvertible {
        let json: String
        let field: String?
        let message: String
        var description: String { json }

        init(_ json: String, _ field: String?, _ message: String) {
            self.json = json
            self.field = field
            self.message = message
        }
    }

    static let uuidWords = "a UUID such as 0b6c8e1a-6f9b-4c1e-9d3a-2f5e7a8b9c0d"

    /// Sends every refusal to `path` and checks each answer.
    static func expectRefused(
        _ refusals: [Refusal], _ method: HTTPRequest.Method, _ path: String, _ h: Harness,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for refusal in refusals {
            let response = try await h.client.api(method, path, token: h.anaToken, json: refusal.json)
            #expect(response.status == .badRequest, "\(refusal): \(response.text)", sourceLocation: sourceLocation)
            let error = try response.error()
            #expect(error.code == "bad_request", "\(refusal)", sourceLocation: sourceLocation)
            #expect(error.field == refusal.field, "\(refusal)", sourceLocation: sourceLocation)
            #expect(error.message == refusal.message, "\(refusal)", sourceLocation: sourceLocation)
        }
    }

    @Test(
        "a set: a fraction, a number too large or text for reps, the wrong type for weight, done, kind or changedAt, and bodies that are not JSON",
        arguments: TestDatabase.all)
    func set(engine: TestDatabase) async throws {
        try await withActiveWorkout(engine, of: [.squat]) { api, workout, h in
            let set = wkID()
            try #require(try await api.set(workout.id, workout.entries[0], set, ["reps": 5, "weight": 100]).status == .ok)
            let before = try await api.get(workout.id).text
            let reps = "Reps must be a whole number from 0 to 1000."
            try await Self.expectRefused(
                [
                    Refusal(#"{"reps": 1.5}"#, "reps", reps),
                    Refusal(#"{"weight": 100, "reps": 1e20}"#, "reps", reps),
                    Refusal(#"{"reps": 12345678901234567890123}"#, "reps", reps),
                    Refusal(#"{"reps": "8"}"#, "reps", reps),
                    Refusal(#"{"reps": true}"#, "reps", reps),
                    Refusal(#"{"weight": "heavy"}"#, "weight", "Weight must be a number from 0 to 2000 kg (4409.2 lb)."),
                    Refusal(#"{"done": "yes"}"#, "done", "Done must be true or false."),
                    Refusal(#"{"kind": 3}"#, "kind", "Kind must be one of: warmup, working, drop, failure."),
                    Refusal(
                        #"{"changedAt": "yesterday"}"#, "changedAt",
                        "Changed at must be a date and time such as 2026-03-14T18:05:00Z, not \"yesterday\"."),
                    Refusal(#"{"reps": 5"#, nil, "The body is not valid JSON: it ends before the JSON is complete."),
                    Refusal("{\n  \"reps\" 5\n}", nil, "The body is not valid JSON: look at line 2, column 10."),
                    Refusal("[5]", nil, "The body must be a JSON object."),
                    Refusal("", nil, "The body is empty: send a JSON object."),
                ], .put, "/api/v1/workouts/\(workout.id)/entries/\(workout.entries[0])/sets/\(set)", h)
            #expect(try await api.get(workout.id).text == before)
        }
    }

    @Test(
        "settings: text or a fraction for a whole number, text in a list of numbers, text for a switch",
        arguments: TestDatabase.all)
    func settings(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let before = try await client.api(.get, "/api/v1/settings", token: h.anaToken).text
            let rest = "Default rest seconds must be a whole number from 0 to 1800."
            try await Self.expectRefused(
                [
                    Refusal(#"{"defaultRestSeconds": "90"}"#, "defaultRestSeconds", rest),
                    Refusal(#"{"defaultRestSeconds": 90.5}"#, "defaultRestSeconds", rest),
                    Refusal(#"{"restVolume": 50.5}"#, "restVolume", "Rest volume must be a whole number from 0 to 100."),
                    Refusal(#"{"plates": [20, "ten"]}"#, "plates[1]", "The item plates[1] must be a number."),
                    Refusal(#"{"plates": 20}"#, "plates", "Plates must be a list of numbers (at least 1)."),
                    Refusal(#"{"restSound": "on"}"#, "restSound", "Rest sound must be true or false."),
                    Refusal(#"{"unit": ["kg"]}"#, "unit", "Unit must be one of: kg, lb."),
                ], .patch, "/api/v1/settings", h)
            #expect(try await client.api(.get, "/api/v1/settings", token: h.anaToken).text == before)
        }
    }

    @Test(
        "a template: the exercise list left out or null, a fraction of sets in a row, an exercise id that is not a UUID, a number for the name",
        arguments: TestDatabase.all)
    func template(engine: TestDatabase) async throws {
        try await withTemplates(engine) { templates, lifts, h in
            let squat = try await lifts.exercise(.squat)
            let exercises = "a list of objects (at most 50 items)"
            try await Self.expectRefused(
                [
                    Refusal(#"{"name": "Legs"}"#, "exercises", "Exercises is required: \(exercises)."),
                    Refusal(
                        #"{"name": "Legs", "exercises": null}"#, "exercises", "Exercises cannot be null: it must be \(exercises)."
                    ),
                    Refusal(
                        #"{"name": "Legs", "exercises": [{"exerciseId": "\#(squat)", "setCount": 2.5}]}"#,
                        "exercises[0].setCount",
                        "Set count (exercises[0].setCount) must be a whole number from 1 to 20."),
                    Refusal(
                        #"{"name": "Legs", "exercises": [{"exerciseId": "\#(squat)"}, {"exerciseId": "squat"}]}"#,
                        "exercises[1].exerciseId",
                        "Exercise ID (exercises[1].exerciseId) must be \(Self.uuidWords), not \"squat\"."),
                    Refusal(#"{"name": 5, "exercises": []}"#, "name", "Name must be text of 1 to 100 characters."),
                ], .put, "/api/v1/templates/\(wkID())", h)
            #expect(try await h.count("workout_templates") == 0)
            #expect(try await templates.names().isEmpty)
        }
    }

    @Test(
        "a program: a fraction of weeks, a schedule row without its weekday, a template id that is not a UUID",
        arguments: TestDatabase.all)
    func program(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let setup = try await ProgramSetup.make(h)
            let weekdays = "one of: monday, tuesday, wednesday, thursday, friday, saturday, sunday"
            try await Self.expectRefused(
                [
                    Refusal(#"{"name": "Block", "weeks": 4.5}"#, "weeks", "Weeks must be a whole number from 1 to 52."),
                    Refusal(
                        #"{"name": "Block", "schedule": [{"templateId": "\#(setup.heavy)"}]}"#, "schedule[0].weekday",
                        "Weekday (schedule[0].weekday) is required: \(weekdays)."),
                    Refusal(
                        #"{"name": "Block", "schedule": [{"weekday": "monday", "templateId": "heavy-day"}]}"#,
                        "schedule[0].templateId",
                        "Template ID (schedule[0].templateId) must be \(Self.uuidWords), not \"heavy-day\"."),
                ], .put, "/api/v1/programs/\(wkID())", h)
            #expect(try await h.count("programs") == 0)
        }
    }

    @Test(
        "an import's commit: a number for the unit or for a mapping's exercise id; the preview stays and nothing is imported",
        arguments: TestDatabase.all)
    func importCommit(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let uploaded = try await ImportsAPITests.upload(h, ImportSamples.strong)
            let id = try #require(try uploaded.object()["id"] as? String)
            try await Self.expectRefused(
                [
                    Refusal(#"{"unit": 5}"#, "unit", "Unit must be one of: kg, lb."),
                    Refusal(
                        #"{"mappings": {"Squat (Barbell)": 7}}"#, "mappings.Squat (Barbell)",
                        "The item mappings.Squat (Barbell) must be \(Self.uuidWords)."),
                    Refusal(#"{"mappings": ["Squat (Barbell)"]}"#, "mappings", "Mappings must be an object."),
                ], .post, "/api/v1/imports/\(id)/commit", h)
            #expect(try await h.count("workouts") == 0)
            #expect(try await client.api(.get, "/api/v1/imports/\(id)", token: h.anaToken).status == .ok)
        }
    }

    @Test(
        "a body measurement: a number for the day, text for the body weight, a list for the body fat", arguments: TestDatabase.all
    )
    func bodyMeasurement(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let day = "a day such as 2026-03-14"
            try await Self.expectRefused(
                [
                    Refusal(#"{"day": 20260920, "bodyWeight": 80}"#, "day", "Day must be \(day)."),
                    Refusal(
                        #"{"day": "2026-09-20", "bodyFatPercent": [12]}"#, "bodyFatPercent",
                        "Body fat percent must be a number from 2 to 70."),
                    Refusal(
                        #"{"day": "2026-09-20", "bodyWeight": "80 kg"}"#, "bodyWeight",
                        "Body weight must be a number from 20 to 400 kg (44.1 to 881.8 lb)."),
                ], .put, "/api/v1/body-metrics/\(wkID())", h)
            #expect(try await h.count("body_metrics") == 0)
        }
    }

    @Test(
        "starting a workout: the id left out, null or not a UUID, a start that is not a date and time",
        arguments: TestDatabase.all)
    func startWorkout(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            try await Self.expectRefused(
                [
                    Refusal(#"{"name": "Legs"}"#, "id", "ID is required: \(Self.uuidWords)."),
                    Refusal(#"{"id": null}"#, "id", "ID cannot be null: it must be \(Self.uuidWords)."),
                    Refusal(#"{"id": "workout-1"}"#, "id", "ID must be \(Self.uuidWords), not \"workout-1\"."),
                    Refusal(
                        #"{"id": "\#(wkID())", "startedAt": "2026-02-30T10:00:00Z"}"#, "startedAt",
                        "Started at must be a date and time such as 2026-03-14T18:05:00Z, not \"2026-02-30T10:00:00Z\"."),
                    Refusal(
                        #"{"id": "\#(wkID())", "durationSeconds": 3600.5}"#, "durationSeconds",
                        "Duration seconds must be a whole number from 60 to 86400."),
                ], .post, "/api/v1/workouts", h)
            #expect(try await h.count("workouts") == 0)
        }
    }
}
