import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

@Suite("Exercises API")
struct ExerciseAPITests {
    @Test("the library lists the catalog and filters by search, muscle and equipment", arguments: TestDatabase.all)
    func library(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let all = try await client.api(.get, "/api/v1/exercises?limit=200", token: h.anaToken).items()
            #expect(all.count == 200, "the catalog fills the largest page")
            let first = try #require(all.first)
            for key in [
                "id", "name", "muscleGroups", "equipment", "kind", "description", "videoURL", "imageURL", "isCustom", "archived",
            ] {
                #expect(first.keys.contains(key), "an exercise has \(key)")
            }
            let presses = try await client.api(.get, "/api/v1/exercises?search=press", token: h.anaToken).items()
            #expect(presses.count >= 5)
            #expect(presses.count < all.count)
            let names = presses.compactMap { $0["name"] as? String }
            #expect(names.contains("Bench Press (Barbell)"))
            let byAlias = try await client.api(.get, "/api/v1/exercises?search=BB%20Bench", token: h.anaToken).items()
            #expect(byAlias.compactMap { $0["name"] as? String }.contains("Bench Press (Barbell)"))
            let legs = try await client.api(.get, "/api/v1/exercises?muscle=legs&equipment=barbell", token: h.anaToken).items()
            #expect(!legs.isEmpty)
            #expect(legs.allSatisfy { ($0["equipment"] as? String) == "barbell" })
            let bad = try await client.api(.get, "/api/v1/exercises?muscle=toes", token: h.anaToken)
            #expect(bad.status == .badRequest)
            #expect(try bad.error().field == "muscle")
        }
    }

    @Test("create, read, rename, archive and delete a custom exercise", arguments: TestDatabase.all)
    func lifecycle(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let created = try await client.api(.post, "/api/v1/exercises", token: h.anaToken, json: customExerciseJSON)
            #expect(created.status == .created)
            let exercise = try created.object()
            let id = try #require(exercise["id"] as? String)
            #expect(exercise["name"] as? String == "Cable Fly (Low to High)")
            #expect(exercise["muscleGroups"] as? [String] == ["chest", "shoulders"])
            #expect(exercise["videoURL"] as? String == "https://www.youtube.com/watch?v=dQw4w9WgXcQ")
            #expect(exercise["isCustom"] as? Bool == true)
            #expect(exercise["imageURL"] is NSNull)

            let fetched = try await client.api(.get, "/api/v1/exercises/\(id)", token: h.anaToken)
            #expect(try fetched.object()["name"] as? String == "Cable Fly (Low to High)")

            let renamed = try await client.api(
                .patch, "/api/v1/exercises/\(id)", token: h.anaToken, json: #"{"name": "  Low Cable   Fly "}"#)
            #expect(renamed.status == .ok)
            #expect(try renamed.object()["name"] as? String == "Low Cable Fly")
            #expect(try renamed.object()["muscleGroups"] as? [String] == ["chest", "shoulders"], "unsent fields stay")

            let archived = try await client.api(
                .patch, "/api/v1/exercises/\(id)", token: h.anaToken, json: #"{"archived": true}"#)
            #expect(try archived.object()["archived"] as? Bool == true)
            let mine = try await client.api(.get, "/api/v1/exercises?custom=true", token: h.anaToken).items()
            #expect(mine.isEmpty, "archived exercises are hidden by default")
            let withArchived = try await client.api(.get, "/api/v1/exercises?custom=true&archived=true", token: h.anaToken)
                .items()
            #expect(withArchived.count == 1)

            let deleted = try await client.api(.delete, "/api/v1/exercises/\(id)", token: h.anaToken)
            #expect(deleted.status == .noContent)
            #expect(try await client.api(.get, "/api/v1/exercises/\(id)", token: h.anaToken).status == .notFound)
        }
    }

    @Test(
        "each bad input is refused with the field named, and nothing is stored",
        arguments: [
            (
                #"{"name": "", "muscleGroups": ["chest"], "equipment": "cable", "kind": "weightReps"}"#, "name",
                "Give the exercise a name."
            ),
            (
                #"{"name": "X", "muscleGroups": [], "equipment": "cable", "kind": "weightReps"}"#, "muscleGroups",
                "Choose at least one muscle group."
            ),
            (#"{"name": "X", "muscleGroups": ["toes"], "equipment": "cable", "kind": "weightReps"}"#, "muscleGroups", nil),
            (#"{"name": "X", "muscleGroups": ["chest"], "equipment": "rock", "kind": "weightReps"}"#, "equipment", nil),
            (#"{"name": "X", "muscleGroups": ["chest"], "kind": "weightReps"}"#, "equipment", "Choose the equipment."),
            (#"{"name": "X", "muscleGroups": ["chest"], "equipment": "cable", "kind": "vibes"}"#, "kind", nil),
            (
                #"{"name": "X", "muscleGroups": ["chest"], "equipment": "cable", "kind": "weightReps", "videoURL": "https://vimeo.com/1"}"#,
                "videoURL", nil
            ),
            (
                #"{"name": "X", "muscleGroups": ["chest"], "equipment": "cable", "kind": "weightReps", "videoURL": "https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ"}"#,
                "videoURL", nil
            ),
            (
                "{\"name\": \"\(String(repeating: "a", count: 81))\", \"muscleGroups\": [\"chest\"], \"equipment\": \"cable\", \"kind\": \"weightReps\"}",
                "name", "The name is too long: at most 80 characters."
            ),
        ] as [(String, String, String?)])
    func badInput(json: String, field: String, message: String?) async throws {
        try await withApp(.sqlite) { client, h in
            let before = try await h.count("exercises")
            let response = try await client.api(.post, "/api/v1/exercises", token: h.anaToken, json: json)
            #expect(response.status == .badRequest)
            let error = try response.error()
            #expect(error.code == "validation_failed")
            #expect(error.field == field)
            if let message { #expect(error.message == message) } else { #expect(!error.message.isEmpty) }
            #expect(try await h.count("exercises") == before)
        }
    }

    @Test("a name already used (case and spaces ignored) or built in is a 409 naming the field", arguments: TestDatabase.all)
    func duplicateNames(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            _ = try await client.api(.post, "/api/v1/exercises", token: h.anaToken, json: customExerciseJSON)
            let before = try await h.count("exercises")
            let again = try await client.api(
                .post, "/api/v1/exercises", token: h.anaToken,
                json:
                    #"{"name": " cable FLY (low to   high) ", "muscleGroups": ["chest"], "equipment": "cable", "kind": "weightReps"}"#
            )
            #expect(again.status == .conflict)
            #expect(try again.error().field == "name")
            #expect(try again.error().message == "You already have an exercise called Cable Fly (Low to High).")
            let builtIn = try await client.api(
                .post, "/api/v1/exercises", token: h.anaToken,
                json: #"{"name": "squat (barbell)", "muscleGroups": ["legs"], "equipment": "barbell", "kind": "weightReps"}"#)
            #expect(builtIn.status == .conflict)
            #expect(try builtIn.error().message.contains("built-in library"))
            #expect(try await h.count("exercises") == before)
        }
    }

    @Test("built-in exercises cannot be changed or deleted", arguments: TestDatabase.all)
    func builtInsAreReadOnly(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let bench = try #require(
                try await client.api(.get, "/api/v1/exercises?search=bench%20press%20(barbell)", token: h.anaToken).items().first)
            let id = try #require(bench["id"] as? String)
            let patch = try await client.api(.patch, "/api/v1/exercises/\(id)", token: h.anaToken, json: #"{"name": "Mine"}"#)
            #expect(patch.status == .forbidden)
            #expect(try patch.error().message.contains("Built-in exercises cannot be changed"))
            let delete = try await client.api(.delete, "/api/v1/exercises/\(id)", token: h.anaToken)
            #expect(delete.status == .forbidden)
            let image = try await client.api(
                .put, "/api/v1/exercises/\(id)/image", token: h.anaToken, body: ByteBuffer(bytes: pngBytes))
            #expect(image.status == .forbidden)
            #expect(
                try await client.api(.get, "/api/v1/exercises/\(id)", token: h.anaToken).object()["name"] as? String == bench[
                    "name"] as? String)
        }
    }
}
