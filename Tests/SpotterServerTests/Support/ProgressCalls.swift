import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Shorthands for one lifter's calls to the progress API.
struct ProgressCalls: Sendable {
    let client: any TestClientProtocol
    let token: String

    func dashboard() async throws -> TestResponse {
        try await client.api(.get, "/api/v1/progress/dashboard", token: token)
    }

    func stats(_ query: String = "") async throws -> TestResponse {
        try await client.api(.get, "/api/v1/progress/stats" + (query.isEmpty ? "" : "?\(query)"), token: token)
    }

    func exercise(_ id: String, _ query: String = "") async throws -> TestResponse {
        try await client.api(.get, "/api/v1/exercises/\(id)/progress" + (query.isEmpty ? "" : "?\(query)"), token: token)
    }
}
