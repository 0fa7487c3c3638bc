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

    @Test("the OpenAPI document is served and names every API path")
    func openAPI() async throws {
        try await withApp(.sqlite) { client, _ in
            let response = try await client.api(.get, "/api/v1/openapi.yaml", token: nil)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/yaml") == true)
            let yaml = response.text
            #expect(yaml.contains("openapi: 3.1"))
            for path in [
                "/health:", "/api/v1/me:", "/api/v1/me/password:", "/api/v1/settings:", "/api/v1/tokens:", "/api/v1/tokens/{id}:",
                "/api/v1/exercises:", "/api/v1/exercises/{id}:", "/api/v1/exercises/{id}/image:", "/api/v1/workout-types:",
                "/api/v1/workout-types/order:", "/api/v1/workout-types/{id}:", "/api/v1/openapi.yaml:",
                "/api/v1/workouts:", "/api/v1/workouts/active:", "/api/v1/workouts/{id}:", "/api/v1/workouts/{id}/finish:",
                "/api/v1/workouts/{id}/rest:", "/api/v1/workouts/{id}/entries/order:", "/api/v1/workouts/{id}/entries/{entryId}:",
                "/api/v1/workouts/{id}/entries/{entryId}/sets/{setId}:", "/api/v1/workouts/{id}/sets/{setId}:",
                "/api/v1/templates:", "/api/v1/templates/export:", "/api/v1/templates/import:", "/api/v1/templates/from-workout:",
                "/api/v1/templates/{id}:", "/api/v1/templates/{id}/export:", "/api/v1/templates/{id}/duplicate:",
                "/api/v1/templates/{id}/start:", "/api/v1/templates/{id}/update-preview:", "/api/v1/templates/{id}/update:",
                "/api/v1/template-presets:", "/api/v1/template-presets/{id}:", "/api/v1/template-presets/{id}/use:",
                "/api/v1/programs:", "/api/v1/programs/active:", "/api/v1/programs/active/start:", "/api/v1/programs/active/skip-week:",
                "/api/v1/programs/{id}:", "/api/v1/programs/{id}/duplicate:", "/api/v1/programs/{id}/activate:",
                "/api/v1/programs/{id}/weeks/{number}:", "/api/v1/programs/{id}/days/{dayId}:",
                "/api/v1/program-presets:", "/api/v1/program-presets/{id}:", "/api/v1/program-presets/{id}/use:",
                "/api/v1/progress/dashboard:", "/api/v1/progress/stats:", "/api/v1/exercises/{id}/progress:",
                "/api/v1/body-metrics:", "/api/v1/body-metrics/{id}:",
            ] {
                #expect(yaml.contains("  \(path)\n"), "openapi.yaml documents \(path)")
            }
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
