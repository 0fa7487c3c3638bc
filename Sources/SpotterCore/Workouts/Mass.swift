/// A weight as the lifter entered it: the number and its unit. Stored as entered,
/// converted only to compute or to show in another unit, so 225 lb stays 225 lb.
public struct Mass: Sendable, Hashable, Codable {
    public var value: Double
    public var unit: MassUnit

    public init(_ value: Double, _ unit: MassUnit) {
        self.value = value
        self.unit = unit
    }

    /// Kilograms in one pound, by definition.
    public static let kilogramsPerPound = 0.45359237

    /// The same weight in another unit.
    public func converted(to target: MassUnit) -> Double {
        switch (unit, target) {
        case (.kg, .kg), (.lb, .lb): value
        case (.lb, .kg): value * Self.kilogramsPerPound
        case (.kg, .lb): value / Self.kilogramsPerPound
        }
    }
}

extension Mass {
    /// The finest step lifters load by, in either unit: quarters (0.25 kg micro
    /// plates, 1.25 lb change plates, 2.5 lb dumbbell steps all fall on it).
    public static let finestStep = 0.25
    /// How finely weights are kept: to 0.01 of their unit.
    public static let keptPrecision = 0.01

    /// The quarter step of `target` this weight was entered as, when its exact
    /// conversion lies within `tolerance` (in this weight's own unit) of one; else
    /// nil. 40.8233133 kg within 0.0000001 kg is 90 lb; 100 kg is no pound step.
    public func step(in target: MassUnit, within tolerance: Double) -> Double? {
        let exact = converted(to: target)
        let step = (exact / Self.finestStep).rounded() * Self.finestStep
        // The slack covers the last bits of a Double, not the weight.
        let slack = Mass(tolerance, unit).converted(to: target) + 1e-9 * max(1, exact)
        return step > 0 && abs(exact - step) <= slack ? step : nil
    }

    /// This weight in `target` as a lifter writes it: one entered in the other
    /// unit and kept to 0.01 reads as the quarter step of `target` that 0.01
    /// covers (40.82 kg is 90 lb, not 89.99); otherwise the plain conversion
    /// (100 kg is 220.46 lb). The same unit is the value as entered.
    public func shown(in target: MassUnit) -> Double {
        guard target != unit else { return value }
        return step(in: target, within: Self.keptPrecision / 2) ?? converted(to: target)
    }
}
