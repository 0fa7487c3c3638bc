import Foundation
import Testing

@testable import SpotterCore

/// The RPE rule as a lifter follows it for weeks: the base is the same program day
/// last time, the week's modifier is relative to that day's week (so weeks do not
/// compound), a deload week deloads and the week after it continues from the week
/// before, and a step up is at least one plate. Every weight below was worked out by
/// hand (the arithmetic beside it) and again with a short script.
@Suite("Program weights over weeks: the same day, relative weeks, deloads, light lifts")
struct ProgramWeightRuleTests {
    static let t0 = Date(timeIntervalSince1970: 1_790_000_000)
    static let programID = UUID(uuidString: "00000000-0000-4000-8000-00000000a001")!
    static let (volumeDay, recoveryDay, intensityDay) = (
        UUID(uuidString: "00000000-0000-4000-8000-00000000b001")!, UUID(uuidString: "00000000-0000-4000-8000-00000000b002")!,
        UUID(uuidString: "00000000-0000-4000-8000-00000000b003")!
    )

    static func set(_ kg: Double, rpe: Double? = 8, unit: MassUnit = .kg) -> WorkoutSet {
        WorkoutSet(id: UUID(), kind: .working, reps: 5, weight: Mass(kg, unit), rpe: rpe, done: true, updatedAt: t0)
    }

    /// A program whose weeks follow `pattern`, each week with one day per template,
    /// the day's id made from the week and the template (so every week's days differ,
    /// as the A/B presets' do).
    static func program(_ pattern: ProgressionPattern, weeks count: Int, templates: [(Weekday, UUID)]) -> TrainingProgram {
        let weeks = pattern.weeks(count, base: 1, increment: 0.025).enumerated().map { index, week in
            ProgramWeek(
                number: index + 1, phase: week.phase, modifier: week.modifier, isDeload: week.isDeload,
                days: templates.map { weekday, template in
                    ProgramDay(id: dayID(week: index + 1, template: template), weekday: weekday, templateID: template)
                })
        }
        return TrainingProgram(
            id: programID, ownerID: UUID(), name: "Test", category: .strength, difficulty: .intermediate, pattern: pattern,
            weeklyIncrement: 0.025, weeks: weeks, createdAt: t0)
    }

    static func dayID(week: Int, template: UUID) -> UUID {
        UUID(uuidString: String(format: "%08d", week) + template.uuidString.dropFirst(8))!
    }

    /// A session of the program (week, template) or, with `week` nil, outside it.
    static func session(_ kg: Double, week: Int?, template: UUID = volumeDay, daysIn: Int = 0, rpe: Double? = 8)
        -> PreviousPerformance.Session
    {
        PreviousPerformance.Session(
            startedAt: t0.addingTimeInterval(Double(daysIn) * 86_400), sets: [set(kg, rpe: rpe)],
            program: week.map { ProgramLink(programID: programID, week: $0, dayID: dayID(week: $0, template: template)) })
    }

    /// Today's suggestion on `template`'s day of week `number`, from `history`.
    static func today(
        _ program: TrainingProgram, week number: Int, template: UUID = volumeDay, history: [PreviousPerformance.Session]
    ) -> WeightSuggestion? {
        let week = program.week(number)!
        let base = WeightSuggestion.programBase(for: 0, templateID: template, program: program, history: history)
        return WeightSuggestion.suggest(
            lastSets: base?.session.sets ?? [], sessionRPE: nil, lastWeekModifier: base?.weekModifier ?? 1, templateWeight: nil,
            weekModifier: week.modifier, isDeload: week.isDeload, unit: .kg, plateStep: 2.5)
    }

