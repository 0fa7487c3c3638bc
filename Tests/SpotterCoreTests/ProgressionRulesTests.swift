import Foundation
import SpotterCore
import SpotterTestSupport
import Testing

/// The progression rules played session by session over a program's length, as a
/// lifter who does what is asked, one who misses the same lift three sessions
/// running, and one who skips a week; every number checked by hand against the
/// published programs.
@Suite("Progression rules over whole programs")
struct ProgressionRulesTests {
    static let day = Date(timeIntervalSince1970: 1_790_000_000)

    /// A session's working sets: `reps` at `kg`, all ticked done.
    static func session(_ kg: Double, _ reps: [Int]) -> [WorkoutSet] {
        reps.enumerated().map { index, reps in
            WorkoutSet(
                id: .numbered(index), kind: .working, reps: reps, weight: Mass(kg, .kg), done: true, updatedAt: day)
        }
    }

    // MARK: Linear: Starting Strength's squat

    /// 3 x 5 from 100 kg, +2.5 kg a session, three sessions a week for 12 weeks.
    static func startingStrength(doing: (Int, Prescription) -> [Int]) -> [Prescription] {
        var history: [[WorkoutSet]] = []
        var asked: [Prescription] = []
        for number in 1...36 {
            let today = ProgressionRules.linear(
                after: history, sets: 3, reps: 5, step: 2.5, start: Mass(100, .kg), unit: .kg, plateStep: 2.5)!
            asked.append(today)
            history.insert(session(today.weight.value, doing(number, today)), at: 0)
        }
        return asked
    }

    @Test("a lifter who makes every set: 100 kg and 2.5 kg more each session, 187.5 kg on the last of week 12")
    func startingStrengthAllDone() {
        let asked = Self.startingStrength { _, today in today.reps }
        let weeks = stride(from: 0, to: 36, by: 3).map { Array(asked[$0..<$0 + 3].map(\.weight.value)) }
        #expect(weeks[0] == [100, 102.5, 105])
        #expect(weeks[1] == [107.5, 110, 112.5])
        #expect(weeks[3] == [122.5, 125, 127.5])
        #expect(weeks[7] == [152.5, 155, 157.5])
        #expect(weeks[11] == [182.5, 185, 187.5])
        #expect(asked.allSatisfy { $0.reps == [5, 5, 5] })
        #expect(asked[0].reason == "First session · 100 kg")
        #expect(asked[1].reason == "Last time 3 x 5 at 100 kg all done · +2.5 kg = 102.5 kg")
        // No session jumps more than 10% over the one before, and week 12 is above week 1.
        for (before, after) in zip(asked, asked.dropFirst()) { #expect(after.weight.value <= before.weight.value * 1.1) }
    }

    @Test("three misses in a row at 122.5 kg: the same weight twice, then 10% off (110 kg), then up again")
    func startingStrengthThreeMisses() {
        // Sessions 10-12 ask 122.5 kg and the lifter gets 5, 5, 4.
        let asked = Self.startingStrength { number, today in (10...12).contains(number) ? [5, 5, 4] : today.reps }
        #expect(asked[8...15].map(\.weight.value) == [120, 122.5, 122.5, 122.5, 110, 112.5, 115, 117.5])
        #expect(asked[10].reason == "Last time 5, 5, 4 at 122.5 kg, short of 3 x 5 · miss 1 of 3 · same 122.5 kg")
        #expect(asked[11].reason == "Last time 5, 5, 4 at 122.5 kg, short of 3 x 5 · miss 2 of 3 · same 122.5 kg")
        #expect(asked[12].reason == "Last time 5, 5, 4 at 122.5 kg · third miss in a row · deload -10% = 110 kg")
        #expect(asked[35].weight.value == 167.5, "23 sessions of +2.5 kg from 110 kg")
    }

    @Test("two misses, then a made session: the count starts again and no deload comes")
    func missesReset() {
        let asked = Self.startingStrength { number, today in [10, 11, 13, 14].contains(number) ? [5, 4, 4] : today.reps }
        #expect(asked[9...15].map(\.weight.value) == [122.5, 122.5, 122.5, 125, 125, 125, 127.5])
        #expect(asked[13].reason.hasSuffix("miss 1 of 3 · same 125 kg"))
    }

    @Test("a skipped week continues from the last session: no catch-up jump, no lost progress")
    func skippedWeek() {
        var history: [[WorkoutSet]] = []
        var weights: [Double] = []
        for number in 1...36 where !(13...15).contains(number) {
            let today = ProgressionRules.linear(
                after: history, sets: 3, reps: 5, step: 2.5, start: Mass(100, .kg), unit: .kg, plateStep: 2.5)!
            weights.append(today.weight.value)
            history.insert(Self.session(today.weight.value, today.reps), at: 0)
        }
        #expect(weights[11...12] == [127.5, 130], "week 6 picks up where week 4 ended")
        #expect(weights.last == 180, "33 sessions: 100 + 32 x 2.5")
    }

    @Test("in pounds on 5 lb steps: 225, 230, 235; a light lift still goes up by a whole step")
    func pounds() {
        var history: [[WorkoutSet]] = []
        var weights: [Double] = []
        for _ in 1...3 {
            let today = ProgressionRules.linear(
                after: history, sets: 3, reps: 5, step: 5, start: Mass(225, .lb), unit: .lb, plateStep: 5)!
            weights.append(today.weight.value)
            history.insert(
                today.reps.map { WorkoutSet(id: UUID(), reps: $0, weight: today.weight, done: true, updatedAt: Self.day) }, at: 0)
        }
        #expect(weights == [225, 230, 235])
        let light = ProgressionRules.linear(
            after: [Self.session(40, [5, 5, 5])], sets: 3, reps: 5, step: 2.5, start: nil, unit: .kg, plateStep: 2.5)
        #expect(light?.weight == Mass(42.5, .kg))
        #expect(
            ProgressionRules.linear(after: [], sets: 3, reps: 5, step: 2.5, start: nil, unit: .kg, plateStep: 2.5) == nil,
            "no history and no start weight: nothing to say")
    }

