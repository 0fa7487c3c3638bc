import Foundation

/// A finished workout that was started from a program day.
public struct ProgramSession: Sendable, Equatable {
    public var workoutID: UUID
    public var week: Int
    public var dayID: UUID
    /// The calendar day it was done on, in the lifter's time zone ("2026-11-24").
    public var day: String

    public init(workoutID: UUID, week: Int, dayID: UUID, day: String) {
        self.workoutID = workoutID
        self.week = week
        self.dayID = dayID
        self.day = day
    }
}

/// Where a lifter stands in their active program, and what today is.
///
/// The rule is completion-based, so a missed day is never lost:
/// - Only sessions done on or after the start day count; a day counts once, however
///   many workouts were started from it.
/// - A week is closed when every one of its days is done, or when the lifter skipped
///   it ("Skip to next week"); the current week is the first week not closed. When
///   every week is closed, the program is complete.
/// - The next day is the first day of the current week not yet done, in weekday order.
/// - Today is that next day ("train"), unless:
///   - the start day is still ahead: not started;
///   - a program workout was already done today: rest ("done for today"), so one
///     session a day is the plan; starting the next day anyway is allowed;
///   - the lifter is ahead of the calendar (the current week is later than the
///     calendar week of the program, counting weeks Monday to Sunday from the start
///     day's week): rest until that week;
///   - the current week is this calendar week and the next day's weekday is still
///     ahead: rest until then.
///   A next day whose weekday has passed (or from an earlier week) is due today,
///   marked late: it rolled forward.
/// Adherence is the days done out of the days that were due: every day of a closed
/// week (a skipped week's undone days are missed) plus the days done this week.
public struct ProgramProgress: Sendable, Equatable {
    public enum DayState: String, Sendable, Equatable {
        case done, missed, next, upcoming
    }

    public enum WeekState: String, Sendable, Equatable {
        case done, skipped, current, upcoming
    }

    public struct DayStatus: Sendable, Equatable {
        public var day: ProgramDay
        public var state: DayState
    }

    public struct WeekStatus: Sendable, Equatable {
        public var week: ProgramWeek
        public var state: WeekState
        public var days: [DayStatus]
        public var done: Int { days.count { $0.state == .done } }
        public var scheduled: Int { days.count }
    }

    public enum RestReason: String, Sendable, Equatable {
        /// A program workout was done today.
        case doneToday
        /// Today is not a training day of this week.
        case scheduled
        /// The lifter finished this week early; the next one starts on Monday.
        case ahead
    }

    public enum Today: Sendable, Equatable {
        case notStarted(startsOn: String)
        /// Train this day of this week; `late` when its weekday has passed.
        case train(week: Int, day: ProgramDay, late: Bool)
        /// Nothing due today; `next` is what comes next (startable anyway).
        case rest(week: Int, next: ProgramDay, reason: RestReason)
        case completed
    }

    public let program: TrainingProgram
    public let startDay: String
    public let weeks: [WeekStatus]
    /// The first week not closed; nil when the program is complete.
    public let currentWeek: Int?
    /// The first day of the current week not done.
    public let next: ProgramDay?
    public let today: Today
    public let sessionsDone: Int

