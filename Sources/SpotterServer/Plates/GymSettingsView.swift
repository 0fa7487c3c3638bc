import SpotterCore

/// The settings the logging page's script reads from its root element's data
/// attributes: the bar and plates for the plate calculator, and the rest alert.
struct GymSettingsView {
    let barWeight: String
    /// "25 20 15 10 5 2.5 1.25": heaviest first.
    let plates: String
    let restSound: Bool
    let restVolume: Int
    let wakeLock: Bool

    init(_ settings: UserSettings) {
        barWeight = PlateMath.number(settings.bar)
        plates = settings.plateChoice.map(PlateMath.number).joined(separator: " ")
        restSound = settings.restSound
        restVolume = settings.restVolume
        wakeLock = settings.wakeLock
    }
}
