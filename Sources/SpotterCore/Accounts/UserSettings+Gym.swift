/// The settings a lifter uses on the gym floor: the bar and plates they load (for
/// the plate calculator and warm-up sets) and how the end of rest reaches them.
extension UserSettings {
    /// The usual bar: 20 kg or 45 lb.
    public static func defaultBar(_ unit: MassUnit) -> Double { unit == .kg ? 20 : 45 }

    /// The usual plates of a gym, heaviest first.
    public static func defaultPlates(_ unit: MassUnit) -> [Double] {
        unit == .kg ? [25, 20, 15, 10, 5, 2.5, 1.25] : [45, 35, 25, 10, 5, 2.5]
    }

    /// The bar in `unit`: the chosen one or the usual one.
    public var bar: Double { barWeight ?? Self.defaultBar(unit) }

    /// The plates in `unit`, heaviest first: the chosen ones or the usual ones.
    public var plateChoice: [Double] { plates ?? Self.defaultPlates(unit) }

    /// From an empty bar (a plate-loaded machine without one) to a heavy trap bar.
    public static func barLimits(_ unit: MassUnit) -> ClosedRange<Double> { unit == .kg ? 0...100 : 0...220 }
    public static func plateLimits(_ unit: MassUnit) -> ClosedRange<Double> { unit == .kg ? 0.25...50 : 0.25...110 }
    public static let plateCountLimit = 12
    public static let restVolumeRange = 0...100
}

extension SettingsChange {
    /// Checks and applies the bar, the plates and the rest alert; values given
    /// together with a unit are read in that unit.
    func applyGym(to result: inout UserSettings, issues: inout [FieldIssue]) {
        let unit = result.unit.rawValue
        if let barWeight {
            let limits = UserSettings.barLimits(result.unit)
            if let bar = barWeight, !limits.contains(bar) {
                issues.append(
                    .init(
                        field: "barWeight",
                        message:
                            "The bar weight must be between 0 and \(PlateMath.number(limits.upperBound)) \(unit), such as \(PlateMath.number(UserSettings.defaultBar(result.unit)))."
                    ))
            } else if let bar = barWeight, !Self.hasTwoDecimals(bar) {
                issues.append(
                    .init(field: "barWeight", message: "The bar weight has at most two decimals, such as 15.5; \(bar) has more."))
            } else {
                result.barWeight = barWeight
            }
        }
        if let plates {
            if let chosen = plates {
                if let problem = Self.plateProblem(chosen, unit: result.unit) {
                    issues.append(.init(field: "plates", message: problem))
                } else {
                    result.plates = Array(Set(chosen)).sorted(by: >)
                }
            } else {
                result.plates = nil
            }
        }
        if let restSound { result.restSound = restSound }
        if let restVolume {
            if UserSettings.restVolumeRange.contains(restVolume) {
                result.restVolume = restVolume
            } else {
                issues.append(.init(field: "restVolume", message: "The rest sound volume must be between 0 and 100."))
            }
        }
        if let wakeLock { result.wakeLock = wakeLock }
    }

    /// What is wrong with a list of plates, in the lifter's words; nil when nothing is.
    static func plateProblem(_ plates: [Double], unit: MassUnit) -> String? {
        let limits = UserSettings.plateLimits(unit)
        if plates.isEmpty { return "Choose at least one plate." }
        if Set(plates).count > UserSettings.plateCountLimit {
            return "Choose at most \(UserSettings.plateCountLimit) different plates."
        }
        if let bad = plates.first(where: { !limits.contains($0) }) {
            return
                "Each plate must be between \(PlateMath.number(limits.lowerBound)) and \(PlateMath.number(limits.upperBound)) \(unit.rawValue); \(PlateMath.number(bad)) is not."
        }
        if let bad = plates.first(where: { !Self.hasTwoDecimals($0) }) {
            return "Plates have at most two decimals, such as 1.25; \(bad) has more."
        }
        return nil
    }

    /// Whether `value` is a whole number of hundredths, as `1.25` typed is: its
    /// hundredths divided by 100 give it back exactly (the division rounds as reading
    /// the decimal text does). An absolute slack let through what is far below a
    /// hundredth (`5e-324` is 0.00 to any slack); beyond 10^13 hundredths stop being
    /// whole numbers a double holds, and no weight is near that.
    static func hasTwoDecimals(_ value: Double) -> Bool {
        guard value.isFinite, abs(value) < 1e13 else { return false }
        return (value * 100).rounded() / 100 == value
    }
}
