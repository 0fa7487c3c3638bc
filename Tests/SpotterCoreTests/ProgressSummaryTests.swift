import Foundation
import SpotterCore
import Testing

// Helpers of this file only (the ones in ProgressRulesTests are private there).

private let oneDay: TimeInterval = 86_400
private let berlin = TimeZone(identifier: "Europe/Berlin")!
private let newYork = TimeZone(identifier: "America/New_York")!
/// Monday 2026-03-02 18:00 UTC.
private let origin = moment("2026-03-02T18:00:00Z")

/// A moment written with its UTC offset, e.g. "2026-03-15T23:30:00-04:00".
private func moment(_ text: String) -> Date {
    ISO8601DateFormatter().date(from: text)!
}

private func lift(
    _ weight: Double?, _ reps: Int?, _ unit: MassUnit = .kg, kind: SetKind = .working, done: Bool = true
) -> WorkoutSet {
    WorkoutSet(id: UUID(), kind: kind, reps: reps, weight: weight.map { Mass($0, unit) }, done: done, updatedAt: origin)
}

/// A session `n` days after `origin`.
private func sitting(_ n: Double, _ sets: [WorkoutSet], id: UUID = UUID()) -> PersonalRecords.Session {
    PersonalRecords.Session(id: id, startedAt: origin.addingTimeInterval(n * oneDay), sets: sets)
}

private func summary(_ n: Double, _ sets: [WorkoutSet]) -> SessionSummary {
    SessionSummary(sitting(n, sets))
}

private func close(_ a: Double?, _ b: Double, within tolerance: Double = 1e-6) -> Bool {
    guard let a else { return false }
    return abs(a - b) < tolerance
}

private func berlinParts(_ date: Date) -> DateComponents {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = berlin
    return calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
}

@Suite("Progress summaries")
struct ProgressSummaryTests {}

// MARK: - SessionSummary

extension ProgressSummaryTests {
    @Suite("SessionSummary: top set, best e1RM, volume in kg")
    struct SessionSummaries {
        @Test("kg and lb sets in one session are summed and compared in kilograms (1 lb = 0.45359237 kg)")
        func mixedUnits() {
            let session = sitting(0, [lift(100, 5), lift(225, 3, .lb)])
            let s = SessionSummary(session)
            #expect(s.workoutID == session.id)
            #expect(s.startedAt == session.startedAt)
            // 225 lb = 225 * 0.45359237 = 102.05828325 kg > 100 kg
            #expect(close(s.topWeight, 102.05828325))
            // Epley 100 x 5 = 100 * (1 + 5/30) = 116.6667 kg;
            // 225 lb x 3 = 225 * 1.1 = 247.5 lb = 247.5 * 0.45359237 = 112.2641 kg; best is 116.6667
            #expect(close(s.bestE1RM, 116.666_666_7))
            // 100 * 5 + 102.05828325 * 3 = 500 + 306.17484975 = 806.17484975 kg
            #expect(close(s.volume, 806.174_849_75))
        }

        @Test("An lb-only session still reports kilograms")
        func poundsOnly() {
            let s = summary(0, [lift(135, 10, .lb)])
            // 135 * 0.45359237 = 61.23497 kg
            #expect(close(s.topWeight, 61.234_969_95))
            // 135 * (1 + 10/30) = 180 lb = 180 * 0.45359237 = 81.6466266 kg
            #expect(close(s.bestE1RM, 81.646_626_6))
            // 135 * 10 = 1350 lb = 1350 * 0.45359237 = 612.3496995 kg
            #expect(close(s.volume, 612.349_699_5))
        }

        @Test("Warm-ups and unticked sets never count, however heavy")
        func warmupsAndUndoneExcluded() {
            let s = summary(
                0,
                [
                    lift(140, 1, kind: .warmup), lift(60, 10, kind: .warmup),
                    lift(100, 5),
                    lift(200, 1, done: false),
                ])
            // Only 100 x 5 counts
            #expect(s.topWeight == 100)
            #expect(close(s.bestE1RM, 116.666_666_7))  // 100 * (1 + 5/30)
            #expect(s.volume == 500)  // 100 * 5
        }

        @Test("Drop and failure sets are working sets: they count")
        func dropAndFailureCount() {
            let s = summary(0, [lift(100, 3, kind: .failure), lift(80, 8, kind: .drop)])
            #expect(s.topWeight == 100)
            // 100 * (1 + 3/30) = 110; 80 * (1 + 8/30) = 101.33: best 110
            #expect(close(s.bestE1RM, 110))
            #expect(s.volume == 940)  // 300 + 640
        }

