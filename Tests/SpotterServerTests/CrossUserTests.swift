import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// Ben must never read or change what Ana owns: every attempt answers 404, exactly
/// as for an id that does not exist, and Ana's data stays as it was.
@Suite("One user never reaches another's data")
struct CrossUserTests {
    @Test("exercises and their images", arguments: TestDatabase.all)
    func exercises(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let id = try await h.createCustomExercise()
            _ = try await client.api(.put, "/api/v1/exercises/\(id)/image", token: h.anaToken, body: ByteBuffer(bytes: pngBytes))
            let original = try await client.api(.get, "/api/v1/exercises/\(id)", token: h.anaToken).text

            #expect(try await client.api(.get, "/api/v1/exercises/\(id)", token: h.benToken).status == .notFound)
            #expect(try await client.api(.get, "/api/v1/exercises/\(id)/image", token: h.benToken).status == .notFound)
            #expect(
                try await client.api(.patch, "/api/v1/exercises/\(id)", token: h.benToken, json: #"{"name": "Taken"}"#).status
                    == .notFound)
            #expect(
                try await client.api(.put, "/api/v1/exercises/\(id)/image", token: h.benToken, body: ByteBuffer(bytes: pngBytes))
                    .status == .notFound)
            #expect(try await client.api(.delete, "/api/v1/exercises/\(id)/image", token: h.benToken).status == .notFound)
            #expect(try await client.api(.delete, "/api/v1/exercises/\(id)", token: h.benToken).status == .notFound)
            let bensList = try await client.api(.get, "/api/v1/exercises?custom=true&archived=true", token: h.benToken).items()
            #expect(bensList.isEmpty)

            #expect(try await client.api(.get, "/api/v1/exercises/\(id)", token: h.anaToken).text == original)
            #expect(try await client.api(.get, "/api/v1/exercises/\(id)/image", token: h.anaToken).status == .ok)
        }
    }

    @Test("workout types", arguments: TestDatabase.all)
    func workoutTypes(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let anas = try await client.api(.get, "/api/v1/workout-types?archived=true", token: h.anaToken)
            let id = try #require(try anas.items().first?["id"] as? String)
            #expect(try await client.api(.get, "/api/v1/workout-types/\(id)", token: h.benToken).status == .notFound)
            #expect(
                try await client.api(.patch, "/api/v1/workout-types/\(id)", token: h.benToken, json: #"{"name": "Taken"}"#).status
                    == .notFound)
            #expect(
                try await client.api(.patch, "/api/v1/workout-types/\(id)", token: h.benToken, json: #"{"archived": true}"#)
                    .status == .notFound)
            let ids = try anas.items().compactMap { $0["id"] as? String }
            let order = try await client.api(
                .put, "/api/v1/workout-types/order", token: h.benToken,
                json: "{\"ids\": [\"\(ids.reversed().joined(separator: "\",\""))\"]}")
            #expect(order.status == .badRequest, "Ana's ids are not Ben's types")
            #expect(try await client.api(.get, "/api/v1/workout-types?archived=true", token: h.anaToken).text == anas.text)
        }
    }

    @Test("tokens", arguments: TestDatabase.all)
    func tokens(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let token = try await client.api(.post, "/api/v1/tokens", token: h.anaToken, json: #"{"name": "Laptop"}"#)
            let id = try #require(try token.object()["id"] as? String)
            #expect(try await client.api(.delete, "/api/v1/tokens/\(id)", token: h.benToken).status == .notFound)
            let secret = try #require(try token.object()["token"] as? String)
            #expect(try await client.api(.get, "/api/v1/me", token: secret).object()["username"] as? String == "ana")
            #expect(
                try await client.api(.get, "/api/v1/tokens", token: h.benToken).items().count == 1, "Ben sees only his own token")
        }
    }
}
