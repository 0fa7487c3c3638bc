import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// The one Swift description of `web_sessions` (made by `M002CreateWebSessions`):
/// a signed-in browser, kept as the hash of its cookie secret.
enum WebSessionRows: TableRows {
    static let table = "web_sessions"
    static let columns = ["id", "user_id", "token_hash", "csrf_token", "created_at", "expires_at"]

    static func values(id: UUID, userID: UUID, tokenHash: String, csrfToken: String, createdAt: Date, expiresAt: Date)
        -> [RowValue]
    {
        [.uuid(id), .uuid(userID), .text(tokenHash), .text(csrfToken), .time(createdAt), .time(expiresAt)]
    }

    static func insert(_ values: [RowValue], on db: any Database) async throws {
        try await insert(rows: [values], on: db)
    }
}

/// The one Swift description of `api_tokens` (made by `M003CreateAPITokens`): a
/// script's token, kept as the hash of its secret and the first characters to show.
enum APITokenRows: TableRows {
    static let table = "api_tokens"
    static let columns = ["id", "user_id", "name", "token_hash", "prefix", "created_at", "last_used_at"]

    static func values(_ token: APIToken, userID: UUID, tokenHash: String) -> [RowValue] {
        [
            .uuid(token.id), .uuid(userID), .text(token.name), .text(tokenHash), .text(token.prefix), .time(token.createdAt),
            .time(token.lastUsedAt),
        ]
    }

    static func token(_ row: any SQLRow) throws -> APIToken {
        APIToken(
            id: try row.decode(column: "id", as: UUID.self), name: try row.decode(column: "name", as: String.self),
            prefix: try row.decode(column: "prefix", as: String.self),
            createdAt: try row.decode(column: "created_at", as: Date.self),
            lastUsedAt: try row.optional("last_used_at"))
    }

    static func insert(_ values: [RowValue], on db: any Database) async throws {
        try await insert(rows: [values], on: db)
    }
}
