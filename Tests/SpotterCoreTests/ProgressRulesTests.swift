import Foundation
import SpotterCore
import Testing

private let day: TimeInterval = 86_400
private let start = ISO8601DateFormatter().date(from: "2026-09-07T18:00:00Z")!

private func set(_ weight: Double?, _ reps: Int?, _ unit: MassUnit = .kg, kind: SetKind = .working, done: Bool = true)
    -> WorkoutSet
{
    WorkoutSet(id: UUID(), kind: kind, reps: reps, weight: weight.map { Mass($0, unit) }, done: done, updatedAt: start)
}

private func session(_ n: Int, _ sets: [WorkoutSet]) -> PersonalRecords.Session {
    PersonalRecords.Session(id: UUID(), startedAt: start.addingTimeInterval(Double(n) * day), sets: sets)
}

@Suite("Epley e1RM")
struct OneRepMaxTests {
    @Test("100 kg x 5 is 116.67 kg; a single is the weight itself; 225 lb x 3 is 247.5 lb")
    func formula() throws {
        // 100 x (1 + 5/30) = 100 x 1.1667 = 116.67
        #expect(abs(try #require(OneRepMax.estimate(set(100, 5))).value - 116.6667) < 0.001)
        #expect(OneRepMax.estimate(set(100, 1)) == Mass(100, .kg))
        // 225 x (1 + 3/30) = 225 x 1.1 = 247.5, still in pounds
        #expect(try #require(OneRepMax.estimate(set(225, 3, .lb))).unit == .lb)
        #expect(abs(try #require(OneRepMax.estimate(set(225, 3, .lb))).value - 247.5) < 0.0001)
        // 12 reps still count: 60 x (1 + 12/30) = 84
        #expect(abs(try #require(OneRepMax.estimate(set(60, 12))).value - 84) < 0.0001)
    }

    @Test("Above 12 reps, warm-ups, zero reps, no weight and unticked sets give no e1RM")
    func ineligible() {
        #expect(OneRepMax.estimate(set(60, 13)) == nil)
        #expect(OneRepMax.estimate(set(60, 5, kind: .warmup)) == nil)
        #expect(OneRepMax.estimate(set(60, 0)) == nil)
        #expect(OneRepMax.estimate(set(nil, 5)) == nil)
        #expect(OneRepMax.estimate(set(0, 5)) == nil)
        #expect(OneRepMax.estimate(set(60, 5, done: false)) == nil)
    }
}

@Suite("Personal records")
struct PersonalRecordsTests {
    @Test("The first session sets baselines without marks; later sets beat them strictly, each record named")
    func baselinesThenRecords() {
        let first = session(0, [set(100, 5)])
        let more = set(100, 6)  // e1RM 120 > 116.67; 600 kg > 500 kg; 6 reps at 100 kg > 5
        let heavier = set(105, 3)  // 105 kg > 100 kg; e1RM 115.5 < 120; volume 315 < 600
        let equal = set(105, 3)  // equals the best: no record
        let result = PersonalRecords.find(in: [session(2, [heavier, equal]), first, session(1, [more])])
        #expect(result.setRecords[first.sets[0].id] == nil)
        #expect(result.setRecords[more.id] == [.bestE1RM, .bestSetVolume, .mostRepsAtWeight])
        #expect(result.setRecords[heavier.id] == [.heaviestWeight])
        #expect(result.setRecords[equal.id] == nil)
        #expect(result.bests.heaviest == 105)
        #expect(abs(result.bests.e1RM - 120) < 0.0001)
        // Session volumes: 500 (baseline), 600 (record), 630 = 2 x 315 (record)
        #expect(result.sessionRecords.count == 2)
        #expect(result.bests.sessionVolume == 630)
        #expect(result.bests.weightForReps[6] == 100)
        #expect(result.bests.weightForReps[3] == 105)
    }

    @Test("Warm-ups, unticked sets and sets above 12 reps never set e1RM or rep records")
    func ignored() {
        let warmup = set(200, 1, kind: .warmup)
        let unticked = set(200, 1, done: false)
        let marathon = set(60, 20)  // 20 reps: volume 1200 is a set-volume record, but no e1RM or rep record
        let result = PersonalRecords.find(in: [session(0, [set(100, 5)]), session(1, [warmup, unticked, marathon])])
        #expect(result.setRecords[warmup.id] == nil)
        #expect(result.setRecords[unticked.id] == nil)
        #expect(result.setRecords[marathon.id] == [.bestSetVolume])
        #expect(result.bests.heaviest == 100)
    }

