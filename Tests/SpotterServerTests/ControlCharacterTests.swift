import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// Text with a control character (other than tab and line breaks) is refused with a
/// 400 naming the field, on both engines, and nothing is stored: PostgreSQL used to
/// answer 500 (error 22021) and SQLite kept only the text before a NUL.
@Suite("Control characters in text are refused everywhere")
struct ControlCharacterTests {
    /// One refused request: what to send, the field it must name and the table that must not grow.
    struct Case: Sendable, CustomTestStringConvertible {
        var method: HTTPRequest.Method
        var path: String
        var json: String
        var field: String
        var table: String
        var testDescription: String { "\(method) \(path) \(field)" }
    }

    static let nul = #"\u0000"#
    static let cases: [Case] = [
        Case(
            method: .post, path: "/api/v1/exercises",
            json: customExerciseJSON.replacingOccurrences(of: "Low to High", with: "Low\(nul)High"), field: "name",
            table: "exercises"),
        Case(
            method: .post, path: "/api/v1/exercises",
            json: customExerciseJSON.replacingOccurrences(of: "Press the", with: "Press\(nul) the"), field: "description",
            table: "exercises"),
        Case(
            method: .post, path: "/api/v1/workout-types",
            json: ##"{"name": "Mob\u0007ility", "colorHex": "#12ab34", "icon": "body"}"##, field: "name", table: "workout_types"),
        Case(method: .post, path: "/api/v1/tokens", json: #"{"name": "Laptop\u0000script"}"#, field: "name", table: "api_tokens"),
        Case(
            method: .put, path: "/api/v1/body-metrics/\(UUID().uuidString)",
            json: #"{"day": "2026-09-20", "bodyWeight": 80, "note": "after\u0000coffee"}"#, field: "note", table: "body_metrics"),
        Case(
            method: .post, path: "/api/v1/workouts", json: #"{"id": "\#(UUID().uuidString)", "name": "Push\u001b[31m"}"#,
            field: "name", table: "workouts"),
        Case(
            method: .post, path: "/api/v1/workouts", json: #"{"id": "\#(UUID().uuidString)", "notes": "c1 control \u0085 here"}"#,
            field: "notes", table: "workouts"),
    ]

    @Test("creating with a control character answers 400 naming the field and stores nothing", arguments: TestDatabase.all, cases)
    func refusedOnCreate(engine: TestDatabase, bad: Case) async throws {
        try await withApp(engine) { client, h in
            let before = try await h.count(bad.table)
            let response = try await client.api(bad.method, bad.path, token: h.anaToken, json: bad.json)
            #expect(response.status == .badRequest)
            let error = try response.error()
            #expect(error.code == "validation_failed")
            #expect(error.field == bad.field)
            #expect(error.message.hasPrefix("\"\(bad.field)\" holds a control character (U+"))
            #expect(try await h.count(bad.table) == before)
        }
    }

    @Test("changing a workout, an entry or a set to text with a control character changes nothing", arguments: TestDatabase.all)
    func refusedOnChange(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let api = h.workouts()
            let workout = wkID(), entry = wkID(), set = wkID()
            #expect(try await api.start(workout, ["name": "Legs", "notes": "fresh"]).status == .created)
            let squat = try await api.exercise(.squat)
            #expect(try await api.entry(workout, entry, ["exerciseId": squat, "notes": "belt"]).status.code < 300)
            #expect(try await api.set(workout, entry, set, ["reps": 5, "weight": 100, "note": "easy"]).status.code < 300)
            let original = try await api.get(workout).text

            let patched = try await api.patch(workout, ["notes": "bad\u{0}notes"])
            #expect(patched.status == .badRequest)
            #expect(try patched.error().field == "notes")
            let entryChange = try await api.entry(workout, entry, ["exerciseId": squat, "notes": "bad\u{1}"])
            #expect(try entryChange.error().field == "notes")
            let setChange = try await api.set(workout, entry, set, ["reps": 5, "weight": 100, "note": "\u{7F}"])
            #expect(setChange.status == .badRequest)
            #expect(try setChange.error().field == "note")
            #expect(try await api.get(workout).text == original)
        }
    }

    @Test("a template with a control character in its name or a row's notes is refused", arguments: TestDatabase.all)
    func templates(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let squat = try await h.workouts().exercise(.squat)
            let badName = #"{"name": "Leg\u0000Day", "exercises": [{"exerciseId": "\#(squat)", "sets": 3}]}"#
            let response = try await client.api(.put, "/api/v1/templates/\(wkID())", token: h.anaToken, json: badName)
            #expect(response.status == .badRequest)
            #expect(try response.error().field == "name")
            let badNotes = #"{"name": "Leg Day", "exercises": [{"exerciseId": "\#(squat)", "sets": 3, "notes": "x\u0002"}]}"#
            let notes = try await client.api(.put, "/api/v1/templates/\(wkID())", token: h.anaToken, json: badNotes)
            #expect(try notes.error().field == "exercises[0].notes")
            let file = #"{"format": "spotter-templates", "version": 1, "templates": [{"name": "Bad\u0000", "exercises": []}]}"#
            let imported = try await client.api(.post, "/api/v1/templates/import", token: h.anaToken, json: file)
            #expect(imported.status == .badRequest)
            #expect(try imported.error().message.contains("holds a control character (U+0000)"))
            #expect(try await h.count("workout_templates") == 0)
        }
    }

    @Test("a search with a control character is refused with the parameter named, on both engines", arguments: TestDatabase.all)
    func queries(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            for path in ["/api/v1/exercises?search=sq%00uat", "/api/v1/workouts?search=a%1Fb", "/api/v1/templates?search=%C2%85"]
            {
                let response = try await client.api(.get, path, token: h.anaToken)
                #expect(response.status == .badRequest, "\(path)")
                #expect(try response.error().field == "search", "\(path)")
            }
            #expect(try await client.api(.get, "/api/v1/exercises?search=squat%20%28barbell%29", token: h.anaToken).status == .ok)
        }
    }

    @Test("a page form with a control character answers 400 naming the field and stores nothing", arguments: TestDatabase.all)
    func forms(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var browser = try await Browser.signedIn(client, as: "ana")
            _ = try await browser.get("/exercises/new")
            let before = try await h.count("exercises")
            let response = try await browser.postMultipart(
                "/exercises",
                [
                    ("name", "Hip\u{0}Thrust"), ("muscleGroups", "glutes"), ("equipment", "barbell"), ("kind", "weightReps"),
                ])
            #expect(response.status == .badRequest)
            #expect(response.text.contains("&quot;name&quot; holds a control character (U+0000)"))
            #expect(try await h.count("exercises") == before)
            _ = try await browser.get("/settings/tokens")
            let token = try await browser.post("/settings/tokens", [("name", "cron\u{1B}job")])
            #expect(token.status == .badRequest)
            #expect(try await h.count("api_tokens") == 2, "the harness's two tokens only")
        }
    }
}