        @Test("Sets above 12 reps have a top weight and volume but no e1RM; no weights at all give nil and 0")
        func noEstimate() {
            let high = summary(0, [lift(60, 15)])
            #expect(high.topWeight == 60)
            #expect(high.bestE1RM == nil)
            #expect(high.volume == 900)  // 60 * 15
            let bodyweight = summary(0, [lift(nil, 12), lift(0, 10)])
            #expect(bodyweight.topWeight == nil)
            #expect(bodyweight.bestE1RM == nil)
            #expect(bodyweight.volume == 0)
            let onlyWarmups = summary(0, [lift(60, 5, kind: .warmup)])
            #expect(onlyWarmups.topWeight == nil)
            #expect(onlyWarmups.volume == 0)
        }

        @Test("The trend uses each session's best e1RM; sessions without one are skipped")
        func trend() {
            // Singles: e1RM = weight. 100, 102.5, 105 a week apart: slope 2.5 kg/week on a
            // mean of 102.5 = +2.44% a week > 1%: up.
            let sessions = [
                summary(0, [lift(100, 1)]), summary(10, [lift(60, 15)]),
                summary(7, [lift(102.5, 1)]), summary(14, [lift(105, 1)]),
            ]
            let now = origin.addingTimeInterval(14 * oneDay)
            func trend(_ list: [SessionSummary]) -> Trend { Trend.assess(SessionSummary.trendPoints(list), now: now).trend }
            #expect(trend(sessions) == .up)
            #expect(trend(sessions.reversed()) == .up)
            // The change it comes from: 2.5 / 102.5 = 0.02439 a week.
            #expect(abs(Trend.assess(SessionSummary.trendPoints(sessions), now: now).weeklyChange! - 2.5 / 102.5) < 1e-9)
            // 105, 102.5, 100: down
            let falling = [summary(0, [lift(105, 1)]), summary(7, [lift(102.5, 1)]), summary(14, [lift(100, 1)])]
            #expect(trend(falling) == .down)
            // Two sessions with an e1RM (the 15-rep one has none): not enough data
            let two = [summary(0, [lift(100, 1)]), summary(7, [lift(60, 15)]), summary(14, [lift(105, 1)])]
            #expect(trend(two) == .notEnoughData)
            #expect(Trend.assess(SessionSummary.trendPoints(two), now: now).weeklyChange == nil)
        }
    }
}

// MARK: - PersonalRecords.find(in:after:)

extension ProgressSummaryTests {
    @Suite("PersonalRecords.find(in:after:)")
    struct RecordsAfter {
        /// The bests after one session of 100 kg x 5: heaviest 100, e1RM 116.67, set and session volume 500.
        let earlier = PersonalRecords.find(in: [sitting(0, [lift(100, 5)])]).bests

        @Test("The bests of an earlier session: 100 x 5")
        func earlierBests() {
            #expect(earlier.heaviest == 100)
            #expect(close(earlier.e1RM, 116.666_666_7))  // 100 * (1 + 5/30)
            #expect(earlier.setVolume == 500)
            #expect(earlier.sessionVolume == 500)
            #expect(earlier.weightForReps == [1: 100, 2: 100, 3: 100, 4: 100, 5: 100])
            #expect(earlier.hasHistory)
        }

        @Test("With earlier bests, the first session given is no baseline: its sets are marked")
        func firstSessionMarked() {
            let more = lift(100, 6)  // e1RM 100 * 1.2 = 120 > 116.67; volume 600 > 500; 6 reps at 100 > 5
            let session = sitting(1, [more])
            let result = PersonalRecords.find(in: [session], after: earlier)
            #expect(result.setRecords[more.id] == [.bestE1RM, .bestSetVolume, .mostRepsAtWeight])
            #expect(result.sessionRecords == [session.id])  // 600 > 500
            #expect(close(result.bests.e1RM, 120))
            #expect(result.bests.sessionVolume == 600)
            // Without them the same session is the baseline and earns nothing
            let alone = PersonalRecords.find(in: [session])
            #expect(alone.setRecords.isEmpty)
            #expect(alone.sessionRecords.isEmpty)
        }

        @Test("A lb set is judged against kg bests: 225 lb (102.06 kg) beats a 100 kg best")
        func poundsAfterKilograms() {
            let heavy = lift(225, 1, .lb)  // 225 * 0.45359237 = 102.058 kg > 100
            let result = PersonalRecords.find(in: [sitting(1, [heavy])], after: earlier)
            // e1RM 102.06 < 116.67; volume 102.06 < 500; no earlier weight >= 102.06 so no rep record
            #expect(result.setRecords[heavy.id] == [.heaviestWeight])
            #expect(close(result.bests.heaviest, 102.058_283_25))
        }