    @Test("A set of more than 12 reps counts for every rep max up to 12: 90 kg x 13 is the 12-rep max")
    func repMaxesPastTwelve() {
        // 100 x 5 first: rep maxes 1-5 at 100. Then 90 x 13: 6-12 at 90 (1-5 stay at 100), no rep record mark.
        let thirteen = set(90, 13)
        let result = PersonalRecords.find(in: [session(0, [set(100, 5)]), session(1, [thirteen])])
        #expect(
            result.bests.weightForReps == [
                1: 100, 2: 100, 3: 100, 4: 100, 5: 100, 6: 90, 7: 90, 8: 90, 9: 90, 10: 90, 11: 90, 12: 90,
            ])
        // Its volume 1170 beats 500; its e1RM is not judged past 12 reps.
        #expect(result.setRecords[thirteen.id] == [.bestSetVolume])
    }

    @Test("Deleting a record set and computing again: it is no longer a record, and the next best is judged against what is left")
    func deletion() {
        let first = session(0, [set(100, 5)])
        let record = set(100, 6)
        let later = set(105, 3)
        let before = PersonalRecords.find(in: [first, session(1, [record]), session(2, [later])])
        #expect(before.setRecords[later.id] == [.heaviestWeight])
        let after = PersonalRecords.find(in: [first, session(2, [later])])
        #expect(after.setRecords[record.id] == nil)
        // Without the 120 kg e1RM, 105 x 3 (115.5) is still below 100 x 5 (116.67): only the weight record.
        #expect(after.setRecords[later.id] == [.heaviestWeight])
        #expect(abs(after.bests.e1RM - 116.6667) < 0.001)
    }

    @Test("Editing a set changes its records: 100 x 6 edited to 100 x 4 is no longer one")
    func edit() {
        let first = session(0, [set(100, 5)])
        var edited = set(100, 6)
        #expect(PersonalRecords.find(in: [first, session(1, [edited])]).setRecords[edited.id] != nil)
        edited.reps = 4
        #expect(PersonalRecords.find(in: [first, session(1, [edited])]).setRecords[edited.id] == nil)
    }

    @Test("A history mixing kg and lb compares in kilograms: 225 lb beats 100 kg, 220 lb does not")
    func mixedUnits() {
        // 225 lb = 102.06 kg; 220 lb = 99.79 kg
        let heavy = set(225, 1, .lb)
        let light = set(220, 1, .lb)
        let result = PersonalRecords.find(in: [session(0, [set(100, 1)]), session(1, [light]), session(2, [heavy])])
        #expect(result.setRecords[light.id] == nil)
        #expect(result.setRecords[heavy.id]?.contains(.heaviestWeight) == true)
        #expect(abs(result.bests.heaviest - 102.0583) < 0.001)
    }
}

@Suite("Trend of the best e1RM")
struct TrendTests {
    func points(_ values: [Double], every days: Double = 7) -> [Trend.Point] {
        values.enumerated().map { Trend.Point(date: start.addingTimeInterval(Double($0.offset) * days * day), value: $0.element) }
    }

    @Test("100, 102.5, 105 a week apart: +2.5 kg a week on a mean of 102.5 is +2.44% a week, up")
    func up() throws {
        // slope = sum(dx*dy)/sum(dx^2) = ((-1)(-2.5) + (1)(2.5)) / 2 = 2.5 kg/week; 2.5 / 102.5 = 0.02439
        let change = try #require(Trend.weeklyChange(points([100, 102.5, 105])))
        #expect(abs(change - 0.02439) < 0.0001)
        #expect(Trend.classify(points([100, 102.5, 105]), now: start.addingTimeInterval(14 * day)) == .up)
    }

    @Test("Within +/-1% a week is flat; falling faster is down")
    func flatAndDown() {
        let now = start.addingTimeInterval(14 * day)
        // 100, 100.5, 100: slope 0
        #expect(Trend.classify(points([100, 100.5, 100]), now: now) == .flat)
        // 100, 100.9, 101.8: +0.9/week on 100.9 = 0.89%: still flat
        #expect(Trend.classify(points([100, 100.9, 101.8]), now: now) == .flat)
        // 100, 97, 94: -3/week on 97 = -3.1%
        #expect(Trend.classify(points([100, 97, 94]), now: now) == .down)
    }

    @Test("Fewer than three sessions in the window is not enough data; older sessions fall out of the window")
    func notEnough() {
        #expect(Trend.classify(points([100, 110]), now: start.addingTimeInterval(7 * day)) == .notEnoughData)
        // Three sessions 10 days apart: on day 40 the window (28 days) holds only the last one... and the one on day 20.
        #expect(Trend.classify(points([100, 105, 110], every: 10), now: start.addingTimeInterval(40 * day)) == .notEnoughData)
        #expect(Trend.classify(points([100, 105, 110], every: 10), now: start.addingTimeInterval(25 * day)) == .up)
    }

    @Test("Sessions less than a week apart from first to last are not enough data, however steep: 100, 105, 110 two days apart")
    func tooClose() {
        // Over 4 days, +10 kg would read as +17.5 kg a week: noise, not a trend.
        #expect(Trend.classify(points([100, 105, 110], every: 2), now: start.addingTimeInterval(5 * day)) == .notEnoughData)
        #expect(Trend.weeklyChange(points([100, 105, 110], every: 2)) == nil)
        // Three and a half days apart: a week from first to last, enough.
        #expect(Trend.classify(points([100, 105, 110], every: 3.5), now: start.addingTimeInterval(8 * day)) == .up)
    }
}

