import Foundation
import SpotterCore
import SpotterTestSupport
import Testing

/// Today's day, week advance and adherence, on a three-week Mon/Wed/Fri program.
/// 2026-11-23 is a Monday.
@Suite("ProgramProgress: what today is, and how the weeks move on")
struct ProgramProgressTests {
    static let monday = "2026-11-23"

    static func program(weeks: Int = 3, deloadWeek: Int? = nil) -> TrainingProgram {
        let weekList = (1...weeks).map { number in
            ProgramWeek(
                number: number, modifier: number == deloadWeek ? 0.9 : 1, isDeload: number == deloadWeek,
                days: [Weekday.monday, .wednesday, .friday].map {
                    ProgramDay(id: dayID(number, $0), weekday: $0, templateID: UUID.numbered(90))
                })
        }
        return TrainingProgram(
            id: UUID.numbered(1), ownerID: UUID.numbered(2), name: "Test", category: .strength, difficulty: .beginner,
            weeks: weekList,
            createdAt: Date(timeIntervalSince1970: 0))
    }

    static func dayID(_ week: Int, _ weekday: Weekday) -> UUID { UUID.numbered(week * 10 + weekday.rawValue) }

    static func done(_ week: Int, _ weekday: Weekday, on day: String) -> ProgramSession {
        ProgramSession(workoutID: UUID(), week: week, dayID: dayID(week, weekday), day: day)
    }

    static func progress(
        _ sessions: [ProgramSession] = [], skipped: Set<Int> = [], start: String = monday, today: String,
        program: TrainingProgram = program(), pause: ProgramPause = ProgramPause(), countsFrom: Date? = nil
    ) -> ProgramProgress {
        ProgramProgress(
            program: program, startDay: start, sessions: sessions, skippedWeeks: skipped, today: today, pause: pause,
            countsFrom: countsFrom)
    }

    @Test("Calendar arithmetic: weekdays, day differences across months and a leap day")
    func calendar() {
        #expect(ProgramProgress.weekday(of: "2026-11-24") == .tuesday)
        #expect(ProgramProgress.weekday(of: "1970-01-01") == .thursday)
        #expect(ProgramProgress.weekday(of: "2026-11-29") == .sunday)
        #expect(ProgramProgress.daysBetween("2024-02-28", "2024-03-01") == 2)
        #expect(ProgramProgress.adding(7, to: "2026-12-28") == "2027-01-04")
    }

    @Test("The first day, on the start day itself, is due today")
    func firstDay() {
        let progress = Self.progress(today: Self.monday)
        #expect(progress.today == .train(week: 1, day: Self.program().weeks[0].days[0], late: false))
        #expect(progress.currentWeek == 1)
        #expect(progress.adherence == nil)
        #expect(progress.completion == 0)
    }