        @Test("With earlier bests, sets that do not beat them strictly get no marks")
        func nothingBeaten() {
            let same = lift(100, 5)  // equals every best: 100, 116.67, 500
            let lighter = lift(95, 5)  // 95 < 100; 95 * 7/6 = 110.83 < 116.67; 475 < 500
            let pounds = lift(220, 1, .lb)  // 220 * 0.45359237 = 99.79 kg < 100
            let session = sitting(1, [same])
            let result = PersonalRecords.find(in: [session, sitting(2, [lighter, pounds])], after: earlier)
            #expect(result.setRecords.isEmpty)
            // Session volumes 500 (= 500, not above) and 475 + 99.79 = 574.79 (> 500: the only record)
            #expect(result.sessionRecords.count == 1)
            #expect(!result.sessionRecords.contains(session.id))
            #expect(result.bests.heaviest == 100)
            #expect(close(result.bests.e1RM, 116.666_666_7))
        }

        @Test("Empty bests carry no history: the first session is then a baseline, as without them")
        func emptyBests() {
            let first = sitting(0, [lift(100, 5)])
            let more = lift(100, 6)
            let second = sitting(1, [more])
            let withEmpty = PersonalRecords.find(in: [first, second], after: .init())
            let without = PersonalRecords.find(in: [first, second])
            #expect(withEmpty == without)
            #expect(withEmpty.setRecords[first.sets[0].id] == nil)
            #expect(Array(withEmpty.setRecords.keys) == [more.id])
            #expect(withEmpty.sessionRecords == [second.id])  // 600 > 500
        }

        @Test("Folding sessions one at a time with after: gives the bests and marks of one pass over all of them")
        func foldEqualsAllAtOnce() {
            let s0 = sitting(0, [lift(60, 5, kind: .warmup)])  // warm-ups only: no history yet
            let s1 = sitting(1, [lift(100, 5), lift(100, 5)])  // baseline: session volume 1000
            let e1RMSet = lift(100, 6)
            let s2 = sitting(3, [lift(40, 10, kind: .warmup), e1RMSet])  // e1RM 120, set volume 600, 6 reps at 100
            let heavySet = lift(225, 1, .lb)
            let s3 = sitting(5, [heavySet])  // 102.06 kg: heaviest only
            let s4 = sitting(8, [lift(100, 3), lift(100, 3), lift(100, 3), lift(100, 3), lift(150, 1, done: false)])
            // s4: 4 * 300 = 1200 > 1000: session record; no set record (100 < 102.06, 110 < 120, 300 < 600, 3 < 6 reps)
            let s5 = sitting(9, [lift(110, 2, kind: .drop), lift(50, 12)])
            // s5: 110 > 102.06 heaviest; 110 * (1 + 2/30) = 117.33 < 120; 220 < 600.
            // 50 x 12: 50 * 1.4 = 70 < 120; 600 = 600 is not above; 12 reps at 50+ kg > 6 (100 x 6): rep record
            let chronological = [s0, s1, s2, s3, s4, s5]

            let all = PersonalRecords.find(in: [s4, s1, s5, s0, s3, s2])

            var bests: PersonalRecords.Bests?
            var marks: [UUID: [PersonalRecords.Kind]] = [:]
            var sessionMarks = Set<UUID>()
            for session in chronological {
                let step = PersonalRecords.find(in: [session], after: bests)
                marks.merge(step.setRecords) { first, _ in first }
                sessionMarks.formUnion(step.sessionRecords)
                bests = step.bests
            }

            #expect(bests == all.bests)
            #expect(marks == all.setRecords)
            #expect(sessionMarks == all.sessionRecords)

            // And by hand: the first session with counted sets (s1) is the baseline in both
            for set in s1.sets { #expect(all.setRecords[set.id] == nil) }
            #expect(all.setRecords[e1RMSet.id] == [.bestE1RM, .bestSetVolume, .mostRepsAtWeight])
            #expect(all.setRecords[heavySet.id] == [.heaviestWeight])
            #expect(all.setRecords[s5.sets[0].id] == [.heaviestWeight])
            #expect(all.setRecords[s5.sets[1].id] == [.mostRepsAtWeight])
            #expect(all.setRecords.count == 4)
            #expect(all.sessionRecords == [s4.id])
            #expect(all.bests.heaviest == 110)
            #expect(close(all.bests.e1RM, 120))
            #expect(all.bests.setVolume == 600)
            #expect(all.bests.sessionVolume == 1200)
        }

        @Test("Folding with the history's bests from a first batch, then one session, matches one pass")
        func foldFromBatch() {
            let a = sitting(0, [lift(80, 8)])
            let b = sitting(2, [lift(85, 8)])
            let c = sitting(4, [lift(190, 5, .lb)])  // 190 lb = 86.18 kg x 5
            let all = PersonalRecords.find(in: [a, b, c])
            let first = PersonalRecords.find(in: [a, b])
            let last = PersonalRecords.find(in: [c], after: first.bests)
            #expect(last.bests == all.bests)
            #expect(first.setRecords.merging(last.setRecords) { x, _ in x } == all.setRecords)
            #expect(first.sessionRecords.union(last.sessionRecords) == all.sessionRecords)
            // c: 86.18 kg > 85 kg heaviest; 86.18 * (1 + 5/30) = 100.55 < 85 * (1 + 8/30) = 107.67;
            // 430.9 < 680 set volume; 5 reps < 8 at 85+: only the weight record
            #expect(all.setRecords[c.sets[0].id] == [.heaviestWeight])
        }
    }
}

// MARK: - MainLifts

extension ProgressSummaryTests {
    @Suite("MainLifts.pick")
    struct MainLiftPicks {
        let squat = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!
        let bench = UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!
        let deadlift = UUID(uuidString: "00000000-0000-0000-0000-00000000000C")!
        let row = UUID(uuidString: "00000000-0000-0000-0000-00000000000D")!
        let press = UUID(uuidString: "00000000-0000-0000-0000-00000000000E")!
        let curl = UUID(uuidString: "00000000-0000-0000-0000-00000000000F")!

