import Foundation
import SpotterCore
import SpotterStore

/// Home's progress at a glance (`ProgressService.dashboard`): this week, the main
/// lifts with their trend, the records set lately and the last workout.
struct DashboardView {
    struct LiftRow {
        let name: String
        let href: String
        let value: String
        let sub: String
        let badge: TrendBadgeView?
    }

    struct LastWorkoutView {
        let href: String
        let title: String
        let when: String
        let summary: String
        let prs: String?
    }

    struct RecordRow {
        let name: String
        let href: String
        let set: String
        let kinds: String
        let when: String
    }

    /// This week's workouts and volume so far, as tiles.
    let workoutsThisWeek: Int
    let volumeThisWeek: String
    let volumeUnit: String
    let streak: String
    let streakCount: Int
    let hasStreak: Bool
    let volumeChart: String?
    let volumeNote: String
    let last: LastWorkoutView?
    let trends: [LiftRow]
    let records: [RecordRow]

    init(_ response: DashboardReport, timeZone: TimeZone) {
        let unit = response.unit
        workoutsThisWeek = response.workoutsThisWeek
        volumeThisWeek = ProgressText.volumeNumber(response.weeklyVolume.last?.volume ?? 0)
        volumeUnit = unit.rawValue
        streakCount = response.streakWeeks
        hasStreak = response.streakWeeks > 0
        streak =
            response.streakWeeks == 0
            ? "No streak yet: train this week to start one"
            : response.streakWeeks == 1 ? "1-week streak" : "\(response.streakWeeks)-week streak"
        volumeChart = SVGChart.bars(
            id: "week-volume", title: "Volume, this week and the four before",
            description: response.weeklyVolume.map {
                "Week of \(SVGChart.format($0.weekStart, "d MMM", timeZone)): \(ProgressText.volume($0.volume, unit))"
            }
            .joined(separator: "; "),
            bars: response.weeklyVolume.enumerated().map { index, week in
                SVGChart.Bar(
                    label: index == response.weeklyVolume.count - 1
                        ? "This wk" : SVGChart.format(week.weekStart, "d MMM", timeZone), value: week.volume)
            },
            unit: unit.rawValue)
        let current = ProgressText.volume(response.weeklyVolume.last?.volume ?? 0, unit)
        volumeNote =
            response.volumeVsAveragePercent.map { "This week so far: \(current), \(Int($0.rounded()))% of your 4-week average." }
            ?? "This week so far: \(current)."
        last = response.lastWorkout.map { workout in
            LastWorkoutView(
                href: "/history/\(workout.id.text)", title: workout.name,
                when: ProgressText.day(workout.startedAt, timeZone),
                summary:
                    "\(DurationFormat.workout(workout.summary.durationSeconds)) · \(workout.summary.setCount) sets · \(ProgressText.volume(workout.summary.volume, unit))",
                prs: workout.records == 0 ? nil : workout.records == 1 ? "1 PR" : "\(workout.records) PRs")
        }
        trends = response.trends.map { lift in
            LiftRow(
                name: lift.exerciseName, href: "/exercises/\(lift.exerciseID.text)/progress",
                value: lift.latestE1RM.map { ProgressText.weight($0, unit) } ?? "–",
                sub: lift.trend == .notEnoughData
                    ? "\(counted(lift.sessions, "session")) in 4 weeks · a trend from 3"
                    : "\(counted(lift.sessions, "session")) in 4 weeks",
                // Home shows a trend once there is one; no "not enough data" badge.
                badge: lift.trend == .notEnoughData ? nil : TrendBadgeView(lift.trend, percent: lift.weeklyChangePercent))
        }
        records = response.recentRecords.map { record in
            RecordRow(
                name: record.exerciseName, href: "/exercises/\(record.exerciseID.text)/progress", set: record.set,
                kinds: record.kinds.map(\.displayName).joined(separator: " · "),
                when: SVGChart.format(record.startedAt, "EEE d MMM", timeZone))
        }
    }
}
