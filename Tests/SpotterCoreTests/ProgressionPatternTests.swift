import Foundation
import SpotterCore
import Testing

@Suite("Progression patterns: a modifier per week, deloads and phases marked")
struct ProgressionPatternTests {
    static func modifiers(_ pattern: ProgressionPattern, _ count: Int, base: Double = 1, increment: Double = 0.025) -> [Double] {
        pattern.weeks(count, base: base, increment: increment).map(\.modifier)
    }

    @Test("constant: every week at the base")
    func constant() {
        #expect(Self.modifiers(.constant, 3, base: 0.95) == [0.95, 0.95, 0.95])
    }

    @Test("linear: one increment a week; the 52nd week of 1.0 + 0.025 a week is 2.275")
    func linear() {
        #expect(Self.modifiers(.linear, 4) == [1, 1.025, 1.05, 1.075])
        // 1 + 51 x 0.025 = 2.275.
        #expect(Self.modifiers(.linear, 52).last == 2.275)
        #expect(Self.modifiers(.linear, 52).count == 52)
    }

    @Test("wave: low, medium, high, each wave one increment above the last")
    func wave() {
        #expect(Self.modifiers(.wave, 7) == [1, 1.025, 1.05, 1.025, 1.05, 1.075, 1.05])
        #expect(ProgressionPattern.wave.weeks(7, base: 1, increment: 0.025).allSatisfy { !$0.isDeload })
    }

    @Test("3 up, 1 deload: weeks 4 and 8 are deloads at 90% of their cycle's first week")
    func threeUpOneDeload() {
        let weeks = ProgressionPattern.threeUpOneDeload.weeks(8, base: 1, increment: 0.05)
        // Cycle 1 starts at 1.0, cycle 2 at 1.05; 0.9 x 1.05 = 0.945.
        #expect(weeks.map(\.modifier) == [1, 1.05, 1.1, 0.9, 1.05, 1.1, 1.15, 0.945])
        #expect(weeks.map(\.isDeload) == [false, false, false, true, false, false, false, true])
        #expect(weeks[3].phase == .deload)
        #expect(weeks[0].phase == nil)
    }

    @Test("block over 12 weeks: 4 of hypertrophy, strength, peaking; each block two increments above the last week before it")
    func block() {
        let weeks = ProgressionPattern.block.weeks(12, base: 1, increment: 0.025)
        // Hypertrophy 1.0 .. 1.075; strength starts at 1.075 + 0.05 = 1.125; peaking at 1.2 + 0.05 = 1.25.
        #expect(weeks.map(\.modifier) == [1, 1.025, 1.05, 1.075, 1.125, 1.15, 1.175, 1.2, 1.25, 1.275, 1.3, 1.325])
        #expect(
            weeks.map(\.phase) == Array(repeating: .hypertrophy, count: 4) + Array(repeating: .strength, count: 4)
                + Array(repeating: .peaking, count: 4))
    }

    @Test("block over 7 weeks gives 3, 2 and 2; over 2 weeks, hypertrophy then strength")
    func blockSizes() {
        let seven = ProgressionPattern.block.weeks(7, base: 1, increment: 0.025).map(\.phase)
        #expect(seven == [.hypertrophy, .hypertrophy, .hypertrophy, .strength, .strength, .peaking, .peaking])
        // 1.0, then 1.0 + 0.05.
        #expect(Self.modifiers(.block, 2) == [1, 1.05])
        #expect(ProgressionPattern.block.weeks(2, base: 1, increment: 0.025).map(\.phase) == [.hypertrophy, .strength])
    }

    @Test(
        "a one-week program is its base week, whatever the pattern; no weeks asked, none made",
        arguments: ProgressionPattern.allCases)
    func oneWeek(pattern: ProgressionPattern) {
        let weeks = pattern.weeks(1, base: 0.9, increment: 0.05)
        #expect(weeks.count == 1)
        #expect(weeks[0].modifier == 0.9)
        #expect(!weeks[0].isDeload)
        #expect(pattern.weeks(0, base: 1, increment: 0.025).isEmpty)
    }
}