        @Test("Most sessions first; ties go to the most recent; the heaviest never decides; no e1RM, no pick")
        func ordering() {
            let sessions: [UUID: [SessionSummary]] = [
                // 3 sessions, light
                squat: [summary(1, [lift(60, 5)]), summary(5, [lift(60, 5)]), summary(9, [lift(60, 5)])],
                // 2 sessions, last on day 10, by far the heaviest
                deadlift: [summary(2, [lift(250, 3)]), summary(10, [lift(250, 3)])],
                // 2 sessions, last on day 12: more recent than the deadlift
                bench: [summary(4, [lift(50, 5)]), summary(12, [lift(50, 5)])],
                // 1 session on day 3
                row: [summary(3, [lift(70, 8)])],
                // 1 session on day 11
                press: [summary(11, [lift(40, 8)])],
                // 4 sessions, but only sets of 15 reps: no e1RM at all
                curl: [
                    summary(1, [lift(15, 15)]), summary(2, [lift(15, 15)]), summary(3, [lift(15, 15)]),
                    summary(4, [lift(15, 15)]),
                ],
            ]
            #expect(MainLifts.pick(sessions) == [squat, bench, deadlift, press])
            #expect(MainLifts.pick(sessions, limit: 2) == [squat, bench])
            #expect(MainLifts.pick(sessions, limit: 10) == [squat, bench, deadlift, press, row])
            #expect(MainLifts.pick([:]).isEmpty)
        }

        @Test("Same count and same last day: the id decides, so the order is stable")
        func idTieBreak() {
            let sessions: [UUID: [SessionSummary]] = [
                press: [summary(7, [lift(40, 5)])],
                row: [summary(7, [lift(80, 5)])],
                bench: [summary(7, [lift(60, 5)])],
            ]
            // ...0B < ...0D < ...0E
            #expect(MainLifts.pick(sessions) == [bench, row, press])
        }

        @Test("A lift with one session carrying an e1RM counts all its sessions")
        func partlyEstimated() {
            let sessions: [UUID: [SessionSummary]] = [
                squat: [summary(1, [lift(60, 15)]), summary(2, [lift(60, 15)]), summary(3, [lift(60, 5)])],
                bench: [summary(4, [lift(60, 5)]), summary(5, [lift(60, 5)])],
            ]
            // squat: 3 sessions (1 with an e1RM) > bench: 2
            #expect(MainLifts.pick(sessions) == [squat, bench])
        }
    }
}

// MARK: - ProgressRange

extension ProgressSummaryTests {
    @Suite("ProgressRange.start in Europe/Berlin")
    struct RangeStarts {
        // Wednesday 2026-04-01 10:00 CEST (UTC+2); summer time began Sunday 29 March.
        let now = moment("2026-04-01T10:00:00+02:00")

        @Test("4 weeks: Monday 9 March 00:00 CET, this week and the 3 before it")
        func fourWeeks() throws {
            let start = try #require(ProgressRange.fourWeeks.start(now: now, timeZone: berlin))
            // Today 1 April - 21 days = Wednesday 11 March; its week starts Monday 9 March, in winter time (UTC+1)
            #expect(start == moment("2026-03-09T00:00:00+01:00"))
            let parts = berlinParts(start)
            #expect(parts.weekday == 2)  // Monday
            #expect(parts.hour == 0 && parts.minute == 0 && parts.second == 0)
        }

        @Test("4 weeks just after local midnight on a Monday uses the local day, not the UTC one")
        func fourWeeksLocalMonday() throws {
            // Monday 6 April 00:30 CEST = Sunday 5 April 22:30 UTC
            let monday = moment("2026-04-06T00:30:00+02:00")
            let start = try #require(ProgressRange.fourWeeks.start(now: monday, timeZone: berlin))
            // 6 April - 21 days = Monday 16 March (UTC would give Sunday 15 March, week of 9 March)
            #expect(start == moment("2026-03-16T00:00:00+01:00"))
            #expect(berlinParts(start).weekday == 2)
            #expect(berlinParts(start).hour == 0)
        }

