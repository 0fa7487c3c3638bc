import Foundation
import Hummingbird
import SpotterCore

struct SettingsResponse: ResponseEncodable, Equatable {
    let unit: MassUnit
    let defaultRestSeconds: Int
    let theme: Theme
    let timeZone: String
    let onboardingSeen: Bool
    /// The step suggested weights round to, in `unit`.
    let plateStep: Double
    /// The bar and the plates (heaviest first) in `unit`, for the plate calculator and warm-ups.
    let barWeight: Double
    let plates: [Double]
    let restSound: Bool
    let restVolume: Int
    let wakeLock: Bool

    init(_ settings: UserSettings) {
        plateStep = settings.roundingStep
        barWeight = settings.bar
        plates = settings.plateChoice
        restSound = settings.restSound
        restVolume = settings.restVolume
        wakeLock = settings.wakeLock
        unit = settings.unit
        defaultRestSeconds = settings.defaultRestSeconds
        theme = settings.theme
        timeZone = settings.timeZone
        onboardingSeen = settings.onboardingSeen
    }
}

struct MeResponse: ResponseEncodable {
    let id: UUID
    let username: String
    let createdAt: Date
    let settings: SettingsResponse

    init(_ user: User) {
        id = user.id
        username = user.username
        createdAt = user.createdAt
        settings = SettingsResponse(user.settings)
    }
}

struct TokenResponse: ResponseEncodable {
    let id: UUID
    let name: String
    let prefix: String
    let createdAt: Date
    @Nullable var lastUsedAt: Date?
    /// Present only in the answer that created the token.
    let token: String?

    init(_ token: APIToken, secret: String? = nil) {
        id = token.id
        name = token.name
        prefix = token.prefix
        createdAt = token.createdAt
        lastUsedAt = token.lastUsedAt
        self.token = secret
    }
}
