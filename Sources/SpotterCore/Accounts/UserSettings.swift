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
    /// The bar's weight in `unit`; nil for the usual 20 kg or 45 lb.
    public var barWeight: Double?
    /// The plates the lifter has (one side's choice, in `unit`); nil for the usual set.
    public var plates: [Double]?
    /// The logging page's rest alert: a sound at the end of rest, its volume (0-100),
    /// and the screen kept awake while a workout is in progress.
    public var restSound: Bool
    public var restVolume: Int
    public var wakeLock: Bool

    /// The step weights are rounded to: `plateStep` when the lifter chose one, else
    /// what their plates allow (a pair of the smallest: 2.5 kg or 5 lb by default).
    public var roundingStep: Double { plateStep ?? Self.defaultPlateStep(plates: plateChoice) }

    /// Two of the smallest plates: the least a bar can go up by.
    public static func defaultPlateStep(plates: [Double]) -> Double { 2 * (plates.min() ?? 1.25) }

    public static let plateStepLimits = 0.25...25.0

    /// `timeZone` as a zone (UTC if the name is unknown, which validation prevents).
    public var zone: TimeZone { TimeZone(identifier: timeZone) ?? .gmt }

    public init(
        unit: MassUnit = .kg, defaultRestSeconds: Int = 120, theme: Theme = .system, timeZone: String = "UTC",
        onboardingSeen: Bool = false, plateStep: Double? = nil, barWeight: Double? = nil, plates: [Double]? = nil,
        restSound: Bool = true, restVolume: Int = 70, wakeLock: Bool = true
    ) {
        self.plateStep = plateStep
        self.barWeight = barWeight
        self.plates = plates
        self.restSound = restSound
        self.restVolume = restVolume
        self.wakeLock = wakeLock
        self.unit = unit
        self.defaultRestSeconds = defaultRestSeconds
        self.theme = theme
        self.timeZone = timeZone
        self.onboardingSeen = onboardingSeen
    }

    public static let restSecondsRange = 0...1_800
}

extension UserSettings {
    enum CodingKeys: String, CodingKey {
        case unit, defaultRestSeconds, theme, timeZone, onboardingSeen, plateStep, barWeight, plates, restSound, restVolume,
            wakeLock
    }

    /// Reads settings written before the bar, plates and rest alert existed with the usual ones.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            unit: try c.decode(MassUnit.self, forKey: .unit),
            defaultRestSeconds: try c.decode(Int.self, forKey: .defaultRestSeconds),
            theme: try c.decode(Theme.self, forKey: .theme), timeZone: try c.decode(String.self, forKey: .timeZone),
            onboardingSeen: try c.decode(Bool.self, forKey: .onboardingSeen),
            plateStep: try c.decodeIfPresent(Double.self, forKey: .plateStep),
            barWeight: try c.decodeIfPresent(Double.self, forKey: .barWeight),
            plates: try c.decodeIfPresent([Double].self, forKey: .plates),
            restSound: try c.decodeIfPresent(Bool.self, forKey: .restSound) ?? true,
            restVolume: try c.decodeIfPresent(Int.self, forKey: .restVolume) ?? 70,
            wakeLock: try c.decodeIfPresent(Bool.self, forKey: .wakeLock) ?? true)
    }
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
    /// `.some(nil)` goes back to the usual bar, or plates, for the unit.
    public var barWeight: Double??
    public var plates: [Double]??
    public var restSound: Bool?
    public var restVolume: Int?
    public var wakeLock: Bool?

    public init(
        unit: String? = nil, defaultRestSeconds: Int? = nil, theme: String? = nil, timeZone: String? = nil,
        onboardingSeen: Bool? = nil, plateStep: Double?? = nil, barWeight: Double?? = nil, plates: [Double]?? = nil,
        restSound: Bool? = nil, restVolume: Int? = nil, wakeLock: Bool? = nil
    ) {
        self.plateStep = plateStep
        self.barWeight = barWeight
        self.plates = plates
        self.restSound = restSound
        self.restVolume = restVolume
        self.wakeLock = wakeLock
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
                // A step, bar or plates chosen in the other unit mean nothing in this one.
                if value != settings.unit {
                    result.plateStep = nil
                    result.barWeight = nil
                    result.plates = nil
                }
                result.unit = value
            } else {
                issues.append(.init(field: "unit", message: "Choose kg or lb."))
            }
        }
        if let defaultRestSeconds {
            if UserSettings.restSecondsRange.contains(defaultRestSeconds) {
                result.defaultRestSeconds = defaultRestSeconds
            } else {
                issues.append(
                    .init(
                        field: "defaultRestSeconds",
                        message: "Rest must be between 0 and \(UserSettings.restSecondsRange.upperBound) seconds."))
            }
        }
        if let theme {
            if let value = Theme(rawValue: theme.lowercased()) {
                result.theme = value
            } else {
                issues.append(.init(field: "theme", message: "Choose system, light or dark."))
            }
        }
        if let timeZone {
            if TimeZone(identifier: timeZone) != nil, timeZone.count <= 64 {
                result.timeZone = timeZone
            } else {
                issues.append(.init(field: "timeZone", message: "Use a time zone name such as Europe/Berlin."))
            }
        }
        if let onboardingSeen { result.onboardingSeen = onboardingSeen }
        if let plateStep {
            if let step = plateStep, !UserSettings.plateStepLimits.contains(step) {
                issues.append(
                    .init(
                        field: "plateStep",
                        message: "The smallest plate step must be between 0.25 and 25 \(result.unit.rawValue), such as 2.5."))
            } else if let step = plateStep, !Self.hasTwoDecimals(step) {
                issues.append(
                    .init(
                        field: "plateStep",
                        message: "The smallest plate step has at most two decimals, such as 1.25; \(step) has more."))
            } else {
                result.plateStep = plateStep
            }
        }
        applyGym(to: &result, issues: &issues)
        guard issues.isEmpty else { throw ValidationFailure(issues) }
        return result
    }
}