@Suite("Suggested weight: the last working weight, stepped by its RPE, times the week")
struct WeightSuggestionTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    static func set(
        _ kg: Double, kind: SetKind = .working, reps: Int = 5, rpe: Double? = nil, done: Bool = true, unit: MassUnit = .kg
    ) -> WorkoutSet {
        WorkoutSet(id: UUID(), kind: kind, reps: reps, weight: Mass(kg, unit), rpe: rpe, done: done, updatedAt: date)
    }

    static func suggest(
        _ sets: [WorkoutSet], session: Int? = nil, template: Mass? = nil, week: Double = 1, unit: MassUnit = .kg,
        step: Double = 2.5
    ) -> WeightSuggestion? {
        WeightSuggestion.suggest(
            lastSets: sets, sessionRPE: session, templateWeight: template, weekModifier: week, unit: unit, plateStep: step)
    }

    @Test(
        "each RPE band and its edges: below 7 +5%, 7 to 8.5 +2.5%, 9 and up -2.5%",
        arguments: [
            (6.0, 105.0), (6.5, 105.0), (7.0, 102.5), (8.0, 102.5), (8.5, 102.5), (9.0, 97.5), (10.0, 97.5),
        ])
    func bands(rpe: Double, expected: Double) {
        // 100 x 1.05 = 105; 100 x 1.025 = 102.5; 100 x 0.975 = 97.5; all on the 2.5 kg step.
        #expect(Self.suggest([Self.set(100, rpe: rpe)])?.weight == Mass(expected, .kg))
    }

    @Test("the reason names the last weight, its RPE, the step and the week")
    func reason() {
        #expect(Self.suggest([Self.set(100, rpe: 8)])?.reason == "Last time 100 kg at RPE 8 · +2.5% = 102.5 kg")
        // 100 x 0.975 x 1.05 = 102.375 -> 102.5.
        #expect(
            Self.suggest([Self.set(100, rpe: 9.5)], week: 1.05)?.reason
                == "Last time 100 kg at RPE 9.5 · -2.5% · week ×1.05 = 102.5 kg")
        #expect(Self.suggest([Self.set(100)])?.reason == "Last time 100 kg · no RPE logged · +0% = 100 kg")
    }

    @Test("no RPE on the set: the session's; neither: +0%")
    func sessionRPE() {
        #expect(Self.suggest([Self.set(100)], session: 9)?.weight == Mass(97.5, .kg))
        #expect(Self.suggest([Self.set(100, rpe: 6)], session: 9)?.weight == Mass(105, .kg), "the set's own RPE comes first")
        #expect(Self.suggest([Self.set(100)])?.weight == Mass(100, .kg))
    }

    @Test("the week's modifier multiplies, then the plate step rounds: 100 x 1.025 x 1.05 = 107.625 -> 107.5; a 0.9 deload -> 90")
    func weekModifier() {
        #expect(Self.suggest([Self.set(100, rpe: 8)], week: 1.05)?.weight == Mass(107.5, .kg))
        #expect(Self.suggest([Self.set(100)], week: 0.9)?.weight == Mass(90, .kg))
    }

    @Test("pounds: 225 lb at RPE 7 -> 230.625 -> 230 on a 5 lb step; 100 kg at RPE 6 for a pound lifter -> 231.5 lb -> 230")
    func pounds() {
        #expect(Self.suggest([Self.set(225, rpe: 7, unit: .lb)], unit: .lb, step: 5)?.weight == Mass(230, .lb))
        // 100 kg = 220.46 lb; x 1.05 = 231.49; / 5 = 46.3 -> 46 -> 230 lb.
        #expect(Self.suggest([Self.set(100, rpe: 6)], unit: .lb, step: 5)?.weight == Mass(230, .lb))
    }

    @Test("warm-ups, drop sets and sets not done are never the base; the last done working set is")
    func base() {
        let sets = [
            Self.set(60, kind: .warmup, rpe: 5), Self.set(100, rpe: 8), Self.set(110, rpe: 9, done: false),
            Self.set(80, kind: .drop, rpe: 10),
        ]
        #expect(WeightSuggestion.base(of: sets)?.weight == Mass(100, .kg))
        #expect(Self.suggest(sets)?.weight == Mass(102.5, .kg))
        #expect(
            WeightSuggestion.base(of: [Self.set(90, kind: .failure, rpe: 10)])?.weight == Mass(90, .kg),
            "a set to failure is working weight")
    }

    @Test(
        "the same lift twice in a template: each row starts from the entry at its place last time, or the last entry, in the newest workout with a base set"
    )
    func sameLiftTwice() {
        let monday = Date(timeIntervalSince1970: 1_000_000), thursday = Date(timeIntervalSince1970: 1_259_200)
        let main = PreviousPerformance.Session(
            startedAt: thursday, sets: [Self.set(100, reps: 5), Self.set(110, reps: 3)], sessionRPE: 8)
        let volume = PreviousPerformance.Session(startedAt: thursday, sets: [Self.set(60, reps: 10)], sessionRPE: 8)
        let older = PreviousPerformance.Session(startedAt: monday, sets: [Self.set(90, reps: 5)])
        #expect(WeightSuggestion.lastSession(for: 0, in: [main, volume, older]) == main, "the main sets: 110 x 3 is the base")
        #expect(WeightSuggestion.lastSession(for: 1, in: [main, volume, older]) == volume, "the 5 x 10: 60 kg")
        #expect(WeightSuggestion.lastSession(for: 2, in: [main, volume, older]) == volume, "a third row takes the last entry")
        #expect(WeightSuggestion.lastSession(for: 0, in: [older]) == older)
        // Thursday's second entry was only warm-ups: the 5 x 10 row goes back to Monday.
        let warmups = PreviousPerformance.Session(startedAt: thursday, sets: [Self.set(40, kind: .warmup)])
        #expect(WeightSuggestion.lastSession(for: 1, in: [main, warmups, older]) == older)
        #expect(WeightSuggestion.lastSession(for: 0, in: []) == nil)
    }

    @Test("no history: the template's weight times the week (60 x 1.1 = 66 -> 65); neither: no suggestion")
    func noHistory() {
        let suggestion = Self.suggest([Self.set(40, kind: .warmup)], template: Mass(60, .kg), week: 1.1)
        #expect(suggestion?.weight == Mass(65, .kg))
        #expect(suggestion?.reason == "Template weight · week ×1.1 = 65 kg")
        #expect(Self.suggest([], template: nil) == nil)
    }
}
