import Foundation

/// Training volume, in the lifter's unit. Load volume is weight x reps; sets done
/// with bodyweight alone count their reps separately, because adding kilograms and
/// repetitions into one number would say nothing.
public struct Volume: Sendable, Equatable {
    /// Sum of weight x reps, in the unit asked for.
    public var load: Double
    /// Repetitions of bodyweight sets without added load.
    public var bodyweightReps: Int

    public init(load: Double = 0, bodyweightReps: Int = 0) {
        self.load = load
        self.bodyweightReps = bodyweightReps
    }

    public static func + (lhs: Volume, rhs: Volume) -> Volume {
        Volume(load: lhs.load + rhs.load, bodyweightReps: lhs.bodyweightReps + rhs.bodyweightReps)
    }

    /// One set's volume. Only done sets count, and never warm-ups; timed and
    /// distance work has no volume.
    public static func of(_ set: WorkoutSet, kind: ExerciseKind, in unit: MassUnit) -> Volume {
        guard set.done, set.kind != .warmup, let reps = set.reps, reps > 0 else { return Volume() }
        switch kind {
        case .weightReps:
            return Volume(load: (set.weight?.converted(to: unit) ?? 0) * Double(reps))
        case .bodyweightReps:
            if let added = set.weight, added.value > 0 {
                return Volume(load: added.converted(to: unit) * Double(reps))
            }
            return Volume(bodyweightReps: reps)
        case .assistedBodyweight:
            return Volume(bodyweightReps: reps)
        case .duration, .distanceDuration:
            return Volume()
        }
    }

    public static func of(_ entry: ExerciseEntry, kind: ExerciseKind, in unit: MassUnit) -> Volume {
        entry.sets.reduce(Volume()) { $0 + of($1, kind: kind, in: unit) }
    }

    /// A workout's volume; `kinds` tells how each exercise is measured.
    public static func of(_ workout: Workout, kinds: [UUID: ExerciseKind], in unit: MassUnit) -> Volume {
        workout.entries.reduce(Volume()) { total, entry in
            total + of(entry, kind: kinds[entry.exerciseID] ?? .weightReps, in: unit)
        }
    }
}