    @Test("a step up is at least one plate: 40 kg at RPE 8 -> 42.5 (not 41 -> 40); 100 lb -> 105 lb")
    func lightLiftsGoUp() {
        let kg = WeightSuggestion.suggest(
            lastSets: [Self.set(40)], sessionRPE: nil, templateWeight: nil, weekModifier: 1, unit: .kg, plateStep: 2.5)
        #expect(
            kg == WeightSuggestion(weight: Mass(42.5, .kg), reason: "Last time 40 kg at RPE 8 · +2.5%, at least 2.5 kg = 42.5 kg")
        )
        // 100 x 1.025 = 102.4999... in binary: it rounded down to 100 before.
        let lb = WeightSuggestion.suggest(
            lastSets: [Self.set(100, unit: .lb)], sessionRPE: nil, templateWeight: nil, weekModifier: 1, unit: .lb, plateStep: 5)
        #expect(lb?.weight == Mass(105, .lb))
        // A heavy lift's step is its percentage: 200 x 1.025 = 205, already more than one plate.
        let heavy = WeightSuggestion.suggest(
            lastSets: [Self.set(200)], sessionRPE: nil, templateWeight: nil, weekModifier: 1, unit: .kg, plateStep: 2.5)
        #expect(heavy?.reason == "Last time 200 kg at RPE 8 · +2.5% = 205 kg")
        // Holding (no RPE) and stepping down stay as they were.
        let held = WeightSuggestion.suggest(
            lastSets: [Self.set(40, rpe: nil)], sessionRPE: nil, templateWeight: nil, weekModifier: 1, unit: .kg, plateStep: 2.5)
        #expect(held?.weight == Mass(40, .kg))
        let down = WeightSuggestion.suggest(
            lastSets: [Self.set(40, rpe: 9)], sessionRPE: nil, templateWeight: nil, weekModifier: 1, unit: .kg, plateStep: 2.5)
        #expect(down?.weight == Mass(40, .kg), "40 x 0.975 = 39 -> 40 on a 2.5 kg step")
    }

    @Test("the week is relative to the base's week: 107.5 in week x1.05, now x1.075 -> 112.5")
    func relativeWeek() {
        // 107.5 x 1.025 = 110.1875; x (1.075 / 1.05 = 1.02381) = 112.81 -> 112.5.
        let suggestion = WeightSuggestion.suggest(
            lastSets: [Self.set(107.5)], sessionRPE: nil, lastWeekModifier: 1.05, templateWeight: nil, weekModifier: 1.075,
            unit: .kg, plateStep: 2.5)
        #expect(
            suggestion
                == WeightSuggestion(
                    weight: Mass(112.5, .kg), reason: "Last time 107.5 kg at RPE 8 · +2.5% · week ×1.075 after ×1.05 = 112.5 kg"))
    }

    @Test("a deload week leaves the RPE step out: 110 kg in week x1.05, deload x0.9 -> 95 kg")
    func deloadWeek() {
        // 110 x 0.9 / 1.05 = 94.29 -> 95 (37.7 steps -> 38).
        let suggestion = WeightSuggestion.suggest(
            lastSets: [Self.set(110, rpe: 6)], sessionRPE: nil, lastWeekModifier: 1.05, templateWeight: nil, weekModifier: 0.9,
            isDeload: true, unit: .kg, plateStep: 2.5)
        #expect(
            suggestion
                == WeightSuggestion(
                    weight: Mass(95, .kg), reason: "Last time 110 kg at RPE 6 · deload week ×0.9 after ×1.05 = 95 kg"))
    }

    @Test("the base is the same program day: Texas Method's Wednesday follows Wednesday, not Monday or Friday")
    func sameProgramDay() {
        let program = Self.program(
            .constant, weeks: 4,
            templates: [(.monday, Self.volumeDay), (.wednesday, Self.recoveryDay), (.friday, Self.intensityDay)])
        let week1 = [
            Self.session(100, week: 1, template: Self.volumeDay, daysIn: 0),
            Self.session(80, week: 1, template: Self.recoveryDay, daysIn: 2),
            Self.session(112.5, week: 1, template: Self.intensityDay, daysIn: 4),
        ]
        // Before: Wednesday from Friday's 112.5 (117.5), Friday from Wednesday's 80 (82.5).
        #expect(Self.today(program, week: 2, template: Self.volumeDay, history: week1)?.weight == Mass(102.5, .kg))
        #expect(Self.today(program, week: 2, template: Self.recoveryDay, history: week1)?.weight == Mass(82.5, .kg))
        #expect(Self.today(program, week: 2, template: Self.intensityDay, history: week1)?.weight == Mass(115, .kg))
        // A session outside the program (before it began) is the base only until the day has its own.
        let before = [Self.session(90, week: nil, daysIn: -3)]
        #expect(Self.today(program, week: 1, template: Self.recoveryDay, history: before)?.weight == Mass(92.5, .kg))
        #expect(
            Self.today(program, week: 2, template: Self.recoveryDay, history: before + week1)?.weight == Mass(82.5, .kg))
    }

    @Test("12 weeks of a linear program, every suggestion taken at RPE 8: +2.5% and the week's own increment, never compounding")
    func linearTwelveWeeks() {
        let program = Self.program(.linear, weeks: 12, templates: [(.monday, Self.volumeDay)])
        // Week n: last week's weight x 1.025 x (1 + 0.025(n-1)) / (1 + 0.025(n-2)), to 2.5 kg.
        // Week 1 from 100 kg outside the program (x1.0): 102.5. Week 2: 102.5 x 1.025 x 1.025 = 107.69 -> 107.5.
        // Week 3: 107.5 x 1.025 x 1.05/1.025 = 112.88 -> 112.5. Week 8: 132.5 x 1.025 x 1.175/1.15 = 138.77 -> 140.
        let expected: [Double] = [102.5, 107.5, 112.5, 117.5, 122.5, 127.5, 132.5, 140, 147.5, 155, 162.5, 170]
        var history = [Self.session(100, week: nil, daysIn: -7)]
        var weights: [Double] = []
        for week in 1...12 {
            let weight = Self.today(program, week: week, history: history)!.weight.value
            weights.append(weight)
            history.append(Self.session(weight, week: week, daysIn: 7 * (week - 1)))
        }
        #expect(weights == expected)
        // The old rule multiplied the absolute modifier into a weight that already held
        // last week's: week 12 alone was x1.275 on top of the RPE step.
        for (before, after) in zip([100] + weights, weights) {
            #expect(after / before <= 1.10, "no session jumps more than 10%: \(before) -> \(after)")
            #expect(after > before, "every completed session moves up: \(before) -> \(after)")
        }
    }

    @Test("3 weeks up, 1 deload: the deload lowers from week 3, and week 5 continues from week 3, not from the deload")
    func deloadCycle() {
        let program = Self.program(.threeUpOneDeload, weeks: 8, templates: [(.monday, Self.volumeDay)])
        #expect(program.weeks.prefix(7).map(\.modifier) == [1, 1.025, 1.05, 0.9, 1.025, 1.05, 1.075])
        // Week 4 (deload x0.9): 112.5 x 0.9 / 1.05 = 96.43 -> 97.5.
        // Week 5 (x1.025) from week 3's 112.5 at x1.05: 112.5 x 1.025 x 1.025/1.05 = 112.57 -> 112.5,
        // which is one plate over the unstepped 112.5 x 1.025/1.05 = 109.82 -> 110.
        // Week 6: 112.5 x 1.025 x 1.05/1.025 = 118.13 -> 117.5. Week 7: 117.5 x 1.025 x 1.075/1.05 = 123.3 -> 122.5.
        let expected: [Double] = [102.5, 107.5, 112.5, 97.5, 112.5, 117.5, 122.5]
        var history = [Self.session(100, week: nil, daysIn: -7)]
        var weights: [Double] = []
        for week in 1...7 {
            let weight = Self.today(program, week: week, history: history)!.weight.value
            weights.append(weight)
            history.append(Self.session(weight, week: week, daysIn: 7 * (week - 1)))
        }
        #expect(weights == expected)
    }
}
