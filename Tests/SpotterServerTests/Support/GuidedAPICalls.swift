import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Shorthands for one lifter's calls to the guided player's API.
struct GuidedAPICalls: Sendable {
    let client: any TestClientProtocol
    let token: String

    /// `POST /templates/{id}/play` with `workoutId` and any other fields.
    func play(_ template: String, workout: String, _ fields: [String: any Sendable] = [:]) async throws -> TestResponse {
        var body = fields
        body["workoutId"] = workout
        return try await client.api(.post, "/api/v1/templates/\(template)/play", token: token, json: wkJSON(body))
    }

    /// `GET /workouts/{id}/guided`.
    func state(_ workout: String) async throws -> TestResponse {
        try await client.api(.get, "/api/v1/workouts/\(workout)/guided", token: token)
    }

    /// `POST /workouts/{id}/guided/{action}`, with no body when `fields` is nil.
    func act(_ workout: String, _ action: String, _ fields: [String: any Sendable]? = nil) async throws -> TestResponse {
        try await client.api(.post, "/api/v1/workouts/\(workout)/guided/\(action)", token: token, json: fields.map(wkJSON))
    }

    /// `POST /workouts/{id}/guided/{action}` with a body given as text.
    func act(_ workout: String, _ action: String, json: String) async throws -> TestResponse {
        try await client.api(.post, "/api/v1/workouts/\(workout)/guided/\(action)", token: token, json: json)
    }

    func stop(_ workout: String, keep: Bool) async throws -> TestResponse {
        try await client.api(.post, "/api/v1/workouts/\(workout)/guided/stop", token: token, json: wkJSON(["keep": keep]))
    }
}

extension Harness {
    func guided(_ lifter: Lifter = .ana) -> GuidedAPICalls { GuidedAPICalls(client: client, token: token(lifter)) }
}

/// A break card of a template body.
func gdBreak(_ position: Int, _ seconds: Int, id: String? = nil) -> [String: any Sendable] {
    var card: [String: any Sendable] = ["position": position, "seconds": seconds]
    if let id { card["id"] = id }
    return card
}

/// The break cards of a template answer as "position:seconds".
func gdBreaks(_ template: [String: Any]) -> [String] {
    (template["breaks"] as? [[String: Any]] ?? []).map { "\($0["position"] as? Int ?? -1):\($0["seconds"] as? Int ?? -1)" }
}

/// The player's answer without the fields that name the moment (for "nothing changed").
func gdPosition(_ player: [String: Any]) -> String {
    wkCanonical(player.filter { !["serverTime", "elapsedSeconds"].contains($0.key) })
}