        @Test("3 months: 1 January 00:00 CET")
        func threeMonths() {
            #expect(ProgressRange.threeMonths.start(now: now, timeZone: berlin) == moment("2026-01-01T00:00:00+01:00"))
        }

        @Test("1 year: 1 April 2025 00:00 CEST")
        func oneYear() {
            #expect(ProgressRange.oneYear.start(now: now, timeZone: berlin) == moment("2025-04-01T00:00:00+02:00"))
        }

        @Test("All time has no start")
        func allTime() {
            #expect(ProgressRange.all.start(now: now, timeZone: berlin) == nil)
        }

        @Test("Raw values and labels")
        func labels() {
            #expect(ProgressRange.allCases.map(\.rawValue) == ["4w", "3m", "1y", "all"])
            #expect(ProgressRange.allCases.map(\.label) == ["4 weeks", "3 months", "1 year", "All"])
        }
    }
}

// MARK: - TrainingCalendar

extension ProgressSummaryTests {
    @Suite("TrainingCalendar")
    struct Calendars {
        @Test("A workout at 23:30 on a Sunday in New York counts on that Sunday, not on Monday (UTC's day)")
        func lateSunday() {
            // Sunday 15 March 2026 23:30 EDT (UTC-4) = Monday 16 March 03:30 UTC
            let late = moment("2026-03-15T23:30:00-04:00")
            let morning = moment("2026-03-15T09:00:00-04:00")
            let days = TrainingCalendar.days([late, morning], timeZone: newYork)
            #expect(days == [moment("2026-03-15T00:00:00-04:00"): 2])
            // In UTC the late one is a Monday workout
            #expect(TrainingCalendar.days([late], timeZone: .gmt) == [moment("2026-03-16T00:00:00Z"): 1])
        }

        @Test("Berlin: Sunday 23:30 and Monday 00:30 are two days")
        func berlinDays() {
            let sunday = moment("2026-03-15T23:30:00+01:00")
            let monday = moment("2026-03-16T00:30:00+01:00")  // Sunday 23:30 UTC
            let days = TrainingCalendar.days([sunday, monday, sunday], timeZone: berlin)
            #expect(days == [moment("2026-03-15T00:00:00+01:00"): 2, moment("2026-03-16T00:00:00+01:00"): 1])
            #expect(TrainingCalendar.days([], timeZone: berlin).isEmpty)
        }

        @Test("weeks lists every Monday from the week of start to the week of end, across summer time")
        func weeks() {
            // Wednesday 4 March to Wednesday 1 April 2026, Berlin
            let weeks = TrainingCalendar.weeks(
                from: moment("2026-03-04T12:00:00+01:00"), to: moment("2026-04-01T12:00:00+02:00"), timeZone: berlin)
            #expect(
                weeks == [
                    moment("2026-03-02T00:00:00+01:00"), moment("2026-03-09T00:00:00+01:00"),
                    moment("2026-03-16T00:00:00+01:00"), moment("2026-03-23T00:00:00+01:00"),
                    moment("2026-03-30T00:00:00+02:00"),  // summer time from 29 March
                ])
            // Start and end in one week: one Monday; end before start: none
            let same = TrainingCalendar.weeks(
                from: moment("2026-03-10T08:00:00+01:00"), to: moment("2026-03-15T23:30:00+01:00"), timeZone: berlin)
            #expect(same == [moment("2026-03-09T00:00:00+01:00")])
            #expect(
                TrainingCalendar.weeks(
                    from: moment("2026-03-20T08:00:00+01:00"), to: moment("2026-03-01T08:00:00+01:00"), timeZone: berlin
                ).isEmpty)
        }

        @Test("weekly sums per local week, every week of the span present, empty ones 0")
        func weekly() {
            let items: [(Date, Double)] = [
                (moment("2026-03-03T18:00:00+01:00"), 1000),  // Tue: week of 2 March
                (moment("2026-03-08T23:30:00+01:00"), 500),  // Sun 23:30 local: still week of 2 March
                (moment("2026-03-23T00:30:00+01:00"), 700),  // Mon 00:30 local (Sun 23:30 UTC): week of 23 March
                (moment("2026-03-31T19:00:00+02:00"), 200),  // week of 30 March
                (moment("2026-02-20T19:00:00+01:00"), 999),  // before the span: left out
            ]
            let result = TrainingCalendar.weekly(
                items, date: { $0.0 }, value: { $0.1 },
                from: moment("2026-03-04T12:00:00+01:00"), to: moment("2026-04-01T12:00:00+02:00"), timeZone: berlin)
            #expect(
                result.map(\.start) == [
                    moment("2026-03-02T00:00:00+01:00"), moment("2026-03-09T00:00:00+01:00"),
                    moment("2026-03-16T00:00:00+01:00"), moment("2026-03-23T00:00:00+01:00"),
                    moment("2026-03-30T00:00:00+02:00"),
                ])
            // 1000 + 500 = 1500; two empty weeks; 700; 200
            #expect(result.map(\.value) == [1500, 0, 0, 700, 200])
            // No items at all: every week still there, all 0
            let empty = TrainingCalendar.weekly(
                [(Date, Double)](), date: { $0.0 }, value: { $0.1 },
                from: moment("2026-03-04T12:00:00+01:00"), to: moment("2026-03-18T12:00:00+01:00"), timeZone: berlin)
            #expect(empty.map(\.value) == [0, 0, 0])
        }
    }
}

