import Foundation

/// A workout at a glance, as history, the workout page and the API show it: how long
/// it took, how many exercises and completed sets it holds, and its volume in the
/// lifter's unit (to a tenth).
public struct WorkoutSummary: Sendable, Equatable {
    public var durationSeconds: Int
    public var exerciseCount: Int
    public var setCount: Int
    public var volume: Double
    public var bodyweightReps: Int

    public init(durationSeconds: Int, exerciseCount: Int, setCount: Int, volume: Double, bodyweightReps: Int) {
        self.durationSeconds = durationSeconds
        self.exerciseCount = exerciseCount
        self.setCount = setCount
        self.volume = volume
        self.bodyweightReps = bodyweightReps
    }

    /// The summary of `workout`; an active one runs until `now`.
    public static func of(_ workout: Workout, kinds: [UUID: ExerciseKind], unit: MassUnit, now: Date) -> WorkoutSummary {
        let volume = Volume.of(workout, kinds: kinds, in: unit)
        return WorkoutSummary(
            durationSeconds: max(0, Int((workout.endedAt ?? now).timeIntervalSince(workout.startedAt))),
            exerciseCount: workout.entries.count,
            setCount: workout.allSets.filter(\.done).count,
            volume: (volume.load * 10).rounded() / 10,
            bodyweightReps: volume.bodyweightReps)
    }

    /// How this workout compares with an earlier one (of the same template): each
    /// figure as this one's minus that one's, volume to a tenth.
    public struct Change: Sendable, Equatable {
        public var durationSeconds: Int
        public var setCount: Int
        public var volume: Double

        public init(durationSeconds: Int, setCount: Int, volume: Double) {
            self.durationSeconds = durationSeconds
            self.setCount = setCount
            self.volume = volume
        }
    }

    public func change(since earlier: WorkoutSummary) -> Change {
        Change(
            durationSeconds: durationSeconds - earlier.durationSeconds, setCount: setCount - earlier.setCount,
            volume: ((volume - earlier.volume) * 10).rounded() / 10)
    }
}
