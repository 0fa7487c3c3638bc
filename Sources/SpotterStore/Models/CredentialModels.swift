import FluentKit
import Foundation
import SpotterCore

final class WebSessionModel: Model, @unchecked Sendable {
    static let schema = "web_sessions"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "token_hash") var tokenHash: String
    @Field(key: "csrf_token") var csrfToken: String
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "expires_at") var expiresAt: Date

    init() {}

    init(id: UUID, userID: UUID, tokenHash: String, csrfToken: String, createdAt: Date, expiresAt: Date) {
        self.id = id
        self.userID = userID
        self.tokenHash = tokenHash
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

final class APITokenModel: Model, @unchecked Sendable {
    static let schema = "api_tokens"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "name") var name: String
    @Field(key: "token_hash") var tokenHash: String
    @Field(key: "prefix") var prefix: String
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "last_used_at") var lastUsedAt: Date?

    init() {}

    init(id: UUID, userID: UUID, name: String, tokenHash: String, prefix: String, createdAt: Date) {
        self.id = id
        self.userID = userID
        self.name = name
        self.tokenHash = tokenHash
        self.prefix = prefix
        self.createdAt = createdAt
    }

    var core: APIToken {
        APIToken(id: id!, name: name, prefix: prefix, createdAt: createdAt, lastUsedAt: lastUsedAt)
    }
}

final class StoreMetadataModel: Model, @unchecked Sendable {
    static let schema = "store_metadata"

    @ID(custom: "key", generatedBy: .user) var id: String?
    @Field(key: "value") var value: String

    init() {}

    init(key: String, value: String) {
        self.id = key
        self.value = value
    }
}
