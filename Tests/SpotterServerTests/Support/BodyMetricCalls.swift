import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Shorthands for one lifter's calls to the body metrics API.
struct BodyMetricCalls: Sendable {
    let client: any TestClientProtocol
    let token: String

    func put(_ id: String, _ body: [String: any Sendable]) async throws -> TestResponse {
        try await client.api(.put, "/api/v1/body-metrics/\(id)", token: token, json: wkJSON(body))
    }

    func get(_ id: String) async throws -> TestResponse {
        try await client.api(.get, "/api/v1/body-metrics/\(id)", token: token)
    }

    func delete(_ id: String) async throws -> TestResponse {
        try await client.api(.delete, "/api/v1/body-metrics/\(id)", token: token)
    }

    func list(_ query: String = "") async throws -> TestResponse {
        try await client.api(.get, "/api/v1/body-metrics" + (query.isEmpty ? "" : "?\(query)"), token: token)
    }
}
