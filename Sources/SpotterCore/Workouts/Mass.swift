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
