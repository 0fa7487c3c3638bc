import FluentKit
import Foundation
import SpotterCore

/// Accounts and their settings.
public struct UserRepository: Sendable {
    let db: any Database
    /// Set when made from the store: settings changes must reach the sign-in caches.
    private let store: SpotterStore?

    public init(store: SpotterStore) {
        db = store.database
        self.store = store
    }

    init(db: any Database) {
        self.db = db
        store = nil
    }

    /// Stores a new account and gives it the seeded workout types, in one transaction.
    public func create(
        id: UUID = UUID(), username: String, passwordHash: String, settings: UserSettings, now: Date
    ) async throws -> User {
        if try await db.sql.raw("SELECT u.id FROM users u WHERE u.username = \(bind: username)").first() != nil {
            throw SpotterError.conflict(field: "username", message: "The user name \(username) is taken.")
        }
        let user = User(id: id, username: username, settings: settings, createdAt: now)
        try await db.writeTransaction { tx in
            try await UserRows.insert(rows: [UserRows.values(user, passwordHash: passwordHash)], on: tx)
            try await WorkoutTypeRepository(db: tx).seedDefaults(userID: id, now: now)
        }
        return user
    }

    public func find(id: UUID) async throws -> User? {
        try await UserRows.users(where: "u.id = \(bind: id)", on: db).first?.user
    }

    public func find(username: String) async throws -> User? {
        try await credentials(username: username)?.0
    }

    /// The account and its password hash, for checking a login.
    func credentials(username: String) async throws -> (User, String)? {
        try await UserRows.users(where: "u.username = \(bind: username.lowercased())", on: db).first
    }

    func passwordHash(userID: UUID) async throws -> String? {
        try await UserRows.users(where: "u.id = \(bind: userID)", on: db).first?.passwordHash
    }

    public func list() async throws -> [User] {
        try await UserRows.users(where: "1 = 1 ORDER BY u.username", on: db).map(\.user)
    }

    func setPasswordHash(_ hash: String, userID: UUID) async throws {
        try await db.sql.raw("UPDATE users SET password_hash = \(bind: hash) WHERE id = \(bind: userID)").run()
    }

    /// Saves new settings and returns the account as it now is.
    public func update(settings: UserSettings, userID: UUID) async throws -> User {
        let user = try await db.writeTransaction { tx in
            guard var user = try await UserRows.users(where: "u.id = \(bind: userID)", on: tx).first?.user else {
                throw SpotterError.notFound("The account")
            }
            let zoneChanged = user.settings.timeZone != settings.timeZone
            user.settings = settings
            try await UserRows.saveSettings(of: user, on: tx)
            // Weeks start at Monday midnight in the lifter's zone: count them again there.
            if zoneChanged {
                try await ProgressRows.rebuildWeeks(userID: userID, timeZone: settings.zone, on: tx)
            }
            return user
        }
        await store?.signInChanged(.user(userID))
        return user
    }
}
