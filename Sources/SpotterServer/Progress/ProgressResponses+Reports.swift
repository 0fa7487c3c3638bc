import Foundation
import SpotterCore
import SpotterStore

extension StatsResponse {
    init(_ report: StatsReport) {
        self.init(
            unit: report.unit, range: report.range, workoutTypeId: report.workoutTypeID, workouts: report.workouts,
            sets: report.sets,
            volume: report.volume,
            weeks: report.weeks.map { week in
                Week(
                    weekStart: week.weekStart, workouts: week.workouts, volume: week.volume,
                    muscles: Dictionary(uniqueKeysWithValues: week.muscles.map { ($0.key.rawValue, $0.value) }))
            },
            muscles: report.muscles.map { Muscle(muscle: $0.muscle, volume: $0.volume) },
            days: report.days.map { Day(day: CalendarDay.string(of: $0.start, timeZone: report.timeZone), workouts: $0.workouts) }
        )
    }
}

extension ExerciseProgressResponse {
    init(_ report: ExerciseProgressReport) {
        self.init(
            exerciseId: report.exercise.id, exerciseName: report.exercise.name, exerciseKind: report.exercise.kind,
            unit: report.unit,
            range: report.range, trend: report.trend, weeklyChangePercent: report.weeklyChangePercent,
            records: report.records.map { r in
                RecordsResponse(
                    heaviest: r.heaviest, e1RM: r.e1RM, setVolume: r.setVolume, sessionVolume: r.sessionVolume,
                    repMaxes: r.repMaxes.map { .init(reps: $0.reps, weight: $0.weight) })
            },
            sessions: report.sessions.map { session in
                Session(
                    workoutId: session.workoutID, workoutName: session.workoutName, startedAt: session.startedAt,
                    topWeight: session.topWeight,
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
                    id: workout.id, name: workout.name, startedAt: workout.startedAt,
                    durationSeconds: workout.summary.durationSeconds,
                    setCount: workout.summary.setCount, volume: workout.summary.volume, records: workout.records)
            },
            workoutsThisWeek: report.workoutsThisWeek, streakWeeks: report.streakWeeks,
            weeklyVolume: report.weeklyVolume.map {
                WeekVolume(weekStart: $0.weekStart, volume: $0.volume, workouts: $0.workouts)
            },
            volumeVsAveragePercent: report.volumeVsAveragePercent,
            bestLifts: report.bestLifts.map {
                BestLift(exerciseId: $0.exerciseID, exerciseName: $0.exerciseName, e1RM: $0.e1RM, heaviest: $0.heaviest)
            },
            trends: report.trends.map { lift in
                LiftTrend(
                    exerciseId: lift.exerciseID, exerciseName: lift.exerciseName, trend: lift.trend,
                    weeklyChangePercent: lift.weeklyChangePercent,
                    latestE1RM: lift.latestE1RM, sessions: lift.sessions)
            })
    }
}
