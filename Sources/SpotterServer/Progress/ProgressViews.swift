import Foundation
import SpotterCore
import SpotterStore

/// Pieces the progress pages share.
enum ProgressText {
    static func weight(_ value: Double, _ unit: MassUnit) -> String { "\(WeightFormat.trim(value)) \(unit.rawValue)" }

    /// "11,628 kg" in full up to 100,000, then "921k kg".
    static func volume(_ value: Double, _ unit: MassUnit) -> String { "\(volumeNumber(value)) \(unit.rawValue)" }

    /// The number of `volume`, for a tile that names the unit in its label.
    static func volumeNumber(_ value: Double) -> String {
        value < 100_000 ? NumberText.grouped(Int(value.rounded())) : SVGChart.compact(value)
    }

    static func trendLabel(_ trend: Trend) -> String {
        switch trend {
        case .up: "↑ Up"
        case .flat: "→ Flat"
        case .down: "↓ Down"
        case .notEnoughData: "Not enough data"
        }
    }

    /// "+2.1% a week" for a trend's change.
    static func weeklyChange(_ percent: Double?) -> String? {
        percent.map { String(format: "%@%.1f%% a week", $0 > 0 ? "+" : $0 < 0 ? "−" : "", abs($0)) }
    }

    static func records(_ kinds: [PersonalRecords.Kind]) -> String? {
        kinds.isEmpty ? nil : kinds.map(\.displayName).joined(separator: ", ")
    }

    static func day(_ date: Date, _ timeZone: TimeZone) -> String { SVGChart.format(date, "EEE d MMM yyyy", timeZone) }

    /// Links to the same page with another range (other query values kept).
    static func ranges(_ selected: ProgressRange, path: String, keep: [(String, String?)] = []) -> [RangeLink] {
        ProgressRange.allCases.map { range in
            var query = ["range=\(range.rawValue)"]
            for (name, value) in keep { if let value, !value.isEmpty { query.append("\(name)=\(value)") } }
            return RangeLink(label: range.label, href: "\(path)?\(query.joined(separator: "&"))", selected: range == selected)
        }
    }
}

struct RangeLink {
    let label: String
    let href: String
    let selected: Bool
}

struct TrendBadgeView {
    let label: String
    /// up, flat, down or none: the badge's colour.
    let tone: String
    let detail: String?

    init(_ trend: Trend, percent: Double?) {
        label = ProgressText.trendLabel(trend)
        tone = trend == .notEnoughData ? "none" : trend.rawValue
        detail =
            trend == .notEnoughData
            ? "needs 3 sessions over at least a week, in the last 4 weeks" : ProgressText.weeklyChange(percent)
    }
}

// MARK: Home

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

struct StatTile {
    let label: String
    let value: String
}

struct MuscleChip {
    let label: String
    let href: String
    let selected: Bool
}

struct MuscleRow {
    let label: String
    let value: String
    /// Width of its bar, percent of the largest.
    let share: Int
}

struct StatsPage {
    let page: PageChrome
    let ranges: [RangeLink]
    let rangeValue: String
    let types: [OptionView]
    let muscleValue: String?
    let hasWorkouts: Bool
    let totals: [StatTile]
    let muscleChips: [MuscleChip]
    let volumeTitle: String
    let volumeChart: String?
    let workoutsChart: String?
    let heatMap: String?
    let heatCaption: String
    let muscles: [MuscleRow]
}

struct RecordTile {
    let label: String
    let value: String
}

struct RepMaxRow {
    let reps: Int
    let weight: String
}

struct SessionRow {
    let href: String
    let title: String
    let workoutName: String
    let summary: String
    let strip: [WorkoutCardView.StripItemView]
    let volumeRecord: Bool
}

struct ExerciseProgressPage {
    let page: PageChrome
    let exerciseHref: String
    let historyHref: String
    let ranges: [RangeLink]
    let trend: TrendBadgeView
    let records: [RecordTile]
    let repMaxes: [RepMaxRow]
    let chart: String?
    let chartEmpty: String
    let volumeChart: String?
    let sessions: [SessionRow]
    let moreSessions: Int?
}

struct BodyRow {
    let editHref: String
    let dayLabel: String
    let values: String
    let entryNote: String?
}

struct BodyPage {
    let page: PageChrome
    let notice: String?
    let formAction: String
    let newID: String
    let editing: Bool
    let deleteAction: String?
    let formError: String?
    let day: FieldView
    let bodyWeight: FieldView
    let bodyFat: FieldView
    let note: FieldView
    let unit: String
    let today: String
    let ranges: [RangeLink]
    let weightChart: String?
    let fatChart: String?
    let entries: [BodyRow]
}
