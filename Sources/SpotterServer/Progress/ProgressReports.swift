import Foundation
import SpotterCore

/// The dashboard in Core values: Home draws it, the API writes it as
/// `DashboardResponse`. Weights are in the lifter's unit, rounded to 0.1.
struct DashboardReport {
    struct LastWorkout {
        let id: UUID
        let name: String
        let startedAt: Date
        let summary: WorkoutSummary
        /// Record marks the workout set: per set, and per exercise for session volume.
        let records: Int
    }

    struct WeekVolume {
        let weekStart: Date
        let volume: Double
        let workouts: Int
    }

    struct BestLift {
        let exerciseID: UUID
        let exerciseName: String
        let e1RM: Double
        let heaviest: Double
    }

    struct LiftTrend {
        let exerciseID: UUID
        let exerciseName: String
        let trend: Trend
        /// Change a week as a percentage of the mean e1RM; nil with too little data.
        let weeklyChangePercent: Double?
        let latestE1RM: Double?
        let sessions: Int
    }

    /// A set that set a record, for Home's "Recent records".
    struct RecentRecord {
        let exerciseID: UUID
        let exerciseName: String
        let workoutID: UUID
        let startedAt: Date
        /// The set in a few characters ("100×5"), in the lifter's unit.
        let set: String
        let kinds: [PersonalRecords.Kind]
    }

    let unit: MassUnit
    let lastWorkout: LastWorkout?
    let workoutsThisWeek: Int
    let streakWeeks: Int
    /// This week (so far) and the four before it, oldest first.
    let weeklyVolume: [WeekVolume]
    /// This week's volume as a percentage of the average of the four weeks before; nil when those are empty.
    let volumeVsAveragePercent: Double?
    let bestLifts: [BestLift]
    let trends: [LiftTrend]
    /// The newest record sets of the last weeks, one per exercise, newest first.
    let recentRecords: [RecentRecord]
}

/// What the progress presenter works out for the statistics, in Core values (days as
/// dates, muscles as `MuscleGroup`): the stats page draws it, the API writes it as
/// `StatsResponse`. Weights are in the lifter's unit, rounded to 0.1.
struct StatsReport {
    struct Week {
        let weekStart: Date
        let workouts: Int
        let volume: Double
        /// Volume by muscle group (secondary muscles count half).
        let muscles: [MuscleGroup: Double]
    }

    struct Muscle {
        let muscle: MuscleGroup
        let volume: Double
    }

    struct Day {
        /// Midnight of the day in the lifter's zone.
        let start: Date
        let workouts: Int
    }

    let unit: MassUnit
    let range: ProgressRange
    let workoutTypeID: UUID?
    let timeZone: TimeZone
    let workouts: Int
    let sets: Int
    let volume: Double
    let weeks: [Week]
    let muscles: [Muscle]
    let days: [Day]
}

/// One exercise's progress in Core values: the exercise page draws it, the API writes
/// it as `ExerciseProgressResponse`. Weights are in the lifter's unit, rounded to 0.1.
struct ExerciseProgressReport {
    struct Records {
        let heaviest: Double
        let e1RM: Double
        let setVolume: Double
        let sessionVolume: Double
        /// The heaviest weight lifted for at least this many reps, 1-12.
        let repMaxes: [(reps: Int, weight: Double)]
    }

    struct Session {
        let workoutID: UUID
        let workoutName: String
        let startedAt: Date
        let topWeight: Double?
        let e1RM: Double?
        let volume: Double
        let sets: [WorkoutSet]
        let records: EntryRecords
    }

    let exercise: Exercise
    let unit: MassUnit
    let range: ProgressRange
    let trend: Trend
    let weeklyChangePercent: Double?
    /// All-time bests; nil before the first finished session.
    let records: Records?
    /// The sessions in the range, newest first.
    let sessions: [Session]
}

extension StatsResponse {
    init(_ report: StatsReport) {
        self.init(
            unit: report.unit, range: report.range, workoutTypeId: report.workoutTypeID, workouts: report.workouts, sets: report.sets,
            volume: report.volume,
            weeks: report.weeks.map { week in
                Week(
                    weekStart: week.weekStart, workouts: week.workouts, volume: week.volume,
                    muscles: Dictionary(uniqueKeysWithValues: week.muscles.map { ($0.key.rawValue, $0.value) }))
            },
            muscles: report.muscles.map { Muscle(muscle: $0.muscle, volume: $0.volume) },
            days: report.days.map { Day(day: CalendarDay.string(of: $0.start, timeZone: report.timeZone), workouts: $0.workouts) })
    }
}

extension ExerciseProgressResponse {
    init(_ report: ExerciseProgressReport) {
        self.init(
            exerciseId: report.exercise.id, exerciseName: report.exercise.name, exerciseKind: report.exercise.kind, unit: report.unit,
            range: report.range, trend: report.trend, weeklyChangePercent: report.weeklyChangePercent,
            records: report.records.map { r in
                RecordsResponse(
                    heaviest: r.heaviest, e1RM: r.e1RM, setVolume: r.setVolume, sessionVolume: r.sessionVolume,
                    repMaxes: r.repMaxes.map { .init(reps: $0.reps, weight: $0.weight) })
            },
            sessions: report.sessions.map { session in
                Session(
                    workoutId: session.workoutID, workoutName: session.workoutName, startedAt: session.startedAt, topWeight: session.topWeight,
                    e1RM: session.e1RM, volume: session.volume, volumeRecord: session.records.sessionVolume,
                    sets: session.sets.map { WorkoutResponse.SetResponse($0, records: session.records.sets[$0.id] ?? []) })
            })
    }
}

extension DashboardResponse {
    init(_ report: DashboardReport) {
        self.init(
            unit: report.unit,
            lastWorkout: report.lastWorkout.map { workout in
                LastWorkout(
                    id: workout.id, name: workout.name, startedAt: workout.startedAt, durationSeconds: workout.summary.durationSeconds,
                    setCount: workout.summary.setCount, volume: workout.summary.volume, records: workout.records)
            },
            workoutsThisWeek: report.workoutsThisWeek, streakWeeks: report.streakWeeks,
            weeklyVolume: report.weeklyVolume.map { WeekVolume(weekStart: $0.weekStart, volume: $0.volume, workouts: $0.workouts) },
            volumeVsAveragePercent: report.volumeVsAveragePercent,
            bestLifts: report.bestLifts.map { BestLift(exerciseId: $0.exerciseID, exerciseName: $0.exerciseName, e1RM: $0.e1RM, heaviest: $0.heaviest) },
            trends: report.trends.map { lift in
                LiftTrend(
                    exerciseId: lift.exerciseID, exerciseName: lift.exerciseName, trend: lift.trend, weeklyChangePercent: lift.weeklyChangePercent,
                    latestE1RM: lift.latestE1RM, sessions: lift.sessions)
            })
    }
}
