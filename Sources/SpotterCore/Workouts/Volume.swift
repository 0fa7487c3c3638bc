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
        of(SetSums([set]), kind: kind, in: unit)
    }

    public static func of(_ entry: ExerciseEntry, kind: ExerciseKind, in unit: MassUnit) -> Volume {
        of(SetSums(entry.sets), kind: kind, in: unit)
    }

    /// The volume of sets added up as `sums`: the one place the rules above are
    /// written. Weighted work counts its load; bodyweight work counts added load as
    /// load and the rest as reps; assisted work counts every rep as a bodyweight rep
    /// (the weight there takes load off).
    public static func of(_ sums: SetSums, kind: ExerciseKind, in unit: MassUnit) -> Volume {
        let load = Mass(sums.kilograms, .kg).converted(to: unit) + Mass(sums.pounds, .lb).converted(to: unit)
        switch kind {
        case .weightReps: return Volume(load: load)
        case .bodyweightReps: return Volume(load: load, bodyweightReps: sums.bareReps)
        case .assistedBodyweight: return Volume(bodyweightReps: sums.loadedReps + sums.bareReps)
        case .duration, .distanceDuration: return Volume()
        }
    }

    /// A workout's volume; `kinds` tells how each exercise is measured.
    public static func of(_ workout: Workout, kinds: [UUID: ExerciseKind], in unit: MassUnit) -> Volume {
        workout.entries.reduce(Volume()) { total, entry in
            total + of(entry, kind: kinds[entry.exerciseID] ?? .weightReps, in: unit)
        }
    }
}

/// What the volume rules read of a group of sets, added up. Only done sets that are
/// not warm-ups count (`sets`); of those with reps, the weight x reps lifted with a
/// weight in each unit, and the reps done with and without a weight. The sums of a
/// group are the sums of its sets, so the database can add up a year of sets and
/// `Volume.of(_:kind:in:)` still reads them as the rules say.
public struct SetSums: Sendable, Equatable {
    /// Done sets that are not warm-ups, with reps or without.
    public var sets: Int
    /// Weight x reps of the sets weighed in kilograms (weight above 0).
    public var kilograms: Double
    /// Weight x reps of the sets weighed in pounds (weight above 0).
    public var pounds: Double
    /// Reps of the sets with a weight above 0.
    public var loadedReps: Int
    /// Reps of the sets with no weight, or 0.
    public var bareReps: Int

    public init(sets: Int = 0, kilograms: Double = 0, pounds: Double = 0, loadedReps: Int = 0, bareReps: Int = 0) {
        self.sets = sets
        self.kilograms = kilograms
        self.pounds = pounds
        self.loadedReps = loadedReps
        self.bareReps = bareReps
    }

    /// The sums of these sets.
    public init(_ list: some Sequence<WorkoutSet>) {
        self.init()
        for set in list where set.done && set.kind != .warmup {
            sets += 1
            guard let reps = set.reps, reps > 0 else { continue }
            guard let weight = set.weight, weight.value > 0 else {
                bareReps += reps
                continue
            }
            switch weight.unit {
            case .kg: kilograms += weight.value * Double(reps)
            case .lb: pounds += weight.value * Double(reps)
            }
            loadedReps += reps
        }
    }

    public static func + (lhs: SetSums, rhs: SetSums) -> SetSums {
        SetSums(
            sets: lhs.sets + rhs.sets, kilograms: lhs.kilograms + rhs.kilograms, pounds: lhs.pounds + rhs.pounds,
            loadedReps: lhs.loadedReps + rhs.loadedReps, bareReps: lhs.bareReps + rhs.bareReps)
    }
}

/// A finished workout as the stats read it: when it started and the sums of its
/// sets by exercise (see `SetSums`). A year of these is read in place of a year
/// of sets.
public struct WorkoutTotals: Sendable, Equatable {
    public let id: UUID
    public let startedAt: Date
    public var exercises: [UUID: SetSums]

    public init(id: UUID, startedAt: Date, exercises: [UUID: SetSums]) {
        self.id = id
        self.startedAt = startedAt
        self.exercises = exercises
    }

    /// A workout's totals, from its sets.
    public init(_ workout: Workout) {
        var exercises: [UUID: SetSums] = [:]
        for entry in workout.entries {
            exercises[entry.exerciseID] = (exercises[entry.exerciseID] ?? SetSums()) + SetSums(entry.sets)
        }
        self.init(id: workout.id, startedAt: workout.startedAt, exercises: exercises)
    }

    /// Done sets that are not warm-ups.
    public var sets: Int { exercises.values.reduce(0) { $0 + $1.sets } }

    /// The workout's volume; `kinds` tells how each exercise is measured.
    public func volume(kinds: [UUID: ExerciseKind], in unit: MassUnit) -> Volume {
        exercises.reduce(Volume()) { $0 + Volume.of($1.value, kind: kinds[$1.key] ?? .weightReps, in: unit) }
    }
}
