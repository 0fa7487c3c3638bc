import Foundation
import SpotterCore
import Testing

@Suite("WarmUpRamp: warm-up sets to a working weight")
struct WarmUpRampTests {
    static let kg: [Double] = [25, 20, 15, 10, 5, 2.5, 1.25]
    typealias Step = WarmUpRamp.Step

    func ramp(_ working: Double, bar: Double = 20, plates: [Double] = kg) -> [Step] {
        WarmUpRamp.steps(working: working, bar: bar, plates: plates)
    }

    @Test("100 kg: the bar x 10, 40 x 5, 60 x 3, 80 x 2, all loadable as they are")
    func hundred() {
        #expect(
            ramp(100) == [
                Step(weight: 20, reps: 10), Step(weight: 40, reps: 5), Step(weight: 60, reps: 3), Step(weight: 80, reps: 2),
            ])
    }

    @Test("140 kg: 56, 84 and 112 round down to 55, 82.5 and 110")
    func roundedDown() {
        #expect(
            ramp(140) == [
                Step(weight: 20, reps: 10), Step(weight: 55, reps: 5), Step(weight: 82.5, reps: 3), Step(weight: 110, reps: 2),
            ])
    }

    @Test("45 kg: 40 % (18) is under the bar and left out; 27 and 36 round down to 25 and 35")
    func underTheBar() {
        #expect(ramp(45) == [Step(weight: 20, reps: 10), Step(weight: 25, reps: 3), Step(weight: 35, reps: 2)])
        // 40 kg is twice the bar: 16 is left out, 24 and 32 round down to 22.5 and 30.
        #expect(ramp(40) == [Step(weight: 20, reps: 10), Step(weight: 22.5, reps: 3), Step(weight: 30, reps: 2)])
    }

    @Test("Under twice the bar only the bar set; at or under the bar nothing")
    func light() {
        #expect(ramp(30) == [Step(weight: 20, reps: 10)])
        #expect(ramp(39.5) == [Step(weight: 20, reps: 10)])
        #expect(ramp(20) == [])
        #expect(ramp(15) == [])
    }

    @Test("Steps that round to the bar or to the step before are left out: 20 kg plates only, 100 kg")
    func duplicates() {
        // 40 -> 20 (the bar), 60 -> 60, 80 -> 60 again.
        #expect(ramp(100, plates: [20]) == [Step(weight: 20, reps: 10), Step(weight: 60, reps: 3)])
    }

    @Test("Pounds: 225 on a 45 lb bar is 45 x 10, 90 x 5, 135 x 3, 180 x 2; 315 rounds 126, 189, 252 down")
    func pounds() {
        let lb: [Double] = [45, 35, 25, 10, 5, 2.5]
        #expect(
            ramp(225, bar: 45, plates: lb) == [
                Step(weight: 45, reps: 10), Step(weight: 90, reps: 5), Step(weight: 135, reps: 3), Step(weight: 180, reps: 2),
            ])
        #expect(
            ramp(315, bar: 45, plates: lb) == [
                Step(weight: 45, reps: 10), Step(weight: 125, reps: 5), Step(weight: 185, reps: 3), Step(weight: 250, reps: 2),
            ])
    }

    @Test("No bar (dumbbells): no bar set, shares round down to the step: 30 kg is 10, 17.5, 22.5")
    func noBar() {
        #expect(
            ramp(30, bar: 0, plates: [1.25]) == [
                Step(weight: 10, reps: 5), Step(weight: 17.5, reps: 3), Step(weight: 22.5, reps: 2),
            ])
    }

    // MARK: The plan for an entry

    static let day = Date(timeIntervalSince1970: 1_700_000_000)

    func entry(_ sets: [WorkoutSet]) -> ExerciseEntry {
        ExerciseEntry(id: UUID(), exerciseID: UUID(), sets: sets)
    }

    func set(_ kind: SetKind = .working, _ weight: Mass?) -> WorkoutSet {
        WorkoutSet(id: UUID(), kind: kind, reps: 5, weight: weight, updatedAt: Self.day)
    }

    @Test("A barbell entry ramps to its first working set, which is where the warm-ups go")
    func plan() throws {
        let planned = try WarmUpRamp.plan(
            for: entry([set(.working, Mass(100, .kg)), set(.working, Mass(110, .kg))]), equipment: .barbell,
            settings: UserSettings())
        #expect(planned.position == 0)
        #expect(planned.steps.map(\.weight) == [20, 40, 60, 80])
        // A drop set first is a working weight too (only warm-ups are skipped).
        let drop = try WarmUpRamp.plan(for: entry([set(.drop, Mass(100, .kg))]), equipment: .barbell, settings: UserSettings())
        #expect(drop.position == 0)
    }

    @Test("A working weight in the other unit ramps in the lifter's: 225 lb is 102.06 kg, so 40, 60, 80 kg")
    func otherUnit() throws {
        let planned = try WarmUpRamp.plan(
            for: entry([set(.working, Mass(225, .lb))]), equipment: .barbell, settings: UserSettings())
        #expect(planned.steps.map(\.weight) == [20, 40, 60, 80])
    }

    @Test(
        "The lifter's bar and plates count: a 15 kg bar and 10 kg plates only, 60 kg: 24 rounds to the bar, 36 and 48 both to 35")
    func ownBar() throws {
        var settings = UserSettings()
        settings.barWeight = 15
        settings.plates = [10]
        let planned = try WarmUpRamp.plan(for: entry([set(.working, Mass(60, .kg))]), equipment: .barbell, settings: settings)
        // 24 -> 15 (the bar, left out), 36 -> 35, 48 -> 35 again (left out).
        #expect(planned.steps == [Step(weight: 15, reps: 10), Step(weight: 35, reps: 3)])
    }

    @Test("Anything but a barbell rounds down to the lifter's step, with no bar set")
    func dumbbells() throws {
        let planned = try WarmUpRamp.plan(
            for: entry([set(.working, Mass(30, .kg))]), equipment: .dumbbell, settings: UserSettings())
        #expect(planned.steps == [Step(weight: 10, reps: 5), Step(weight: 17.5, reps: 3), Step(weight: 22.5, reps: 2)])
    }

    @Test(
        "What stops a plan, with the field and words the lifter sees",
        arguments: [
            ([] as [WorkoutSet], "weight", "Enter the working weight first."),
            ([WorkoutSet(id: UUID(), reps: 5, updatedAt: day)], "weight", "Enter the working weight first."),
            (
                [WorkoutSet(id: UUID(), reps: 5, weight: Mass(0, .kg), updatedAt: day)], "weight",
                "Enter the working weight first."
            ),
            (
                [WorkoutSet(id: UUID(), reps: 5, weight: Mass(20, .kg), updatedAt: day)], "weight",
                "The working weight is no more than the bar: there is nothing to warm up to."
            ),
            (
                [
                    WorkoutSet(id: UUID(), kind: .warmup, reps: 10, weight: Mass(20, .kg), updatedAt: day),
                    WorkoutSet(id: UUID(), reps: 5, weight: Mass(100, .kg), updatedAt: day),
                ], "entry",
                "This exercise has warm-up sets already. Delete them to make new ones."
            ),
        ])
    func refused(sets: [WorkoutSet], field: String, message: String) {
        #expect(throws: ValidationFailure(field: field, message: message)) {
            try WarmUpRamp.plan(for: entry(sets), equipment: .barbell, settings: UserSettings())
        }
    }
}
