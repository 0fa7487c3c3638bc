import Foundation

/// The unit a user thinks in. Weights are stored as entered and shown in this unit.
public enum MassUnit: String, CaseIterable, Codable, Sendable {
    case kg, lb

    public var displayName: String { rawValue }
}

/// The colour scheme of the web app.
public enum Theme: String, CaseIterable, Codable, Sendable {
    case system, light, dark

    public var displayName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

/// A user's preferences.
public struct UserSettings: Sendable, Equatable, Codable {
    public var unit: MassUnit
    public var defaultRestSeconds: Int
    public var theme: Theme
    /// An IANA time zone name (`Europe/Berlin`), for grouping workouts by calendar day and week.
    public var timeZone: String
    public var onboardingSeen: Bool
    /// The smallest step a lifter can add to a bar, in `unit` (their smallest plates,
    /// a pair); nil for the usual 2.5 kg or 5 lb. Suggested weights round to it.
    public var plateStep: Double?

    /// The step weights are rounded to: `plateStep`, else 2.5 kg or 5 lb.
    public var roundingStep: Double { plateStep ?? Self.defaultPlateStep(unit) }

    public static func defaultPlateStep(_ unit: MassUnit) -> Double { unit == .kg ? 2.5 : 5 }

    public static let plateStepLimits = 0.25...25.0

    /// `timeZone` as a zone (UTC if the name is unknown, which validation prevents).
    public var zone: TimeZone { TimeZone(identifier: timeZone) ?? .gmt }

    public init(
        unit: MassUnit = .kg, defaultRestSeconds: Int = 120, theme: Theme = .system, timeZone: String = "UTC",
        onboardingSeen: Bool = false, plateStep: Double? = nil
    ) {
        self.plateStep = plateStep
        self.unit = unit
        self.defaultRestSeconds = defaultRestSeconds
        self.theme = theme
        self.timeZone = timeZone
        self.onboardingSeen = onboardingSeen
    }

    public static let restSecondsRange = 0...1_800
}

/// A partial change of settings; `nil` leaves a value as it is.
public struct SettingsChange: Sendable, Equatable {
    public var unit: String?
    public var defaultRestSeconds: Int?
    public var theme: String?
    public var timeZone: String?
    public var onboardingSeen: Bool?
    /// `.some(nil)` goes back to the usual step for the unit.
    public var plateStep: Double??

    public init(
        unit: String? = nil, defaultRestSeconds: Int? = nil, theme: String? = nil, timeZone: String? = nil,
        onboardingSeen: Bool? = nil, plateStep: Double?? = nil
    ) {
        self.plateStep = plateStep
        self.unit = unit
        self.defaultRestSeconds = defaultRestSeconds
        self.theme = theme
        self.timeZone = timeZone
        self.onboardingSeen = onboardingSeen
    }

    /// The settings after this change, or every problem with it.
    public func applied(to settings: UserSettings) throws(ValidationFailure) -> UserSettings {
        var result = settings
        var issues: [FieldIssue] = []
        if let unit {
            if let value = MassUnit(rawValue: unit.lowercased()) {
                // A step chosen in the other unit means nothing in this one.
                if value != settings.unit { result.plateStep = nil }
                result.unit = value
            }
            else { issues.append(.init(field: "unit", message: "Choose kg or lb.")) }
        }
        if let defaultRestSeconds {
            if UserSettings.restSecondsRange.contains(defaultRestSeconds) { result.defaultRestSeconds = defaultRestSeconds }
            else {
                issues.append(.init(
                    field: "defaultRestSeconds",
                    message: "Rest must be between 0 and \(UserSettings.restSecondsRange.upperBound) seconds."))
            }
        }
        if let theme {
            if let value = Theme(rawValue: theme.lowercased()) { result.theme = value }
            else { issues.append(.init(field: "theme", message: "Choose system, light or dark.")) }
        }
        if let timeZone {
            if TimeZone(identifier: timeZone) != nil, timeZone.count <= 64 { result.timeZone = timeZone }
            else { issues.append(.init(field: "timeZone", message: "Use a time zone name such as Europe/Berlin.")) }
        }
        if let onboardingSeen { result.onboardingSeen = onboardingSeen }
        if let plateStep {
            if let step = plateStep, !UserSettings.plateStepLimits.contains(step) {
                issues.append(.init(field: "plateStep", message: "The smallest plate step must be between 0.25 and 25 \(result.unit.rawValue), such as 2.5."))
            } else {
                result.plateStep = plateStep
            }
        }
        guard issues.isEmpty else { throw ValidationFailure(issues) }
        return result
    }
}