@Suite("Training weeks")
struct TrainingWeeksTests {
    let newYork = TimeZone(identifier: "America/New_York")!
    func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test("A workout at 23:30 on Sunday belongs to that week in the lifter's zone, though it is Monday in UTC")
    func sundayNight() {
        // Sunday 15 Nov 2026, 23:30 in New York = Monday 16 Nov, 04:30 UTC.
        let sunday = at("2026-11-16T04:30:00Z")
        #expect(
            WeekGrouping.weekStart(of: sunday, timeZone: newYork) == at("2026-11-09T05:00:00Z"),
            "Monday 9 Nov, midnight in New York")
        #expect(WeekGrouping.weekStart(of: sunday, timeZone: .gmt) == at("2026-11-16T00:00:00Z"))
        // Now Saturday 21 Nov: this week (from Monday 16 Nov) has nothing, last week has that Sunday workout.
        let now = at("2026-11-21T15:00:00Z")
        #expect(TrainingWeeks.streak(workoutDates: [sunday], now: now, timeZone: newYork) == 1)
        #expect(TrainingWeeks.streak(workoutDates: [sunday], now: now, timeZone: .gmt) == 1, "in UTC it is this week")
    }

    @Test("The streak counts weeks in a row with a workout, and survives a week that has not had one yet")
    func streak() {
        let now = at("2026-11-21T15:00:00Z")  // Saturday
        let thisWeek = at("2026-11-17T18:00:00Z"), lastWeek = at("2026-11-10T18:00:00Z"), threeAgo = at("2026-10-27T18:00:00Z")
        #expect(TrainingWeeks.streak(workoutDates: [thisWeek, lastWeek, threeAgo], now: now, timeZone: newYork) == 2)
        #expect(TrainingWeeks.streak(workoutDates: [lastWeek, at("2026-11-03T18:00:00Z")], now: now, timeZone: newYork) == 2)
        #expect(TrainingWeeks.streak(workoutDates: [threeAgo], now: now, timeZone: newYork) == 0)
        #expect(TrainingWeeks.streak(workoutDates: [], now: now, timeZone: newYork) == 0)
        let weeks = TrainingWeeks.perWeek(
            workoutDates: [thisWeek, thisWeek, lastWeek, threeAgo], now: now, timeZone: newYork, count: 4)
        #expect(weeks.map(\.workouts) == [1, 0, 1, 2])
    }
}

@Suite("Volume by muscle group")
struct MuscleVolumeTests {
    @Test("A bench press counts fully for the chest and half for triceps and shoulders; warm-ups not at all")
    func primaryAndSecondary() {
        let bench = UUID()
        let workout = Workout(
            id: UUID(), ownerID: UUID(), name: "Push", startedAt: start,
            entries: [
                ExerciseEntry(
                    id: UUID(), exerciseID: bench, sets: [set(100, 5), set(60, 10, kind: .warmup), set(100, 5, done: false)])
            ])
        let volume = MuscleVolume.of(
            [WorkoutTotals(workout)],
            exercises: [bench: (kind: .weightReps, primary: [.chest], secondary: [.triceps, .shoulders])], in: .kg)
        // 100 x 5 = 500 kg; half is 250
        #expect(volume == [.chest: 500, .triceps: 250, .shoulders: 250])
    }
}

@Suite("Calendar days")
struct CalendarDayTests {
    @Test("yyyy-MM-dd names a real day; anything else is refused")
    func parse() {
        #expect(CalendarDay.parse("2024-02-29") == DateComponents(year: 2024, month: 2, day: 29))
        for bad in [
            "2026-02-29", "2026-02-30", "2026-13-01", "2026-00-10", "2026-1-3", "2026-+3-01", "2026-09-21T00:00", "yesterday", "",
        ] {
            #expect(CalendarDay.parse(bad) == nil, "\(bad)")
        }
    }

    @Test("A day starts at local midnight, and a moment falls on the local day")
    func zones() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        // Midnight of 14 March 2026 in Berlin (UTC+1) is 23:00 on 13 March in UTC.
        #expect(
            CalendarDay.start(of: "2026-03-14", timeZone: berlin) == ISO8601DateFormatter().date(from: "2026-03-13T23:00:00Z"))
        #expect(
            CalendarDay.start(of: "2026-03-14", timeZone: berlin, hour: 12)
                == ISO8601DateFormatter().date(from: "2026-03-14T11:00:00Z"))
        #expect(CalendarDay.start(of: "2026-02-30", timeZone: berlin) == nil)
        let lateUTC = ISO8601DateFormatter().date(from: "2026-03-13T23:30:00Z")!
        #expect(CalendarDay.string(of: lateUTC, timeZone: berlin) == "2026-03-14")
        #expect(CalendarDay.string(of: lateUTC, timeZone: .gmt) == "2026-03-13")
    }
}
