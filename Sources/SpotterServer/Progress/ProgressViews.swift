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

    /// A calendar day ("2026-12-07") as "Mon 7 Dec 2026"; the text itself when it is no day.
    static func day(_ day: String, _ timeZone: TimeZone) -> String {
        CalendarDay.start(of: day, timeZone: timeZone, hour: 12).map { Self.day($0, timeZone) } ?? day
    }

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

struct BodyRow {
    let editHref: String
    let dayLabel: String
    let values: String
    let entryNote: String?
}
