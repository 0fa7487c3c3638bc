import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Shorthands for one lifter's calls to the templates API.
struct TemplateAPICalls: Sendable {
    let client: any TestClientProtocol
    let token: String

    /// `PUT /templates/{id}` with a body given as an object.
    func put(_ id: String, _ body: [String: any Sendable]) async throws -> TestResponse {
        try await client.api(.put, "/api/v1/templates/\(id)", token: token, json: wkJSON(body))
    }

    /// `PUT /templates/{id}` with a name (left out when nil), the rows and any other fields.
    func save(_ id: String, name: String? = nil, _ rows: [[String: any Sendable]], _ fields: [String: any Sendable] = [:])
        async throws -> TestResponse
    {
        var body = fields
        if let name { body["name"] = name }
        body["exercises"] = rows
        return try await put(id, body)
    }

    /// Creates a template and returns its answer; the test stops if it is refused.
    @discardableResult
    func create(
        _ name: String, _ rows: [[String: any Sendable]], _ fields: [String: any Sendable] = [:], id: String = wkID()
    ) async throws -> [String: Any] {
        let response = try await save(id, name: name, rows, fields)
        try #require(response.status == .created, "\(name) is created: \(response.text)")
        return try response.object()
    }

    /// Creates a template and returns its id; the test stops if it is refused.
    func newTemplate(_ name: String, _ rows: [[String: any Sendable]], _ fields: [String: any Sendable] = [:]) async throws
        -> String
    {
        try #require(try await create(name, rows, fields)["id"] as? String)
    }

    func get(_ id: String) async throws -> TestResponse {
        try await client.api(.get, "/api/v1/templates/\(id)", token: token)
    }

    func list(_ query: String = "") async throws -> TestResponse {
        try await client.api(.get, "/api/v1/templates" + (query.isEmpty ? "" : "?\(query)"), token: token)
    }

    /// The names the library lists for a query, in its order.
    func names(_ query: String = "") async throws -> [String] {
        let response = try await list(query)
        #expect(response.status == .ok, "\(query): \(response.text)")
        return try response.items().compactMap { $0["name"] as? String }
    }

    func patch(_ id: String, _ fields: [String: any Sendable]) async throws -> TestResponse {
        try await client.api(.patch, "/api/v1/templates/\(id)", token: token, json: wkJSON(fields))
    }

    func delete(_ id: String) async throws -> TestResponse {
        try await client.api(.delete, "/api/v1/templates/\(id)", token: token)
    }

    func duplicate(_ id: String, as newID: String) async throws -> TestResponse {
        try await client.api(.post, "/api/v1/templates/\(id)/duplicate", token: token, json: wkJSON(["id": newID]))
    }

    func start(_ id: String, _ fields: [String: any Sendable]) async throws -> TestResponse {
        try await client.api(.post, "/api/v1/templates/\(id)/start", token: token, json: wkJSON(fields))
    }

    func preview(_ id: String, _ fields: [String: any Sendable]) async throws -> TestResponse {
        try await client.api(.post, "/api/v1/templates/\(id)/update-preview", token: token, json: wkJSON(fields))
    }

    func update(_ id: String, _ fields: [String: any Sendable]) async throws -> TestResponse {
        try await client.api(.post, "/api/v1/templates/\(id)/update", token: token, json: wkJSON(fields))
    }

    func fromWorkout(_ fields: [String: any Sendable]) async throws -> TestResponse {
        try await client.api(.post, "/api/v1/templates/from-workout", token: token, json: wkJSON(fields))
    }

    func export(_ id: String) async throws -> TestResponse {
        try await client.api(.get, "/api/v1/templates/\(id)/export", token: token)
    }

    func exportAll() async throws -> TestResponse {
        try await client.api(.get, "/api/v1/templates/export", token: token)
    }

    /// `POST /templates/import` with the file's text as the raw body.
    func importFile(_ text: String) async throws -> TestResponse {
        try await client.api(.post, "/api/v1/templates/import", token: token, json: text)
    }

    func presets() async throws -> TestResponse {
        try await client.api(.get, "/api/v1/template-presets", token: token)
    }

    func preset(_ id: String) async throws -> TestResponse {
        try await client.api(.get, "/api/v1/template-presets/\(id)", token: token)
    }

    func use(_ preset: String, as newID: String) async throws -> TestResponse {
        try await client.api(.post, "/api/v1/template-presets/\(preset)/use", token: token, json: wkJSON(["id": newID]))
    }
}
