import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// The one Swift description of `users` (made by `M001CreateUsers`): its columns,
/// the row an account is written as and the account a row is read as.
enum UserRows: TableRows {
    static let table = "users"
    /// The columns, in the order of `values`.
    static let columns = [
        "id", "username", "password_hash", "unit", "default_rest_seconds", "theme", "time_zone", "onboarding_seen", "created_at",
        "plate_step",
        "bar_weight", "plates", "rest_sound", "rest_volume", "wake_lock",
    ]

    /// The columns an account is read from (all but the password hash), as `u.`, for
    /// queries that join `users u`.
    static let select = SQLQueryString(columns.filter { $0 != "password_hash" }.map { "u." + $0 }.joined(separator: ", "))

    static func values(_ user: User, passwordHash: String) -> [RowValue] {
        let settings = user.settings
        return [
            .uuid(user.id), .text(user.username), .text(passwordHash), .name(settings.unit.rawValue),
            .int(settings.defaultRestSeconds),
            .name(settings.theme.rawValue), .text(settings.timeZone), .bool(settings.onboardingSeen), .time(user.createdAt),
            .double(settings.plateStep),
            .double(settings.barWeight), .text(settings.plates.map(platesText)), .bool(settings.restSound),
            .int(settings.restVolume),
            .bool(settings.wakeLock),
        ]
    }

    static func user(_ row: any SQLRow) throws -> User {
        let settings = UserSettings(
            unit: MassUnit(rawValue: try row.decode(column: "unit", as: String.self)) ?? .kg,
            defaultRestSeconds: try row.decode(column: "default_rest_seconds", as: Int.self),
            theme: Theme(rawValue: try row.decode(column: "theme", as: String.self)) ?? .system,
            timeZone: try row.decode(column: "time_zone", as: String.self),
            onboardingSeen: try row.decode(column: "onboarding_seen", as: Bool.self), plateStep: try row.optional("plate_step"),
            barWeight: try row.optional("bar_weight"), plates: try row.optional("plates", as: String.self).map(plates),
            restSound: try row.decode(column: "rest_sound", as: Bool.self),
            restVolume: try row.decode(column: "rest_volume", as: Int.self),
            wakeLock: try row.decode(column: "wake_lock", as: Bool.self))
        return User(
            id: try row.decode(column: "id", as: UUID.self), username: try row.decode(column: "username", as: String.self),
            settings: settings, createdAt: try row.decode(column: "created_at", as: Date.self))
    }

    /// Plates as stored: "25,20,2.5".
    static func platesText(_ plates: [Double]) -> String {
        plates.map(PlateMath.number).joined(separator: ",")
    }

    static func plates(_ text: String) -> [Double] {
        text.split(separator: ",").compactMap { Double($0) }
    }

    /// Writes an account's settings (its id, name, password and creation stay).
    static func saveSettings(of user: User, on db: any Database) async throws {
        let kept: Set<String> = ["id", "username", "password_hash", "created_at"]
        try await db.sql.raw(
            """
            UPDATE users SET \(assignments(values(user, passwordHash: ""), except: kept)) WHERE id = \(bind: user.id)
            """
        ).run()
    }

    /// The accounts a condition selects (`WHERE` and what follows it), with their password hashes.
    static func users(where condition: SQLQueryString, on db: any Database) async throws -> [(user: User, passwordHash: String)] {
        try await db.sql.raw("SELECT \(select), u.password_hash FROM users u WHERE " + condition).all().map { row in
            (try user(row), try row.decode(column: "password_hash", as: String.self))
        }
    }
}
