import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// Names of nothing visible and text with direction controls are refused through
/// the API, naming the field and saying what to fix, and nothing is stored; emoji
/// with joiners and right-to-left text are fine.
@Suite("Invisible names and direction controls")
struct InvisibleTextTests {
    static let zeroWidth = #"\u200b\u200b"#
    static let invisible = "The name holds only invisible characters (U+200B). Type a name with letters, digits or symbols."

    /// A create request whose `field` is bad, and the table that must not grow.
    struct Case: Sendable, CustomTestStringConvertible {
        var method: HTTPRequest.Method
        var path: String
        var json: String
        var field: String
        var message: String
        var table: String
        var testDescription: String { "\(method) \(path) \(field): \(message.prefix(30))" }
    }

    static func override(_ field: String, _ code: String = "U+202E") -> String {
        "\"\(field)\" holds a direction control (\(code)), which shows the text after it in another order than it is written. "
            + "Remove it: right-to-left text needs none."
    }

    static let cases: [Case] = [
        Case(
            method: .post, path: "/api/v1/exercises",
            json: customExerciseJSON.replacingOccurrences(of: "Cable Fly (Low to High)", with: zeroWidth),
            field: "name", message: invisible, table: "exercises"),
        Case(
            method: .post, path: "/api/v1/workout-types",
            json: ##"{"name": "\##(zeroWidth)", "colorHex": "#12ab34", "icon": "body"}"##,
            field: "name", message: invisible, table: "workout_types"),
        Case(
            method: .post, path: "/api/v1/tokens", json: #"{"name": " \#(zeroWidth) "}"#, field: "name", message: invisible,
            table: "api_tokens"),
        Case(
            method: .post, path: "/api/v1/workouts", json: #"{"id": "\#(UUID().uuidString)", "name": "\#(zeroWidth)"}"#,
            field: "name", message: invisible, table: "workouts"),
        Case(
            method: .put, path: "/api/v1/programs/\(UUID().uuidString)", json: #"{"name": "\#(zeroWidth)"}"#,
            field: "name", message: invisible, table: "programs"),
        Case(
            method: .post, path: "/api/v1/exercises",
            json: customExerciseJSON.replacingOccurrences(of: "Cable Fly", with: #"\u202eylF elbaC"#),
            field: "name", message: override("name"), table: "exercises"),
        Case(
            method: .post, path: "/api/v1/exercises",
            json: customExerciseJSON.replacingOccurrences(of: "Press the", with: #"Press \u2066the"#),
            field: "description", message: override("description", "U+2066"), table: "exercises"),
        Case(
            method: .post, path: "/api/v1/workouts", json: #"{"id": "\#(UUID().uuidString)", "notes": "felt \u202edoog"}"#,
            field: "notes", message: override("notes"), table: "workouts"),
        Case(
            method: .post, path: "/api/v1/workouts", json: "{\"id\": \"\(UUID().uuidString)\", \"name\": \"Push \u{202E}\"}",
            field: "name", message: override("name"), table: "workouts"),
    ]

    @Test("refused with the field named and what to fix; nothing stored", arguments: TestDatabase.all, cases)
    func refused(engine: TestDatabase, bad: Case) async throws {
        try await withApp(engine) { client, h in
            let before = try await h.count(bad.table)
            let response = try await client.api(bad.method, bad.path, token: h.anaToken, json: bad.json)
            #expect(response.status == .badRequest, "\(response.text)")
            let error = try response.error()
            #expect(error.code == "validation_failed")
            #expect(error.field == bad.field)
            #expect(error.message == bad.message)
            #expect(try await h.count(bad.table) == before)
        }
    }

    @Test("a template named with zero-width characters, from the API or a shared file, is refused", arguments: TestDatabase.all)
    func templates(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let squat = try await h.workouts().exercise(.squat)
            let body = #"{"name": "\#(Self.zeroWidth)", "exercises": [{"exerciseId": "\#(squat)", "sets": 3}]}"#
            let response = try await client.api(.put, "/api/v1/templates/\(wkID())", token: h.anaToken, json: body)
            #expect(try response.error().message == Self.invisible)
            let file =
                #"{"format": "spotter-templates", "version": 1, "templates": [{"name": "\#(Self.zeroWidth)", "category": "strength", "exercises": []}]}"#
            let imported = try await client.api(.post, "/api/v1/templates/import", token: h.anaToken, json: file)
            #expect(imported.status == .badRequest)
            #expect(
                try imported.error().message.contains("The name holds only invisible characters (U+200B)"), "\(imported.text)")
            let reversed =
                #"{"format": "spotter-templates", "version": 1, "templates": [{"name": "\u202eyad geL", "category": "strength", "exercises": []}]}"#
            #expect(
                try await client.api(.post, "/api/v1/templates/import", token: h.anaToken, json: reversed).error().message
                    .contains("direction control (U+202E)"))
            #expect(try await h.count("workout_templates") == 0)
        }
    }

    @Test("emoji joined with U+200D, right-to-left names and zero-width characters inside text are kept")
    func visibleTextKept() async throws {
        try await withApp(.sqlite) { client, h in
            let id = UUID().uuidString.lowercased()
            let started = try await client.api(
                .post, "/api/v1/workouts", token: h.anaToken, json: #"{"id": "\#(id)", "name": "تمرين الصدر 🏋️‍♀️"}"#)
            #expect(started.status == .created, "\(started.text)")
            let noted = try await client.api(
                .patch, "/api/v1/workouts/\(id)", token: h.anaToken, json: #"{"notes": "👨‍👩‍👧 day, hard\u200bword"}"#)
            #expect(noted.status == .ok, "\(noted.text)")
            let workout = try await client.api(.get, "/api/v1/workouts/\(id)", token: h.anaToken).object()
            #expect(workout["name"] as? String == "تمرين الصدر 🏋️‍♀️")
            #expect(workout["notes"] as? String == "👨‍👩‍👧 day, hard\u{200B}word")
        }
    }

    @Test("a page form: an invisible exercise name is shown beside the field, and a search with a direction control is refused")
    func pages() async throws {
        try await withApp(.sqlite) { client, h in
            var browser = try await Browser.signedIn(client, as: "ana")
            _ = try await browser.get("/exercises/new")
            let before = try await h.count("exercises")
            let response = try await browser.postMultipart(
                "/exercises",
                [
                    ("name", "\u{200B}\u{2060}"), ("muscleGroups", "glutes"), ("equipment", "barbell"), ("kind", "weightReps"),
                ])
            #expect(response.status == .badRequest)
            #expect(response.text.contains("The name holds only invisible characters (U+200B)."))
            #expect(try await h.count("exercises") == before)
            let search = try await client.api(.get, "/api/v1/exercises?search=%E2%80%AEsquat", token: h.anaToken)
            #expect(search.status == .badRequest)
            #expect(try search.error().field == "search")
        }
    }
}
