import Foundation

/// Estimated one-rep max by Epley: weight x (1 + reps / 30); one rep is the
/// weight itself. Past 12 reps the estimate drifts too far from a real single to
/// be a record, so only sets of 1-12 reps get one.
public enum OneRepMax {
    public static let repsCounted = 1...12

    /// The estimate in the weight's own unit, for a set that may set records:
    /// done, not a warm-up, with a weight above zero and 1-12 reps. Else nil.
    public static func estimate(_ set: WorkoutSet) -> Mass? {
        guard set.done, set.kind != .warmup, let reps = set.reps, repsCounted.contains(reps),
            let weight = set.weight, weight.value > 0
        else { return nil }
        return Mass(epley(weight: weight.value, reps: reps), weight.unit)
    }

    /// The formula alone.
    public static func epley(weight: Double, reps: Int) -> Double {
        reps == 1 ? weight : weight * (1 + Double(reps) / 30)
    }
}
