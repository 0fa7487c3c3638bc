import FluentKit
import Foundation
import SpotterCore

final class UserModel: Model, @unchecked Sendable {
    static let schema = "users"

    @ID(key: .id) var id: UUID?
    @Field(key: "username") var username: String
    @Field(key: "password_hash") var passwordHash: String
    @Field(key: "unit") var unit: String
    @Field(key: "default_rest_seconds") var defaultRestSeconds: Int
    @Field(key: "theme") var theme: String
    @Field(key: "time_zone") var timeZone: String
    @Field(key: "onboarding_seen") var onboardingSeen: Bool
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(id: UUID, username: String, passwordHash: String, settings: UserSettings, createdAt: Date) {
        self.id = id
        self.username = username
        self.passwordHash = passwordHash
        self.createdAt = createdAt
        apply(settings)
    }

    func apply(_ settings: UserSettings) {
        unit = settings.unit.rawValue
        defaultRestSeconds = settings.defaultRestSeconds
        theme = settings.theme.rawValue
        timeZone = settings.timeZone
        onboardingSeen = settings.onboardingSeen
    }

    var settings: UserSettings {
        UserSettings(
            unit: MassUnit(rawValue: unit) ?? .kg, defaultRestSeconds: defaultRestSeconds,
            theme: Theme(rawValue: theme) ?? .system, timeZone: timeZone, onboardingSeen: onboardingSeen)
    }

    var core: User {
        User(id: id!, username: username, settings: settings, createdAt: createdAt)
    }
}
