import Foundation

/// The signature set strip: each exercise row shows its sets as compact labels
/// ("100×5", "W 60×8", "45 s"), warm-ups muted, so the shape of the work shows
/// without opening anything.
public enum SetStrip {
    public struct Item: Sendable, Equatable {
        public let label: String
        public let isWarmup: Bool
        /// W, D or F for warm-up, drop and failure sets; nil for working sets.
        public let mark: String?
        public let done: Bool
    }

    /// The strip of one exercise's sets, weights in the lifter's unit.
    public static func items(for sets: [WorkoutSet], kind: ExerciseKind, unit: MassUnit) -> [Item] {
        sets.map { set in
            Item(
                label: label(for: set, kind: kind, unit: unit), isWarmup: set.kind == .warmup, mark: set.kind.mark, done: set.done
            )
        }
    }

    /// One set in a few characters.
    public static func label(for set: WorkoutSet, kind: ExerciseKind, unit: MassUnit) -> String {
        let reps = set.reps.map(String.init) ?? "–"
        switch kind {
        case .weightReps:
            guard let weight = set.weight else { return "– × \(reps)" }
            return "\(WeightFormat.number(weight, in: unit))×\(reps)"
        case .bodyweightReps, .assistedBodyweight:
            guard let weight = set.weight, weight.value > 0 else { return "\(reps) reps" }
            let sign = kind == .assistedBodyweight ? "−" : "+"
            return "\(sign)\(WeightFormat.number(weight, in: unit))×\(reps)"
        case .duration:
            return DurationFormat.short(set.durationSeconds ?? 0)
        case .distanceDuration:
            let distance =
                set.distanceMeters.map { $0 >= 1000 ? "\(WeightFormat.trim($0 / 1000)) km" : "\(WeightFormat.trim($0)) m" } ?? "–"
            return "\(distance) · \(DurationFormat.short(set.durationSeconds ?? 0))"
        }
    }
}

/// Weights as lifters read them: converted into their unit, one decimal at most,
/// no trailing ".0" (100, 102.5, 225).
public enum WeightFormat {
    public static func number(_ mass: Mass, in unit: MassUnit) -> String {
        trim(mass.converted(to: unit))
    }

    public static func trim(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}

/// Durations in a few characters: "45 s", "1:30", "1:02:03".
public enum DurationFormat {
    public static func short(_ seconds: Int) -> String {
        let seconds = max(0, seconds)
        if seconds < 60 { return "\(seconds) s" }
        let hours = seconds / 3600, minutes = (seconds % 3600) / 60, rest = seconds % 60
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }

    /// A workout's length: "48 min", "1 h 05 min".
    public static func workout(_ seconds: Int) -> String {
        let minutes = max(0, seconds) / 60
        return minutes < 60 ? "\(minutes) min" : String(format: "%d h %02d min", minutes / 60, minutes % 60)
    }
}