// MARK: - ChartScale

extension ProgressSummaryTests {
    @Suite("ChartScale.ticks")
    struct Ticks {
        @Test("0 to 97: step 25, 0 25 50 75 100")
        func zeroTo97() {
            // (97 - 0) / 4 = 24.25 -> magnitude 10 -> first of 10, 20, 25, 50, 100 that is >= 24.25: 25;
            // floor(0 / 25) = 0, ceil(97 / 25) * 25 = 100
            #expect(ChartScale.ticks(low: 0, high: 97) == [0, 25, 50, 75, 100])
        }

        @Test("A flat series is padded by 5% (at least 1) each side")
        func flat() {
            // 80 +/- max(80 * 0.05, 1) = 76...84; 8 / 4 = 2 -> step 2
            #expect(ChartScale.ticks(low: 80, high: 80) == [76, 78, 80, 82, 84])
            // 1000 +/- 50 = 950...1050; 100 / 4 = 25 -> step 25
            #expect(ChartScale.ticks(low: 1000, high: 1000) == [950, 975, 1000, 1025, 1050])
            // Never below zero for a series that is not: 0...1 in steps of 0.25.
            #expect(ChartScale.ticks(low: 0, high: 0) == [0, 0.25, 0.5, 0.75, 1])
        }

        @Test("Other spans: 112.5-187.3 by 20, 3.2-7.9 by 2")
        func otherSpans() {
            // 74.8 / 4 = 18.7 -> step 20; floor(112.5/20)*20 = 100, ceil(187.3/20)*20 = 200
            #expect(ChartScale.ticks(low: 112.5, high: 187.3) == [100, 120, 140, 160, 180, 200])
            // 4.7 / 4 = 1.175 -> step 2; 2...8
            #expect(ChartScale.ticks(low: 3.2, high: 7.9) == [2, 4, 6, 8])
        }

        @Test(
            "Ticks are evenly spaced round numbers covering low...high",
            arguments: [
                (0.0, 97.0), (3.2, 7.9), (112.5, 187.3), (-5.0, 5.0), (0.01, 0.02), (1000.0, 1234.0),
                (61.2, 61.2), (0.0, 0.0), (-40.0, -12.5), (97.5, 102.5), (0.0, 12345.0),
            ])
        func covers(low: Double, high: Double) throws {
            let ticks = ChartScale.ticks(low: low, high: high)
            try #require(ticks.count >= 2)
            #expect(ticks.first! <= low + 1e-9)
            #expect(ticks.last! >= high - 1e-9)
            let step = ticks[1] - ticks[0]
            #expect(step > 0)
            for (a, b) in zip(ticks, ticks.dropFirst()) { #expect(abs((b - a) - step) < step * 1e-9) }
            // About 4 intervals: the span / step is at most 4, plus one more at each end
            #expect(ticks.count <= 4 + 3)
            // Round: the step is 1, 2, 2.5 or 5 times a power of ten
            let magnitude = pow(10, floor(log10(step)))
            #expect([1, 2, 2.5, 5].contains { abs(step / magnitude - $0) < 1e-9 })
        }

        @Test("Non-finite bounds give a single 0 tick")
        func nonFinite() {
            #expect(ChartScale.ticks(low: 0, high: .infinity) == [0])
            #expect(ChartScale.ticks(low: .nan, high: 10) == [0])
        }
    }
}

// MARK: - BodyMetricDraft

extension ProgressSummaryTests {
    @Suite("BodyMetricDraft")
    struct BodyMetrics {
        let id = UUID()
        let now = moment("2026-03-14T08:00:00Z")
        let today = "2026-03-14"

        func problems(_ draft: BodyMetricDraft, unit: MassUnit = .kg) -> [FieldIssue] {
            do throws(ValidationFailure) {
                _ = try draft.validated(id: id, unit: unit, today: today, now: now)
                return []
            } catch {
                return error.issues
            }
        }

        func issue(_ field: String, _ message: String) -> FieldIssue {
            FieldIssue(field: field, message: message)
        }

        static let dateMessage = "Enter the date as YYYY-MM-DD, for example 2026-03-14."

