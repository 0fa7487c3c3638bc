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
    var barWeight: Double?
    var plates: [Double]?
    var restSound: Bool?
    var restVolume: Int?
    var wakeLock: Bool?

    var change: SettingsChange {
        SettingsChange(
            unit: unit, defaultRestSeconds: defaultRestSeconds, theme: theme, timeZone: timeZone, onboardingSeen: onboardingSeen,
            plateStep: plateStep.map { .some($0) }, barWeight: barWeight.map { .some($0) }, plates: plates.map { .some($0) },
            restSound: restSound, restVolume: restVolume, wakeLock: wakeLock)
    }
}

struct PasswordChangeInput: Decodable, Sendable {
    var currentPassword: String
    var newPassword: String
    /// Also revoke every API token; left out means no.
    var revokeTokens: Bool?
}

struct TokenInput: Decodable, Sendable {
    var name: String
}
