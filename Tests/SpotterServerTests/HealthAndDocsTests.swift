import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

@Suite("Health, contract and errors")
struct HealthAndDocsTests {
    @Test("/health answers ok without credentials")
    func health() async throws {
        try await withApp(.sqlite) { client, _ in
            let response = try await client.api(.get, "/health", token: nil)
            #expect(response.status == .ok)
            #expect(try response.object()["status"] as? String == "ok")
        }
    }

    /// Which operations the document names is `APIContractRoutesTests`' walk of the router.
    @Test("the OpenAPI document is served as YAML")
    func openAPI() async throws {
        try await withApp(.sqlite) { client, _ in
            let response = try await client.api(.get, "/api/v1/openapi.yaml", token: nil)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/yaml") == true)
            #expect(response.text.contains("openapi: 3.1"))
        }
    }

    @Test("API calls without credentials get 401 in the JSON error shape")
    func unauthorized() async throws {
        try await withApp(.sqlite) { client, _ in
            let response = try await client.api(.get, "/api/v1/exercises", token: nil)
            #expect(response.status == .unauthorized)
            #expect(try response.error().code == "unauthorized")
            let forged = try await client.api(.get, "/api/v1/exercises", token: "spt_not-a-real-token")
            #expect(forged.status == .unauthorized)
            #expect(try forged.error().message == "The API token is not valid or was revoked.")
        }
    }

    @Test("unknown API paths answer 404 as JSON; malformed ids answer 404 too")
    func notFound() async throws {
        try await withApp(.sqlite) { client, h in
            let missing = try await client.api(.get, "/api/v1/nothing-here", token: h.anaToken)
            #expect(missing.status == .notFound)
            #expect(try missing.error().code == "not_found")
            let badID = try await client.api(.get, "/api/v1/exercises/not-a-uuid", token: h.anaToken)
            #expect(badID.status == .notFound)
        }
    }

    @Test("malformed JSON is a 400 that says so; an oversized body is a 413; neither changes anything")
    func badBodies() async throws {
        try await withApp(.sqlite) { client, h in
            let before = try await h.count("exercises")
            let malformed = try await client.api(.post, "/api/v1/exercises", token: h.anaToken, json: "{\"name\": ")
            #expect(malformed.status == .badRequest)
            #expect(try malformed.error().code == "bad_request")
            #expect(!malformed.text.contains("DecodingError"), "no internals in answers")
            let huge = "{\"name\": \"" + String(repeating: "x", count: 1_100_000) + "\"}"
            let tooLarge = try await client.api(.post, "/api/v1/exercises", token: h.anaToken, json: huge)
            #expect(tooLarge.status == .contentTooLarge)
            #expect(try tooLarge.error().code == "too_large")
            #expect(try await h.count("exercises") == before)
        }
    }
}
