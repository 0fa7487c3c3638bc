import Foundation

/// One session of an exercise in numbers, for its chart and table: the top set's
/// weight, the best e1RM and the volume, all in kilograms. Warm-ups never count.
public struct SessionSummary: Sendable, Equatable {
    public var workoutID: UUID
    public var startedAt: Date
    /// The heaviest done working set, or nil when no set had a weight.
    public var topWeight: Double?
    /// The best Epley estimate of the session (1-12 rep sets only).
    public var bestE1RM: Double?
    /// Weight x reps of the done working sets.
    public var volume: Double

    public init(_ session: PersonalRecords.Session) {
        workoutID = session.id
        startedAt = session.startedAt
        let counted = session.sets.filter(PersonalRecords.counts)
        topWeight = counted.map { $0.weight!.converted(to: .kg) }.max()
        bestE1RM = counted.compactMap { OneRepMax.estimate($0)?.converted(to: .kg) }.max()
        volume = counted.reduce(0) { $0 + $1.weight!.converted(to: .kg) * Double($1.reps!) }
    }

    /// The best e1RM of each session that has one, for the trend (see `Trend.assess`).
    public static func trendPoints(_ sessions: [SessionSummary]) -> [Trend.Point] {
        sessions.compactMap { s in s.bestE1RM.map { Trend.Point(date: s.startedAt, value: $0) } }
    }
}

/// The lifts a dashboard follows: the exercises trained most often in the trend
/// window (ties go to the one trained most recently), heaviest e1RM never decides.
public enum MainLifts {
    public static func pick(_ sessions: [UUID: [SessionSummary]], limit: Int = 4) -> [UUID] {
        sessions.filter { $0.value.contains { $0.bestE1RM != nil } }
            .sorted { a, b in
                let countA = a.value.count, countB = b.value.count
                if countA != countB { return countA > countB }
                let lastA = a.value.map(\.startedAt).max()!, lastB = b.value.map(\.startedAt).max()!
                return lastA != lastB ? lastA > lastB : a.key.uuidString < b.key.uuidString
            }
            .prefix(limit).map(\.key)
    }
}

/// Time ranges the progress pages offer.
public enum ProgressRange: String, Sendable, CaseIterable, Codable {
    case fourWeeks = "4w", threeMonths = "3m", oneYear = "1y", all

    public var label: String {
        switch self {
        case .fourWeeks: "4 weeks"
        case .threeMonths: "3 months"
        case .oneYear: "1 year"
        case .all: "All"
        }
    }

    /// The first moment inside the range, or nil for all time. Ranges end now and
    /// start at midnight in the lifter's zone.
    public func start(now: Date, timeZone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let today = calendar.startOfDay(for: now)
        switch self {
        case .fourWeeks:
            return WeekGrouping.weekStart(of: calendar.date(byAdding: .day, value: -21, to: today)!, timeZone: timeZone)
        case .threeMonths: return calendar.date(byAdding: .month, value: -3, to: today)
        case .oneYear: return calendar.date(byAdding: .year, value: -1, to: today)
        case .all: return nil
        }
    }

    /// The first day inside the range ("yyyy-MM-dd"), or nil for all time.
    public func firstDay(now: Date, timeZone: TimeZone) -> String? {
        start(now: now, timeZone: timeZone).map { CalendarDay.string(of: $0, timeZone: timeZone) }
    }
}
