import Foundation

/// A finished workout that was started from a program day.
public struct ProgramSession: Sendable, Equatable {
    public var workoutID: UUID
    public var week: Int
    public var dayID: UUID
    /// The calendar day it was done on, in the lifter's time zone ("2026-11-24").
    public var day: String
    /// When it began; nil counts as any time of `day`.
    public var startedAt: Date?

    public init(workoutID: UUID, week: Int, dayID: UUID, day: String, startedAt: Date? = nil) {
        self.workoutID = workoutID
        self.week = week
        self.dayID = dayID
        self.day = day
        self.startedAt = startedAt
    }
}

/// The time a lifter held a program still: whole days of pauses that ended, and the
/// day the present one began. Paused days move the program's calendar on with them,
/// so they are never late, behind or missed.
public struct ProgramPause: Sendable, Equatable {
    public var days: Int
    public var since: String?

    public init(days: Int = 0, since: String? = nil) {
        self.days = days
        self.since = since
    }

    /// The days held still by `today`: the pauses that ended and the one going on.
    public func days(by today: String) -> Int {
        days + (since.map { max(0, ProgramProgress.daysBetween($0, today)) } ?? 0)
    }
}

/// Where a lifter stands in their active program, and what today is.
///
/// The rule is completion-based, so a missed day is never lost:
/// - Only sessions done on or after the start day count, and none begun before
///   `countsFrom` (a run started over on the day of a session does not carry it); a
///   day counts once, however many workouts were started from it.
/// - A week is closed when every one of its days is done, or when the lifter skipped
///   it ("Skip to next week"); the current week is the first week not closed. When
///   every week is closed, the program is complete.
/// - The program's calendar runs from the start day, less the days it was paused:
///   its week 1 is the start day and the six after it, so a program started on a
///   Wednesday does Wednesday's day first and Monday's on the Monday after, never late.
/// - The next day is the first day of the current week not yet done, in the order its
///   weekdays come round from the start day's.
/// - Today is that next day ("train"), unless:
///   - the start day is still ahead: not started;
///   - the lifter paused the program: paused;
///   - a program workout was already done today: rest ("done for today"), so one
///     session a day is the plan; starting the next day anyway is allowed;
///   - the lifter is ahead of the calendar (the current week is later than the
///     calendar week of the program): rest until that week;
///   - the next day's date on the program's calendar is still ahead: rest until then.
///   A next day whose date has passed is due today, marked late: it rolled forward.
/// Adherence is the days done out of the days that were due: every day of a closed
/// week (a skipped week's undone days are missed) plus the days done this week, or,
/// when more, every day whose date on the program's calendar has passed, so a lifter
/// who falls behind reads it ("1 week behind", 50%).
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
        /// Held still since that day; resuming picks up at `week` and `next`.
        case paused(since: String, week: Int, next: ProgramDay)
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
    /// The workouts this run counts (each day's, however many times it was done).
    public let countedWorkouts: [UUID]

    /// Whole weeks between the day the next session was due and today on the
    /// program's calendar: 1 when last week's first day is still not done.
    public let weeksBehind: Int
    private let closedDue: Int
    private let calendarDue: Int

    public init(
        program: TrainingProgram, startDay: String, sessions: [ProgramSession], skippedWeeks: Set<Int>, today: String,
        pause: ProgramPause = ProgramPause(), countsFrom: Date? = nil
    ) {
        self.program = program
        self.startDay = startDay
        let counted = sessions.filter { session in
            guard session.day >= startDay else { return false }
            guard let countsFrom, let startedAt = session.startedAt else { return true }
            return startedAt >= countsFrom
        }
        countedWorkouts = counted.map(\.workoutID)
        let done = Set(counted.map { DayKey(week: $0.week, dayID: $0.dayID) })
        let startWeekday = Self.weekday(of: startDay).rawValue
        /// Days from the start of a week of the program's calendar to this day's date.
        func offset(_ day: ProgramDay) -> Int { (day.weekday.rawValue - startWeekday + 7) % 7 }
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
            let nextID =
                state == .current
                ? zip(week.days, doneDays).filter { !$1 }.map(\.0).min { offset($0) < offset($1) }?.id : nil
            let days = zip(week.days, doneDays).map { day, isDone -> DayStatus in
                if isDone { return DayStatus(day: day, state: .done) }
                switch state {
                case .done, .skipped: return DayStatus(day: day, state: .missed)
                case .current where day.id == nextID: return DayStatus(day: day, state: .next)
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

        // Days of the program's calendar that have passed (today not yet among them).
        let elapsed = Self.daysBetween(startDay, today) - pause.days(by: today)
        self.closedDue = weeks.reduce(0) { total, week in
            switch week.state {
            case .done, .skipped: total + week.scheduled
            case .current, .upcoming: total + week.done
            }
        }
        self.calendarDue = program.weeks.reduce(0) { total, week in
            total + week.days.count { (week.number - 1) * 7 + offset($0) < elapsed }
        }
        let nextDue = current.flatMap { week in next.map { (week - 1) * 7 + offset($0) } }
        self.weeksBehind = nextDue.map { max(0, (elapsed - $0) / 7) } ?? 0

        if today < startDay {
            self.today = .notStarted(startsOn: startDay)
        } else if let current, let next, let nextDue {
            let calendarWeek = elapsed / 7 + 1
            if let since = pause.since {
                self.today = .paused(since: since, week: current, next: next)
            } else if counted.contains(where: { $0.day == today }) {
                self.today = .rest(week: current, next: next, reason: .doneToday)
            } else if current > calendarWeek {
                self.today = .rest(week: current, next: next, reason: .ahead)
            } else if nextDue > elapsed {
                self.today = .rest(week: current, next: next, reason: .scheduled)
            } else {
                self.today = .train(week: current, day: next, late: nextDue < elapsed)
            }
        } else {
            self.today = .completed
        }
    }

    public var isComplete: Bool { currentWeek == nil }
    public var sessionsScheduled: Int { program.sessionCount }

    /// The days that were due: every day of a closed week and the days done this
    /// week, or every day whose date on the program's calendar passed, when more.
    public var sessionsDue: Int { max(closedDue, calendarDue) }

    public var isPaused: Bool {
        if case .paused = today { return true }
        return false
    }

    /// Days done out of days due, 0...1; nil before anything was due.
    public var adherence: Double? {
        sessionsDue == 0 ? nil : Double(sessionsDone) / Double(sessionsDue)
    }

    /// How far through the program, 0...1: the days of closed weeks and the days done this week.
    public var completion: Double {
        guard sessionsScheduled > 0 else { return 0 }
        return Double(closedDue) / Double(sessionsScheduled)
    }

    /// A whole percentage, rounded down so 100% means every week closed.
    public static func percent(_ share: Double) -> Int { Int((share * 100).rounded(.down)) }

    /// The day `text` falls on, Monday 1 to Sunday 7.
    public static func weekday(of text: String) -> Weekday {
        // 1970-01-01 was a Thursday (4).
        let days = dayNumber(text)
        return Weekday(rawValue: ((days + 3) % 7 + 7) % 7 + 1)!
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
