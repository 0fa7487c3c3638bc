import Foundation
import Hummingbird
import SpotterCore

struct SettingsInput: Decodable, Sendable {
    var unit: String?
    var defaultRestSeconds: Int?
    var theme: String?
    var timeZone: String?
    var onboardingSeen: Bool?
    var plateStep: Double?

    var change: SettingsChange {
        SettingsChange(
            unit: unit, defaultRestSeconds: defaultRestSeconds, theme: theme, timeZone: timeZone, onboardingSeen: onboardingSeen,
            plateStep: plateStep.map { .some($0) })
    }
}

struct PasswordChangeInput: Decodable, Sendable {
    var currentPassword: String
    var newPassword: String
}

struct TokenInput: Decodable, Sendable {
    var name: String
}
