import Foundation
import Hummingbird
import SpotterCore

/// Weights in these answers are in the lifter's unit (`unit`), rounded to 0.1.
struct DashboardResponse: ResponseEncodable, Equatable {
    struct LastWorkout: Codable, Equatable {
        let id: UUID
        let name: String
        let startedAt: Date
        let durationSeconds: Int
        let setCount: Int
        let volume: Double
        let records: Int
    }

    struct WeekVolume: Codable, Equatable {
        let weekStart: Date
        let volume: Double
        let workouts: Int
    }

    struct BestLift: Codable, Equatable {
        let exerciseId: UUID
        let exerciseName: String
        let e1RM: Double
        let heaviest: Double
    }

    struct LiftTrend: Codable, Equatable {
        let exerciseId: UUID
        let exerciseName: String
        let trend: Trend
        /// Change a week as a percentage of the mean e1RM; null with too little data.
        @Nullable var weeklyChangePercent: Double?
        @Nullable var latestE1RM: Double?
        let sessions: Int
    }

    let unit: MassUnit
    @Nullable var lastWorkout: LastWorkout?
    let workoutsThisWeek: Int
    let streakWeeks: Int
    /// This week (so far) and the four before it, oldest first.
    let weeklyVolume: [WeekVolume]
    /// This week's volume as a percentage of the average of the four weeks before; null when those are empty.
    @Nullable var volumeVsAveragePercent: Double?
    let bestLifts: [BestLift]
    let trends: [LiftTrend]
}

struct RecordsResponse: Codable, Equatable {
    struct RepMax: Codable, Equatable {
        let reps: Int
        let weight: Double
    }

    let heaviest: Double
    let e1RM: Double
    let setVolume: Double
    let sessionVolume: Double
    /// The heaviest weight lifted for at least this many reps, 1-12.
    let repMaxes: [RepMax]
}

struct ExerciseProgressResponse: ResponseEncodable, Equatable {
    struct Session: Codable, Equatable {
        let workoutId: UUID
        let workoutName: String
        let startedAt: Date
        @Nullable var topWeight: Double?
        @Nullable var e1RM: Double?
        let volume: Double
        let volumeRecord: Bool
        let sets: [WorkoutResponse.SetResponse]
    }

    let exerciseId: UUID
    let exerciseName: String
    let exerciseKind: ExerciseKind
    let unit: MassUnit
    let range: ProgressRange
    let trend: Trend
    @Nullable var weeklyChangePercent: Double?
    /// All-time bests; null before the first finished session.
    @Nullable var records: RecordsResponse?
    /// The sessions in the range, newest first.
    let sessions: [Session]
}

struct StatsResponse: ResponseEncodable, Equatable {
    struct Week: Codable, Equatable {
        let weekStart: Date
        let workouts: Int
        let volume: Double
        /// Volume by muscle group (secondary muscles count half).
        let muscles: [String: Double]
    }

    struct Muscle: Codable, Equatable {
        let muscle: MuscleGroup
        let volume: Double
    }

    struct Day: Codable, Equatable {
        let day: String
        let workouts: Int
    }

    let unit: MassUnit
    let range: ProgressRange
    @Nullable var workoutTypeId: UUID?
    let workouts: Int
    let sets: Int
    let volume: Double
    let weeks: [Week]
    let muscles: [Muscle]
    let days: [Day]
}

struct BodyMetricResponse: ResponseEncodable, Equatable {
    let id: UUID
    let day: String
    @Nullable var bodyWeight: Double?
    @Nullable var weightUnit: MassUnit?
    @Nullable var bodyFatPercent: Double?
    let note: String
    let changedAt: Date

    init(_ metric: BodyMetric) {
        id = metric.id
        day = metric.day
        bodyWeight = metric.bodyWeight?.value
        weightUnit = metric.bodyWeight?.unit
        bodyFatPercent = metric.bodyFatPercent
        note = metric.note
        changedAt = metric.updatedAt
    }
}

struct BodyMetricInput: Decodable {
    let day: String?
    let bodyWeight: Double?
    let weightUnit: String?
    let bodyFatPercent: Double?
    let note: String?

    var draft: BodyMetricDraft {
        BodyMetricDraft(day: day, bodyWeight: bodyWeight, weightUnit: weightUnit, bodyFatPercent: bodyFatPercent, note: note)
    }
}
