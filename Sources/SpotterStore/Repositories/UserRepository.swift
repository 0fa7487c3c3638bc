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
        if try await UserModel.query(on: db).filter(\.$username == username).count() > 0 {
            throw SpotterError.conflict(field: "username", message: "The user name \(username) is taken.")
        }
        let model = UserModel(id: id, username: username, passwordHash: passwordHash, settings: settings, createdAt: now)
        try await db.writeTransaction { tx in
            try await model.create(on: tx)
            try await WorkoutTypeRepository(db: tx).seedDefaults(userID: id, now: now)
        }
        return model.core
    }

    public func find(id: UUID) async throws -> User? {
        try await UserModel.find(id, on: db)?.core
    }

    public func find(username: String) async throws -> User? {
        try await UserModel.query(on: db).filter(\.$username == username.lowercased()).first()?.core
    }

    /// The account and its password hash, for checking a login.
    func credentials(username: String) async throws -> (User, String)? {
        guard let model = try await UserModel.query(on: db).filter(\.$username == username.lowercased()).first() else {
            return nil
        }
        return (model.core, model.passwordHash)
    }

    func passwordHash(userID: UUID) async throws -> String? {
        try await UserModel.find(userID, on: db)?.passwordHash
    }

    public func list() async throws -> [User] {
        try await UserModel.query(on: db).sort(\.$username).all().map(\.core)
    }

    func setPasswordHash(_ hash: String, userID: UUID) async throws {
        try await UserModel.query(on: db).filter(\.$id == userID).set(\.$passwordHash, to: hash).update()
    }

    /// Saves new settings and returns the account as it now is.
    public func update(settings: UserSettings, userID: UUID) async throws -> User {
        let model = try await db.writeTransaction { tx in
            guard let model = try await UserModel.find(userID, on: tx) else { throw SpotterError.notFound("The account") }
            let zoneChanged = model.timeZone != settings.timeZone
            model.apply(settings)
            try await model.save(on: tx)
            // Weeks start at Monday midnight in the lifter's zone: count them again there.
            if zoneChanged {
                try await ProgressRows.rebuildWeeks(userID: userID, timeZone: settings.zone, on: tx)
            }
            return model
        }
        store?.tokenOwners.forget(userID: userID)
        store?.sessionOwners.forget(userID: userID)
        return model.core
    }
}