    @Test("Started on a Wednesday: Wednesday's day first, Friday's, then Monday's on the Monday after, never late")
    func startMidWeek() {
        let days = Self.program().weeks.map(\.days)
        let start = "2026-11-25"
        #expect(Self.progress(start: start, today: start).today == .train(week: 1, day: days[0][1], late: false))
        let wednesday = [Self.done(1, .wednesday, on: start)]
        #expect(
            Self.progress(wednesday, start: start, today: "2026-11-26").today
                == .rest(week: 1, next: days[0][2], reason: .scheduled))
        let friday = wednesday + [Self.done(1, .friday, on: "2026-11-27")]
        #expect(Self.progress(friday, start: start, today: "2026-11-30").today == .train(week: 1, day: days[0][0], late: false))
        let monday = friday + [Self.done(1, .monday, on: "2026-11-30")]
        let week2 = Self.progress(monday, start: start, today: "2026-12-02")
        #expect(week2.today == .train(week: 2, day: days[1][1], late: false))
        #expect(week2.adherence == 1)
        #expect(week2.weeksBehind == 0)
        #expect(week2.weeks[1].days.map(\.state) == [.upcoming, .next, .upcoming])
    }

    @Test("A Monday missed stays due; a week later the lifter reads 1 week behind and adherence counts the passed days")
    func behind() {
        let days = Self.program().weeks.map(\.days)
        let nothing = Self.progress(today: "2026-11-30")
        #expect(nothing.today == .train(week: 1, day: days[0][0], late: true))
        #expect(nothing.weeksBehind == 1)
        // Due: Mon, Wed, Fri of week 1; done none.
        #expect(nothing.sessionsDue == 3)
        #expect(nothing.adherence == 0)
        #expect(nothing.completion == 0)
        // Monday done, then nothing until Wednesday of week 2: due Mon, Wed, Fri and
        // Monday of week 2 (4), done 1; Wednesday of week 1 was due 7 days ago.
        let oneDone = Self.progress([Self.done(1, .monday, on: Self.monday)], today: "2026-12-02")
        #expect(oneDone.sessionsDue == 4)
        #expect(oneDone.adherence == 0.25)
        #expect(oneDone.weeksBehind == 1)
        // Thursday of week 1, Wednesday missed: late, not a week behind.
        let late = Self.progress([Self.done(1, .monday, on: Self.monday)], today: "2026-11-26")
        #expect(late.today == .train(week: 1, day: days[0][1], late: true))
        #expect(late.weeksBehind == 0)
        #expect(late.sessionsDue == 2)
        #expect(late.adherence == 0.5)
    }

    @Test("Paused after Monday for two weeks: paused meanwhile, then Wednesday's day on time and full adherence")
    func pause() {
        let days = Self.program().weeks.map(\.days)
        let sessions = [Self.done(1, .monday, on: Self.monday)]
        let paused = Self.progress(sessions, today: "2026-12-08", pause: ProgramPause(since: "2026-11-24"))
        #expect(paused.today == .paused(since: "2026-11-24", week: 1, next: days[0][1]))
        #expect(paused.isPaused)
        #expect(paused.weeksBehind == 0)
        #expect(paused.adherence == 1)
        // Resumed on Tuesday 12-08 after 14 days: Wednesday 12-09 is the program's Wednesday.
        let resumed = Self.progress(sessions, today: "2026-12-09", pause: ProgramPause(days: 14))
        #expect(resumed.today == .train(week: 1, day: days[0][1], late: false))
        #expect(resumed.adherence == 1)
        #expect(
            Self.progress(sessions, today: "2026-12-08", pause: ProgramPause(days: 14)).today
                == .rest(week: 1, next: days[0][1], reason: .scheduled))
    }

    @Test("Started over on the day of a session: that session belongs to the old run, today's day is due again")
    func startOverSameDay() {
        let morning = Date(timeIntervalSince1970: 1_795_424_400)  // 2026-11-23 08:00 UTC
        let session = ProgramSession(
            workoutID: UUID(), week: 1, dayID: Self.dayID(1, .monday), day: Self.monday, startedAt: morning)
        let restarted = Self.progress([session], today: Self.monday, countsFrom: morning.addingTimeInterval(3_600))
        #expect(restarted.sessionsDone == 0)
        #expect(restarted.today == .train(week: 1, day: Self.program().weeks[0].days[0], late: false))
        let later = ProgramSession(
            workoutID: UUID(), week: 1, dayID: Self.dayID(1, .monday), day: Self.monday,
            startedAt: morning.addingTimeInterval(7_200))
        #expect(
            Self.progress([session, later], today: Self.monday, countsFrom: morning.addingTimeInterval(3_600)).sessionsDone == 1)
    }

    /// A 12-week Mon/Wed/Fri program started Monday 2026-11-23. The lifter trains the
    /// day due on each Monday, Wednesday and Friday, but misses calendar week 5
    /// entirely. Read each Monday morning (elapsed 7(k-1) days), before training:
    ///
    /// | calendar week k | due 3(k-1) | done | adherence | behind | current week |
    /// | 1               | 0          | 0    | -         | 0      | 1            |
    /// | 5               | 12         | 12   | 100%      | 0      | 5            |
    /// | 6               | 15         | 12   | 80%       | 1      | 5            |
    /// | 9               | 24         | 21   | 87%       | 1      | 8            |
    /// | 13              | 36         | 33   | 91%       | 1      | 12           |
    ///
    /// Week 13's Monday still holds program week 12's Monday (late); three more
    /// sessions complete the program with 36 of 36 days due done: 100%.
    @Test("12 weeks with calendar week 5 missed: adherence and weeks behind each Monday, as the table")
    func twelveWeeksWithAMissedWeek() {
        let program = Self.program(weeks: 12)
        var sessions: [ProgramSession] = []
        var pending = program.weeks.flatMap { week in week.days.map { (week.number, $0.weekday) } }[...]
        var rows: [Int: (due: Int, done: Int, percent: Int?, behind: Int, week: Int?)] = [:]
        for k in 1...13 {
            let monday = ProgramProgress.adding(7 * (k - 1), to: Self.monday)
            let morning = Self.progress(sessions, today: monday, program: program)
            rows[k] = (
                morning.sessionsDue, morning.sessionsDone, morning.adherence.map(ProgramProgress.percent), morning.weeksBehind,
                morning.currentWeek
            )
            guard k != 5 else { continue }
            for offset in [0, 2, 4] {
                guard let (week, weekday) = pending.popFirst() else { break }
                sessions.append(Self.done(week, weekday, on: ProgramProgress.adding(offset, to: monday)))
            }
        }
        #expect(rows[1]! == (0, 0, nil, 0, 1))
        #expect(rows[5]! == (12, 12, 100, 0, 5))
        #expect(rows[6]! == (15, 12, 80, 1, 5))
        #expect(rows[9]! == (24, 21, 87, 1, 8))
        #expect(rows[13]! == (36, 33, 91, 1, 12))
        let end = Self.progress(sessions, today: ProgramProgress.adding(7 * 12 + 5, to: Self.monday), program: program)
        #expect(end.isComplete)
        #expect(end.adherence == 1)
    }

    @Test("After Monday's session, Tuesday is a rest day and Wednesday's day is next")
    func restDay() {
        let progress = Self.progress([Self.done(1, .monday, on: Self.monday)], today: "2026-11-24")
        #expect(progress.today == .rest(week: 1, next: Self.program().weeks[0].days[1], reason: .scheduled))
        #expect(progress.weeks[0].days.map(\.state) == [.done, .next, .upcoming])
    }

    @Test("A missed Monday rolls forward: on Thursday it is still the day due")
    func missedDayRollsForward() {
        let progress = Self.progress(today: "2026-11-26")
        #expect(progress.today == .train(week: 1, day: Self.program().weeks[0].days[0], late: true))
        #expect(progress.weeks[0].days.map(\.state) == [.next, .upcoming, .upcoming])
    }

    @Test("Two workouts on one day count as two days; the rest of that day is rest, the next day still startable")
    func twoWorkoutsOneDay() {
        let sessions = [Self.done(1, .monday, on: "2026-11-25"), Self.done(1, .wednesday, on: "2026-11-25")]
        let progress = Self.progress(sessions, today: "2026-11-25")
        #expect(progress.sessionsDone == 2)
        #expect(progress.today == .rest(week: 1, next: Self.program().weeks[0].days[2], reason: .doneToday))
        #expect(progress.next?.weekday == .friday)
    }

    @Test("The same day done twice counts once; a session before the start day does not count")
    func duplicatesAndOldSessions() {
        let sessions = [
            Self.done(1, .monday, on: Self.monday), Self.done(1, .monday, on: "2026-11-24"),
            Self.done(1, .wednesday, on: "2026-11-16"),
        ]
        let progress = Self.progress(sessions, today: "2026-11-25")
        #expect(progress.sessionsDone == 1)
        #expect(progress.next?.weekday == .wednesday)
    }

    @Test("A finished week moves the program on; finishing it early is rest until the next Monday")
    func weekAdvancesAndAhead() {
        let sessions = [
            Self.done(1, .monday, on: Self.monday), Self.done(1, .wednesday, on: "2026-11-24"),
            Self.done(1, .friday, on: "2026-11-25"),
        ]
        let thursday = Self.progress(sessions, today: "2026-11-26")
        #expect(thursday.currentWeek == 2)
        #expect(thursday.today == .rest(week: 2, next: Self.program().weeks[1].days[0], reason: .ahead))
        let nextMonday = Self.progress(sessions, today: "2026-11-30")
        #expect(nextMonday.today == .train(week: 2, day: Self.program().weeks[1].days[0], late: false))
        // 3 of 9 days: a third of the way, every due day done.
        #expect(nextMonday.completion == 1.0 / 3.0)
        #expect(nextMonday.adherence == 1)
        #expect(nextMonday.weeks.map(\.state) == [.done, .current, .upcoming])
    }

    @Test("Skip to next week: the week's undone days are missed and adherence counts them")
    func skipWeek() {
        let progress = Self.progress([Self.done(1, .monday, on: Self.monday)], skipped: [1], today: "2026-11-25")
        #expect(progress.currentWeek == 2)
        #expect(progress.weeks[0].state == .skipped)
        #expect(progress.weeks[0].days.map(\.state) == [.done, .missed, .missed])
        // Due: all 3 days of week 1; done: 1. Completion: 3 of 9 days.
        #expect(progress.sessionsDue == 3)
        #expect(progress.adherence == 1.0 / 3.0)
        #expect(ProgramProgress.percent(progress.adherence!) == 33)
        #expect(progress.completion == 1.0 / 3.0)
        // Week 2 is ahead of the calendar (still week 1): rest until Monday.
        #expect(progress.today == .rest(week: 2, next: Self.program().weeks[1].days[0], reason: .ahead))
    }

    @Test("A deload week is the current week like any other, labelled Deload")
    func deloadWeek() {
        let program = Self.program(deloadWeek: 2)
        let sessions = [Weekday.monday, .wednesday, .friday].map { Self.done(1, $0, on: Self.monday) }
        let progress = Self.progress(sessions, today: "2026-11-30", program: program)
        #expect(progress.today == .train(week: 2, day: program.weeks[1].days[0], late: false))
        #expect(program.weeks[1].label == "Deload")
        #expect(program.weeks[1].modifier == 0.9)
    }

    @Test("The last day done completes the program: 100% done, full adherence")
    func lastDay() {
        var sessions: [ProgramSession] = []
        for week in 1...3 {
            for day in [Weekday.monday, .wednesday, .friday] { sessions.append(Self.done(week, day, on: "2026-12-10")) }
        }
        let beforeLast = Self.progress(Array(sessions.dropLast()), today: "2026-12-11")
        #expect(beforeLast.today == .train(week: 3, day: Self.program().weeks[2].days[2], late: false))
        let after = Self.progress(sessions, today: "2026-12-12")
        #expect(after.today == .completed)
        #expect(after.isComplete)
        #expect(after.completion == 1)
        #expect(after.adherence == 1)
        #expect(after.sessionsDone == 9)
    }

    @Test("Before the start day: not started; a session for a day the program does not have counts for nothing")
    func notStartedAndStrangers() {
        #expect(Self.progress(start: "2026-11-30", today: "2026-11-24").today == .notStarted(startsOn: "2026-11-30"))
        let stranger = ProgramSession(workoutID: UUID(), week: 1, dayID: UUID.numbered(999), day: Self.monday)
        #expect(Self.progress([stranger], today: Self.monday).sessionsDone == 0)
    }

    @Test("Deactivated, then activated again: a new start day starts over; the old start day resumes")
    func reactivation() {
        let sessions = [Self.done(1, .monday, on: Self.monday), Self.done(1, .wednesday, on: "2026-11-25")]
        let restarted = Self.progress(sessions, start: "2026-12-07", today: "2026-12-07")
        #expect(restarted.sessionsDone == 0)
        #expect(restarted.today == .train(week: 1, day: Self.program().weeks[0].days[0], late: false))
        let resumed = Self.progress(sessions, start: Self.monday, today: "2026-12-07")
        #expect(resumed.sessionsDone == 2)
        // Friday of week 1 is still due, two weeks late.
        #expect(resumed.today == .train(week: 1, day: Self.program().weeks[0].days[2], late: true))
    }

    @Test("A one-week program, one day a week")
    func oneWeek() {
        let program = TrainingProgram(
            id: UUID.numbered(1), ownerID: nil, name: "One", category: .beginner, difficulty: .beginner,
            weeks: [
                ProgramWeek(number: 1, days: [ProgramDay(id: UUID.numbered(5), weekday: .sunday, templateID: UUID.numbered(90))])
            ],
            createdAt: Date(timeIntervalSince1970: 0))
        let waiting = Self.progress(today: "2026-11-24", program: program)
        #expect(waiting.today == .rest(week: 1, next: program.weeks[0].days[0], reason: .scheduled))
        let done = Self.progress(
            [ProgramSession(workoutID: UUID(), week: 1, dayID: UUID.numbered(5), day: "2026-11-29")], today: "2026-11-29",
            program: program)
        #expect(done.today == .completed)
        #expect(program.lengthLabel == "1 week · 1 day/week")
    }
}
