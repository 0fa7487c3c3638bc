/// Warm-up sets for a working weight, as lifters ramp up: the bar for 10, then 40 %
/// for 5, 60 % for 3 and 80 % for 2, each rounded down to a weight the bar and
/// plates can make.
public enum WarmUpRamp {
    public struct Step: Sendable, Equatable {
        public var weight: Double
        public var reps: Int

        public init(weight: Double, reps: Int) {
            self.weight = weight
            self.reps = reps
        }
    }

    /// The share of the working weight and the reps of each step after the bar.
    public static let percentSteps: [(share: Double, reps: Int)] = [(0.4, 5), (0.6, 3), (0.8, 2)]
    public static let barReps = 10

    /// The ramp to `working` (in the unit of `bar` and `plates`). A step that rounds
    /// to the bar, to the step before it or to the working weight is left out; a
    /// working weight under twice the bar gets the bar alone, and one no heavier than
    /// the bar gets nothing. With no bar (`bar` 0: dumbbells, machines) there is no
    /// bar step and the shares round down to `plates` alone.
    public static func steps(working: Double, bar: Double, plates: [Double]) -> [Step] {
        let workingHundredths = PlateMath.hundredths(working)
        let barHundredths = PlateMath.hundredths(bar)
        guard workingHundredths > barHundredths else { return [] }
        var steps: [Step] = barHundredths > 0 ? [Step(weight: bar, reps: barReps)] : []
        if barHundredths > 0, workingHundredths < 2 * barHundredths { return steps }
        var last = barHundredths
        for (share, reps) in percentSteps {
            let load = PlateMath.loadAtMost(working * share, bar: bar, plates: plates)
            let weight = PlateMath.hundredths(load.weight)
            guard weight > last, weight < workingHundredths else { continue }
            steps.append(Step(weight: load.weight, reps: reps))
            last = weight
        }
        return steps
    }
}

extension WarmUpRamp {
    /// Where the warm-ups of an entry go and what they are: before its first working
    /// set, ramping to that set's weight (in the lifter's unit). A barbell loads the
    /// lifter's bar and plates; anything else rounds down to their rounding step.
    public static func plan(
        for entry: ExerciseEntry, equipment: Equipment, settings: UserSettings
    ) throws(ValidationFailure) -> (position: Int, steps: [Step]) {
        if entry.sets.contains(where: { $0.kind == .warmup }) {
            throw ValidationFailure(
                field: "entry", message: "This exercise has warm-up sets already. Delete them to make new ones.")
        }
        guard let position = entry.sets.firstIndex(where: { $0.kind != .warmup }), let weight = entry.sets[position].weight,
            weight.value > 0
        else { throw ValidationFailure(field: "weight", message: "Enter the working weight first.") }
        let working = weight.converted(to: settings.unit)
        let steps =
            equipment == .barbell
            ? Self.steps(working: working, bar: settings.bar, plates: settings.plateChoice)
            : Self.steps(working: working, bar: 0, plates: [settings.roundingStep / 2])
        guard !steps.isEmpty else {
            throw ValidationFailure(
                field: "weight", message: "The working weight is no more than the bar: there is nothing to warm up to.")
        }
        return (position, steps)
    }
}