    // MARK: Double progression

    @Test("double progression 3 x 8-12 from 60 kg: a rep a set each session to 12, then 62.5 kg x 8")
    func doubleProgression() {
        var history: [[WorkoutSet]] = []
        var asked: [Prescription] = []
        for _ in 1...11 {
            let today = ProgressionRules.double(
                after: history, sets: 3, range: RepRange(8, 12), step: 2.5, start: Mass(60, .kg), unit: .kg, plateStep: 2.5)!
            asked.append(today)
            history.insert(Self.session(today.weight.value, today.reps), at: 0)
        }
        #expect(asked.map(\.weight.value) == [60, 60, 60, 60, 60, 62.5, 62.5, 62.5, 62.5, 62.5, 65])
        #expect(asked.map { $0.reps[0] } == [8, 9, 10, 11, 12, 8, 9, 10, 11, 12, 8])
        #expect(asked[1].reason == "Last time 3 x 8 at 60 kg · one more rep a set: 3 x 9 at 60 kg")
        #expect(asked[5].reason == "Last time 3 x 12 at 60 kg, the top of 8-12 · +2.5 kg, back to 8 = 62.5 kg")
    }

    @Test("a set that falls behind aims one past its own last time; the weight waits for every set")
    func doubleProgressionUneven() {
        let today = ProgressionRules.double(
            after: [Self.session(60, [12, 11, 9])], sets: 3, range: RepRange(8, 12), step: 2.5, start: nil, unit: .kg,
            plateStep: 2.5)
        #expect(today?.weight == Mass(60, .kg))
        #expect(today?.reps == [12, 12, 10])
        #expect(today?.reason == "Last time 12, 11, 9 at 60 kg · one more rep a set: 12, 12, 10 at 60 kg")
        let short = ProgressionRules.double(
            after: [Self.session(60, [7, 6])], sets: 3, range: RepRange(8, 12), step: 2.5, start: nil, unit: .kg,
            plateStep: 2.5)
        #expect(short?.reps == [8, 8, 8], "never below the bottom of the range")
    }