        @Test("A kg entry: day and note trimmed, body fat to one decimal, the lifter's unit kept")
        func validKilograms() throws {
            let draft = BodyMetricDraft(
                day: " 2026-03-14 ", bodyWeight: 82.5, bodyFatPercent: 18.26, note: "  after breakfast \n")
            let metric = try draft.validated(id: id, unit: .kg, today: today, now: now)
            // 18.26 * 10 = 182.6 -> 183 / 10 = 18.3
            #expect(
                metric
                    == BodyMetric(
                        id: id, day: "2026-03-14", bodyWeight: Mass(82.5, .kg), bodyFatPercent: 18.3, note: "after breakfast",
                        updatedAt: now))
        }

        @Test("lb entries: by the lifter's unit or by the draft's own unit, stored in lb")
        func validPounds() throws {
            // 180 lb = 180 * 0.45359237 = 81.65 kg, inside 20...400 kg
            let byAccount = try BodyMetricDraft(day: "2026-03-01", bodyWeight: 180, bodyFatPercent: nil)
                .validated(id: id, unit: .lb, today: today, now: now)
            #expect(byAccount.bodyWeight == Mass(180, .lb))
            #expect(byAccount.bodyFatPercent == nil)
            #expect(byAccount.note == "")
            let byDraft = try BodyMetricDraft(day: "2026-03-01", bodyWeight: 180, weightUnit: "lb", bodyFatPercent: nil)
                .validated(id: id, unit: .kg, today: today, now: now)
            #expect(byDraft.bodyWeight == Mass(180, .lb))
            let kgInLbAccount = try BodyMetricDraft(day: "2026-03-01", bodyWeight: 80, weightUnit: "kg", bodyFatPercent: nil)
                .validated(id: id, unit: .lb, today: today, now: now)
            #expect(kgInLbAccount.bodyWeight == Mass(80, .kg))
        }

        @Test("Edges that are fine: 20 and 400 kg, 2 and 70 %, only body fat, 1900-01-01, a 200-character note, 29 Feb 2024")
        func validEdges() {
            #expect(problems(BodyMetricDraft(day: "2026-03-14", bodyWeight: 20, bodyFatPercent: 2)).isEmpty)
            #expect(problems(BodyMetricDraft(day: "2026-03-14", bodyWeight: 400, bodyFatPercent: 70)).isEmpty)
            #expect(problems(BodyMetricDraft(day: "2026-03-14", bodyWeight: nil, bodyFatPercent: 15)).isEmpty)
            #expect(problems(BodyMetricDraft(day: "1900-01-01", bodyWeight: 80, bodyFatPercent: nil)).isEmpty)
            #expect(problems(BodyMetricDraft(day: "2024-02-29", bodyWeight: 80, bodyFatPercent: nil)).isEmpty)
            let note = String(repeating: "a", count: 200)
            #expect(
                problems(BodyMetricDraft(day: "2026-03-14", bodyWeight: 80, bodyFatPercent: nil, note: "  \(note)\n")).isEmpty)
        }

