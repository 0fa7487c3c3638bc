import Foundation
import SpotterCore

/// The dashboard in Core values: Home draws it, the API writes it as
/// `DashboardResponse`. Weights are in the lifter's unit, rounded to 0.1.
public struct DashboardReport: Sendable {
    public struct LastWorkout: Sendable {
        public let id: UUID
        public let name: String
        public let startedAt: Date
        public let summary: WorkoutSummary
        /// Record marks the workout set: per set, and per exercise for session volume.
        public let records: Int
    }

    public struct WeekVolume: Sendable {
        public let weekStart: Date
        public let volume: Double
        public let workouts: Int
    }

    public struct BestLift: Sendable {
        public let exerciseID: UUID
        public let exerciseName: String
        public let e1RM: Double
        public let heaviest: Double
    }

    public struct LiftTrend: Sendable {
        public let exerciseID: UUID
        public let exerciseName: String
        public let trend: Trend
        /// Change a week as a percentage of the mean e1RM; nil with too little data.
        public let weeklyChangePercent: Double?
        public let latestE1RM: Double?
        public let sessions: Int
    }

    /// A set that set a record, for Home's "Recent records".
    public struct RecentRecord: Sendable {
        public let exerciseID: UUID
        public let exerciseName: String
        public let workoutID: UUID
        public let startedAt: Date
        /// The set in a few characters ("100×5"), in the lifter's unit.
        public let set: String
        public let kinds: [PersonalRecords.Kind]
    }

    public let unit: MassUnit
    public let lastWorkout: LastWorkout?
    public let workoutsThisWeek: Int
    public let streakWeeks: Int
    /// This week (so far) and the four before it, oldest first.
    public let weeklyVolume: [WeekVolume]
    /// This week's volume as a percentage of the average of the four weeks before; nil when those are empty.
    public let volumeVsAveragePercent: Double?
    public let bestLifts: [BestLift]
    public let trends: [LiftTrend]
    /// The newest record sets of the last weeks, one per exercise, newest first.
    public let recentRecords: [RecentRecord]
}

/// What `ProgressService` works out for the statistics, in Core values (days as
/// dates, muscles as `MuscleGroup`): the stats page draws it, the API writes it as
/// `StatsResponse`. Weights are in the lifter's unit, rounded to 0.1.
public struct StatsReport: Sendable {
    public struct Week: Sendable {
        public let weekStart: Date
        public let workouts: Int
        public let volume: Double
        /// Volume by muscle group (secondary muscles count half).
        public let muscles: [MuscleGroup: Double]
    }

    public struct Muscle: Sendable {
        public let muscle: MuscleGroup
        public let volume: Double
    }

    public struct Day: Sendable {
        /// Midnight of the day in the lifter's zone.
        public let start: Date
        public let workouts: Int
    }

    public let unit: MassUnit
    public let range: ProgressRange
    public let workoutTypeID: UUID?
    public let timeZone: TimeZone
    public let workouts: Int
    public let sets: Int
    public let volume: Double
    public let weeks: [Week]
    public let muscles: [Muscle]
    public let days: [Day]
}

/// One exercise's progress in Core values: the exercise page draws it, the API writes
/// it as `ExerciseProgressResponse`. Weights are in the lifter's unit, rounded to 0.1.
public struct ExerciseProgressReport: Sendable {
    public struct Records: Sendable {
        public let heaviest: Double
        public let e1RM: Double
        public let setVolume: Double
        public let sessionVolume: Double
        /// The heaviest weight lifted for at least this many reps, 1-12.
        public let repMaxes: [(reps: Int, weight: Double)]
    }

    public struct Session: Sendable {
        public let workoutID: UUID
        public let workoutName: String
        public let startedAt: Date
        public let topWeight: Double?
        public let e1RM: Double?
        public let volume: Double
        public let sets: [WorkoutSet]
        public let records: EntryRecords
    }

    public let exercise: Exercise
    public let unit: MassUnit
    public let range: ProgressRange
    public let trend: Trend
    public let weeklyChangePercent: Double?
    /// All-time bests; nil before the first finished session.
    public let records: Records?
    /// The sessions in the range, newest first.
    public let sessions: [Session]
}
