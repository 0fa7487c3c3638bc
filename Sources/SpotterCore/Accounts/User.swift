import Foundation

/// A person with an account on this server.
public struct User: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var username: String
    public var settings: UserSettings
    public var createdAt: Date

    public init(id: UUID, username: String, settings: UserSettings, createdAt: Date) {
        self.id = id
        self.username = username
        self.settings = settings
        self.createdAt = createdAt
    }
}

/// An API token as listed to its owner: never the secret itself, which is shown once.
public struct APIToken: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var name: String
    /// The first characters of the secret, so a user can tell tokens apart.
    public var prefix: String
    public var createdAt: Date
    public var lastUsedAt: Date?

    public init(id: UUID, name: String, prefix: String, createdAt: Date, lastUsedAt: Date?) {
        self.id = id
        self.name = name
        self.prefix = prefix
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }

    public static let nameLimit = 60

    /// A token name as stored, or why it is refused.
    public static func validName(_ raw: String) throws(ValidationFailure) -> String {
        try PlainText.checkedName(raw, limit: nameLimit, missing: "Name the token, e.g. \"Laptop script\".")
    }
}