    // MARK: Training-max waves: 5/3/1 Boring But Big

    @Test("5/3/1 BBB, squat TM 100 kg +5 kg a cycle: two cycles' top sets, deloads and 5 x 10, as published")
    func fiveThreeOne() {
        let wave = TrainingMaxWave.fiveThreeOne
        var tm = Mass(100, .kg)
        var table: [[Double]] = []
        var bbb: [Double] = []
        for week in 1...8 {
            table.append(wave.sets(week: week, trainingMax: tm, unit: .kg, plateStep: 2.5).map(\.weight.value))
            let supplemental = TrainingMaxWave.weights(TrainingMaxWave.boringButBig, trainingMax: tm, unit: .kg, plateStep: 2.5)
            #expect(supplemental.count == 5 && supplemental.allSatisfy { $0.set.reps == 10 })
            bbb.append(supplemental[0].weight.value)
            if wave.cycleWeek(week) == 4 {
                tm = TrainingMaxWave.afterCycle(tm, step: 5, amraps: [(8, 5), (5, 3), (3, 1)], unit: .kg, plateStep: 2.5).max
            }
        }
        #expect(
            table == [
                [65, 75, 85], [70, 80, 90], [75, 85, 95], [40, 50, 60],
                // TM 105: 68.25 -> 67.5, 78.75 -> 80, 89.25 -> 90; 73.5 -> 72.5, 84 -> 85, 94.5 -> 95; ...
                [67.5, 80, 90], [72.5, 85, 95], [80, 90, 100], [42.5, 52.5, 62.5],
            ])
        #expect(bbb == [50, 50, 50, 50, 52.5, 52.5, 52.5, 52.5])
        #expect(wave.weeks.map { $0.map(\.label) }[0] == ["65% · 5", "75% · 5", "85% · 5+"])
        #expect(wave.cycle(5) == 2 && wave.cycleWeek(5) == 1)
        let top = wave.sets(week: 3, trainingMax: Mass(140, .kg), unit: .kg, plateStep: 2.5)[2]
        #expect(
            TrainingMaxWave.reason(week: 3, set: top.set, trainingMax: Mass(140, .kg), weight: top.weight)
                == "Week 3 · 95% of TM 140 kg = 132.5 kg · 1+")
    }

    @Test("a 5/3/1 cycle: every + set made raises the TM by its step; one short takes it back to 90%")
    func fiveThreeOneCycleEnd() {
        let made = TrainingMaxWave.afterCycle(
            Mass(100, .kg), step: 5, amraps: [(8, 5), (5, 3), (3, 1)], unit: .kg, plateStep: 2.5)
        #expect(made.max == Mass(105, .kg))
        #expect(made.reason == "Cycle done, every + set made · TM +5 kg = 105 kg")
        let press = TrainingMaxWave.afterCycle(
            Mass(60, .kg), step: 2.5, amraps: [(6, 5), (4, 3), (2, 1)], unit: .kg, plateStep: 2.5)
        #expect(press.max == Mass(62.5, .kg))
        let short = TrainingMaxWave.afterCycle(
            Mass(100, .kg), step: 5, amraps: [(8, 5), (2, 3), (1, 1)], unit: .kg, plateStep: 2.5)
        #expect(short.max == Mass(90, .kg))
        #expect(short.reason == "2 of 3+ reps · TM back 10% = 90 kg")
        let none = TrainingMaxWave.afterCycle(Mass(100, .kg), step: 5, amraps: [], unit: .kg, plateStep: 2.5)
        #expect(none.max == Mass(100, .kg))
        #expect(none.reason == "No + set logged this cycle · TM holds = 100 kg")
    }

    @Test("a max in kg for a pound lifter moves in pounds; a max off the steps holds as it is and says the real change")
    func unitsAndOffStepMaxes() {
        // 100 kg = 220.46 lb; +10 lb = 230.46 -> 230 lb on 5 lb steps: the change is +9.54, shown as +9.5 lb.
        let pounds = TrainingMaxWave.afterCycle(Mass(100, .kg), step: 10, amraps: [(6, 5)], unit: .lb, plateStep: 5)
        #expect(pounds.max == Mass(230, .lb))
        #expect(pounds.reason == "Cycle done, every + set made · TM +9.5 lb = 230 lb")
        let held = TrainingMaxWave.afterAMRAP(Mass(137, .kg), reps: 1, unit: .kg, plateStep: 2.5)
        #expect(held.max == Mass(137, .kg))
        #expect(held.reason == "1 rep on the 1+ set · TM holds = 137 kg")
        let lowered = TrainingMaxWave.afterAMRAP(Mass(137, .kg), reps: 0, unit: .kg, plateStep: 2.5)
        #expect(lowered.max == Mass(135, .kg))
        #expect(lowered.reason == "0 reps on the 1+ set · TM -2 kg = 135 kg")
    }

    @Test(
        "nSuns: the 1+ set moves the TM: 0 reps -2.5, 1 holds, 2-3 +2.5, 4-5 +5, 6+ +7.5 kg; in pounds on 5 lb steps",
        arguments: [
            (0, 97.5, "0 reps on the 1+ set · TM -2.5 kg = 97.5 kg"), (1, 100, "1 rep on the 1+ set · TM holds = 100 kg"),
            (3, 102.5, "3 reps on the 1+ set · TM +2.5 kg = 102.5 kg"), (5, 105, "5 reps on the 1+ set · TM +5 kg = 105 kg"),
            (9, 107.5, "9 reps on the 1+ set · TM +7.5 kg = 107.5 kg"),
        ])
    func nSuns(reps: Int, expected: Double, reason: String) {
        let after = TrainingMaxWave.afterAMRAP(Mass(100, .kg), reps: reps, unit: .kg, plateStep: 2.5)
        #expect(after.max == Mass(expected, .kg))
        #expect(after.reason == reason)
        #expect(TrainingMaxWave.afterAMRAP(Mass(225, .lb), reps: 4, unit: .lb, plateStep: 5).max == Mass(235, .lb))
    }

    // MARK: Texas Method

    @Test("Texas Method for two weeks from a 112.5 kg 5RM: Monday 90% of Friday's 5, Wednesday 80% of Monday, Friday +2.5")
    func texasMethod() {
        var five = Mass(112.5, .kg)
        var table: [[Double]] = []
        for _ in 1...3 {
            let monday = TexasMethod.volume(intensityFive: five, plateStep: 2.5)
            let wednesday = TexasMethod.recovery(volume: monday.weight, plateStep: 2.5)
            let friday = TexasMethod.intensity(lastFive: five, made: true, step: 2.5, plateStep: 2.5)
            table.append([monday.weight.value, wednesday.weight.value, friday.weight.value])
            five = friday.weight
        }
        // 0.9 x 112.5 = 101.25 -> 102.5 (nearest step); 0.8 x 102.5 = 82 -> 82.5; then 0.9 x 115 = 103.5 -> 102.5.
        #expect(table == [[102.5, 82.5, 115], [102.5, 82.5, 117.5], [105, 85, 120]])
        #expect(TexasMethod.volume(intensityFive: Mass(112.5, .kg), plateStep: 2.5).reps == [5, 5, 5, 5, 5])
        #expect(
            TexasMethod.volume(intensityFive: Mass(112.5, .kg), plateStep: 2.5).reason
                == "90% of your 5RM 112.5 kg = 102.5 kg")
        let missed = TexasMethod.intensity(lastFive: Mass(117.5, .kg), made: false, step: 2.5, plateStep: 2.5)
        #expect(missed.weight == Mass(117.5, .kg))
        #expect(missed.reason == "Last 5RM 117.5 kg missed · same again")
    }
}
