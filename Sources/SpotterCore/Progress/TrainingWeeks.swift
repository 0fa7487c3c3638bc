import Foundation

/// Weeks of training in the lifter's time zone, weeks starting Monday.
public enum TrainingWeeks {
    /// The week holding `date`, as the day number (days since 1970-01-01) of its
    /// Monday in the lifter's calendar: weeks are then plain integers 7 apart,
    /// whatever the zone's offset or summer time.
    public static func weekNumber(of date: Date, timeZone: TimeZone) -> Int {
        var local = Calendar(identifier: .gregorian)
        local.timeZone = timeZone
        let monday = local.dateComponents([.year, .month, .day], from: WeekGrouping.weekStart(of: date, timeZone: timeZone))
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = .gmt
        return Int((utc.date(from: monday)!.timeIntervalSince1970 / 86_400).rounded())
    }

    /// Consecutive weeks with at least one finished workout, counting back from
    /// this week. This week counts once it has a workout; before that the streak
    /// is still alive and counts from last week (the week is not over yet).
    public static func streak(workoutDates: [Date], now: Date, timeZone: TimeZone) -> Int {
        let weeks = Set(workoutDates.map { WeekGrouping.weekStart(of: $0, timeZone: timeZone) })
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        var week = WeekGrouping.weekStart(of: now, timeZone: timeZone)
        if !weeks.contains(week) { week = calendar.date(byAdding: .weekOfYear, value: -1, to: week)! }
        var count = 0
        while weeks.contains(week) {
            count += 1
            week = calendar.date(byAdding: .weekOfYear, value: -1, to: week)!
        }
        return count
    }

    /// Workouts per week, for the `count` weeks up to and including this one,
    /// oldest first (weeks without a workout are 0).
    public static func perWeek(workoutDates: [Date], now: Date, timeZone: TimeZone, count: Int) -> [(start: Date, workouts: Int)]
    {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        let this = WeekGrouping.weekStart(of: now, timeZone: timeZone)
        var tally: [Date: Int] = [:]
        for date in workoutDates { tally[WeekGrouping.weekStart(of: date, timeZone: timeZone), default: 0] += 1 }
        return (0..<count).reversed().map { back in
            let start = calendar.date(byAdding: .weekOfYear, value: -back, to: this)!
            return (start, tally[start] ?? 0)
        }
    }
}

/// Volume by muscle group. A set's volume counts fully for each primary muscle
/// of its exercise and half for each secondary one: a bench press trains the
/// chest, and the triceps too, but less; counting both fully would double it.
public enum MuscleVolume {
    public static let secondaryShare = 0.5

    public static func of(
        _ workouts: [WorkoutTotals], exercises: [UUID: (kind: ExerciseKind, primary: [MuscleGroup], secondary: [MuscleGroup])],
        in unit: MassUnit
    ) -> [MuscleGroup: Double] {
        var result: [MuscleGroup: Double] = [:]
        for workout in workouts {
            for (exerciseID, sums) in workout.exercises {
                guard let exercise = exercises[exerciseID] else { continue }
                let load = Volume.of(sums, kind: exercise.kind, in: unit).load
                guard load > 0 else { continue }
                for muscle in exercise.primary { result[muscle, default: 0] += load }
                for muscle in exercise.secondary { result[muscle, default: 0] += load * secondaryShare }
            }
        }
        return result
    }
}