        @Test(
            "Dates that are not real yyyy-MM-dd days",
            arguments: [
                "14/03/2026", "2026-3-14", "2026-03-14T08:00", "", "   ", "2026-02-30", "2025-02-29", "2026-13-01",
                "2026-00-10", "2026-04-31", "2026-03-00", "yyyy-mm-dd", "20260314",
            ])
        func badDate(_ text: String) {
            #expect(
                problems(BodyMetricDraft(day: text, bodyWeight: 80, bodyFatPercent: nil))
                    == [issue("day", Self.dateMessage)])
        }

        @Test("A missing date is a bad date")
        func missingDate() {
            #expect(problems(BodyMetricDraft(day: nil, bodyWeight: 80, bodyFatPercent: nil)) == [issue("day", Self.dateMessage)])
        }

        @Test("A sign inside a part is not a digit: 2026-+3-01 is no date")
        func signedParts() {
            // Int("+3") is 3: every part must be digits only, or "2026-+3-01" would pass as March.
            #expect(
                problems(BodyMetricDraft(day: "2026-+3-01", bodyWeight: 80, bodyFatPercent: nil))
                    == [issue("day", Self.dateMessage)])
        }

        @Test("A day after today is a future day; before 1900 is too early")
        func futureAndAncient() {
            #expect(
                problems(BodyMetricDraft(day: "2026-03-15", bodyWeight: 80, bodyFatPercent: nil))
                    == [issue("day", "The date is in the future; enter today or an earlier day.")])
            #expect(
                problems(BodyMetricDraft(day: "2027-01-01", bodyWeight: 80, bodyFatPercent: nil))
                    == [issue("day", "The date is in the future; enter today or an earlier day.")])
            #expect(
                problems(BodyMetricDraft(day: "1899-12-31", bodyWeight: 80, bodyFatPercent: nil))
                    == [issue("day", "The date must be 1900 or later.")])
        }

        @Test("Body weight out of range in kg names kg", arguments: [19.9, 400.1, 0, -80, .infinity, .nan])
        func weightOutOfRangeKilograms(_ weight: Double) {
            #expect(
                problems(BodyMetricDraft(day: "2026-03-14", bodyWeight: weight, bodyFatPercent: nil))
                    == [issue("bodyWeight", "Body weight must be from 20 to 400 kg.")])
        }

        @Test("Body weight out of range in lb names lb, with the range in lb")
        func weightOutOfRangePounds() {
            // 20 kg = 20 / 0.45359237 = 44.09 lb -> "44.1"; 400 kg = 881.849 lb -> "881.8"
            let message = "Body weight must be from 44.1 to 881.8 lb."
            // 44 lb = 19.96 kg: too light
            #expect(
                problems(BodyMetricDraft(day: "2026-03-14", bodyWeight: 44, bodyFatPercent: nil), unit: .lb)
                    == [issue("bodyWeight", message)])
            // 900 lb = 408.23 kg: too heavy, unit from the draft
            #expect(
                problems(BodyMetricDraft(day: "2026-03-14", bodyWeight: 900, weightUnit: "lb", bodyFatPercent: nil))
                    == [issue("bodyWeight", message)])
            // 45 lb = 45 * 0.45359237 = 20.41 kg: fine
            #expect(problems(BodyMetricDraft(day: "2026-03-14", bodyWeight: 45, bodyFatPercent: nil), unit: .lb).isEmpty)
            // 450 in kg is too heavy even for a lb account when the draft says kg
            #expect(
                problems(BodyMetricDraft(day: "2026-03-14", bodyWeight: 450, weightUnit: "kg", bodyFatPercent: nil), unit: .lb)
                    == [issue("bodyWeight", "Body weight must be from 20 to 400 kg.")])
        }

        @Test("Body fat out of 2...70", arguments: [1.9, 70.1, 0, -5, 100, .nan, .infinity])
        func bodyFatOutOfRange(_ percent: Double) {
            #expect(
                problems(BodyMetricDraft(day: "2026-03-14", bodyWeight: nil, bodyFatPercent: percent))
                    == [issue("bodyFatPercent", "Body fat must be from 2 to 70 %.")])
        }

        @Test("Neither body weight nor body fat")
        func neither() {
            #expect(
                problems(BodyMetricDraft(day: "2026-03-14", bodyWeight: nil, bodyFatPercent: nil, note: "felt light"))
                    == [issue("bodyWeight", "Enter a body weight, a body-fat percentage, or both.")])
        }

        @Test("A note over 200 characters after trimming")
        func noteTooLong() {
            let note = String(repeating: "é", count: 201)
            #expect(
                problems(BodyMetricDraft(day: "2026-03-14", bodyWeight: 80, bodyFatPercent: nil, note: note))
                    == [issue("note", "The note must be at most 200 characters.")])
        }

        @Test("An unknown weight unit", arguments: ["stone", "KG", "", "lbs"])
        func badUnit(_ unit: String) {
            #expect(
                problems(BodyMetricDraft(day: "2026-03-14", bodyWeight: 80, weightUnit: unit, bodyFatPercent: nil))
                    == [issue("weightUnit", "The weight unit must be kg or lb.")])
        }

        @Test("Every problem at once, in field order")
        func everything() {
            let draft = BodyMetricDraft(
                day: "2026-02-30", bodyWeight: 10, weightUnit: "st", bodyFatPercent: 90, note: String(repeating: "x", count: 201))
            #expect(
                problems(draft) == [
                    issue("day", Self.dateMessage),
                    issue("weightUnit", "The weight unit must be kg or lb."),
                    issue("bodyWeight", "Body weight must be from 20 to 400 kg."),  // the lifter's unit when the draft's is bad
                    issue("bodyFatPercent", "Body fat must be from 2 to 70 %."),
                    issue("note", "The note must be at most 200 characters."),
                ])
        }

        @Test("The lifter's day comes from their zone")
        func dayOfZone() {
            // 2026-03-15 23:30 UTC: Monday 00:30 in Berlin, Sunday 19:30 in New York
            let instant = moment("2026-03-15T23:30:00Z")
            #expect(CalendarDay.string(of: instant, timeZone: berlin) == "2026-03-16")
            #expect(CalendarDay.string(of: instant, timeZone: newYork) == "2026-03-15")
            #expect(CalendarDay.string(of: instant, timeZone: .gmt) == "2026-03-15")
            // So a Berlin entry for the 16th is not in the future there, but is in New York
            let draft = BodyMetricDraft(day: "2026-03-16", bodyWeight: 80, bodyFatPercent: nil)
            #expect(
                (try? draft.validated(id: id, unit: .kg, today: CalendarDay.string(of: instant, timeZone: berlin), now: instant))
                    != nil)
            #expect(
                (try? draft.validated(id: id, unit: .kg, today: CalendarDay.string(of: instant, timeZone: newYork), now: instant))
                    == nil)
        }
    }
}