    public init(program: TrainingProgram, startDay: String, sessions: [ProgramSession], skippedWeeks: Set<Int>, today: String) {
        self.program = program
        self.startDay = startDay
        let counted = sessions.filter { $0.day >= startDay }
        let done = Set(counted.map { DayKey(week: $0.week, dayID: $0.dayID) })
        var weeks: [WeekStatus] = []
        var current: Int?
        for week in program.weeks {
            let doneDays = week.days.map { done.contains(DayKey(week: week.number, dayID: $0.id)) }
            let closed = skippedWeeks.contains(week.number) || doneDays.allSatisfy { $0 }
            let state: WeekState
            if current == nil, !closed { current = week.number }
            if current == week.number {
                state = .current
            } else if current != nil {
                state = .upcoming
            } else {
                state = doneDays.allSatisfy { $0 } ? .done : .skipped
            }
            var nextMarked = false
            let days = zip(week.days, doneDays).map { day, isDone -> DayStatus in
                if isDone { return DayStatus(day: day, state: .done) }
                switch state {
                case .done, .skipped: return DayStatus(day: day, state: .missed)
                case .current where !nextMarked:
                    nextMarked = true
                    return DayStatus(day: day, state: .next)
                default: return DayStatus(day: day, state: .upcoming)
                }
            }
            weeks.append(WeekStatus(week: week, state: state, days: days))
        }
        self.weeks = weeks
        self.currentWeek = current
        let next = weeks.first { $0.state == .current }?.days.first { $0.state == .next }?.day
        self.next = next
        self.sessionsDone = weeks.reduce(0) { $0 + $1.done }

        if today < startDay {
            self.today = .notStarted(startsOn: startDay)
        } else if let current, let next {
            let calendarWeek = Self.daysBetween(Self.monday(of: startDay), Self.monday(of: today)) / 7 + 1
            let weekday = Self.weekday(of: today)
            if counted.contains(where: { $0.day == today }) {
                self.today = .rest(week: current, next: next, reason: .doneToday)
            } else if current > calendarWeek {
                self.today = .rest(week: current, next: next, reason: .ahead)
            } else if current == calendarWeek, next.weekday > weekday {
                self.today = .rest(week: current, next: next, reason: .scheduled)
            } else {
                self.today = .train(week: current, day: next, late: current < calendarWeek || next.weekday < weekday)
            }
        } else {
            self.today = .completed
        }
    }

    public var isComplete: Bool { currentWeek == nil }
    public var sessionsScheduled: Int { program.sessionCount }

    /// The days that were due: every day of a closed week, and the days done this week.
    public var sessionsDue: Int {
        weeks.reduce(0) { total, week in
            switch week.state {
            case .done, .skipped: total + week.scheduled
            case .current, .upcoming: total + week.done
            }
        }
    }

    /// Days done out of days due, 0...1; nil before anything was due.
    public var adherence: Double? {
        sessionsDue == 0 ? nil : Double(sessionsDone) / Double(sessionsDue)
    }

    /// How far through the program, 0...1: the days of closed weeks and the days done this week.
    public var completion: Double {
        guard sessionsScheduled > 0 else { return 0 }
        return Double(sessionsDue) / Double(sessionsScheduled)
    }

    /// A whole percentage, rounded down so 100% means every week closed.
    public static func percent(_ share: Double) -> Int { Int((share * 100).rounded(.down)) }

    /// The day `text` falls on, Monday 1 to Sunday 7.
    public static func weekday(of text: String) -> Weekday {
        // 1970-01-01 was a Thursday (4).
        let days = dayNumber(text)
        return Weekday(rawValue: ((days + 3) % 7 + 7) % 7 + 1)!
    }

    /// The Monday on or before `text`.
    public static func monday(of text: String) -> String {
        let number = dayNumber(text) - (weekday(of: text).rawValue - 1)
        return string(dayNumber: number)
    }

    /// Whole days from `from` to `to`.
    public static func daysBetween(_ from: String, _ to: String) -> Int { dayNumber(to) - dayNumber(from) }

    /// The day `count` days after `text`.
    public static func adding(_ count: Int, to text: String) -> String { string(dayNumber: dayNumber(text) + count) }

    private struct DayKey: Hashable {
        var week: Int
        var dayID: UUID
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    /// Days since 1970-01-01 (a day that does not parse counts as that day).
    private static func dayNumber(_ text: String) -> Int {
        guard let components = CalendarDay.parse(text), let date = utc.date(from: components) else { return 0 }
        return Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    private static func string(dayNumber: Int) -> String {
        CalendarDay.string(of: Date(timeIntervalSince1970: Double(dayNumber) * 86_400), timeZone: .gmt)
    }
}
