import Foundation
import SpotterCore
import SpotterTestSupport
import Testing

/// A guided template's timeline: exercises and break cards in one order, what the
/// player plays of it, how long it takes, and the break cards a client may send.
@Suite("Template timeline: break cards, the player's items, estimated length, and breaks in a draft")
struct TemplateTimelineTests {
    static func newID(_ n: Int) -> UUID { .numbered(n) }
    static func existing(_ n: Int) -> UUID { .numbered(n, prefix: "E0") }

    // Catalog exercises.
    static let squat = existing(1), plank = existing(2), lunge = existing(3)
    // Rows of the stored template.
    static let squatRow = existing(11), plankRow = existing(12), lungeRow = existing(13)
    // Break cards of the stored template.
    static let firstBreak = existing(21), secondBreak = existing(22)

    static let created = Date(timeIntervalSince1970: 1_700_000_000)

    /// Squat 3 x 5 with 90 s rest; Plank 2 x 30 s with no rest of its own; Lunge 4 x 8-12 with 60 s rest.
    static let rows = [
        TemplateExercise(id: squatRow, exerciseID: squat, setCount: 3, reps: RepRange(5, 5), restSeconds: 90),
        TemplateExercise(id: plankRow, exerciseID: plank, setCount: 2, restSeconds: nil, targetDurationSeconds: 30),
        TemplateExercise(id: lungeRow, exerciseID: lunge, setCount: 4, restSeconds: 60),
    ]

    static func template(
        _ breaks: [TemplateBreak], exercises: [TemplateExercise] = rows, guided: Bool = false, owner: UUID? = existing(200)
    )
        -> WorkoutTemplate
    {
        WorkoutTemplate(
            id: existing(100), ownerID: owner, name: "Legs and Core", category: .strength, exercises: exercises, breaks: breaks,
            guided: guided, createdAt: created)
    }

    /// The timeline as "S", "P", "L" for the exercises and "B45" for a 45 s break.
    static func cards(_ template: WorkoutTemplate) -> [String] {
        template.timeline.map { item in
            switch item {
            case .exercise(let row): row.id == squatRow ? "S" : row.id == plankRow ? "P" : row.id == lungeRow ? "L" : "?"
            case .pause(let pause): "B\(pause.seconds)"
            }
        }
    }

    /// Squat, a 45 s break, Plank, a 30 s break, Lunge.
    static let legsAndCore = template([
        TemplateBreak(id: firstBreak, position: 1, seconds: 45), TemplateBreak(id: secondBreak, position: 3, seconds: 30),
    ])

    // MARK: The timeline

    @Test("Each break stands at its position; the exercises fill the places between in their order")
    func breaksBetween() {
        #expect(Self.cards(Self.legsAndCore) == ["S", "B45", "P", "B30", "L"])
        #expect(Self.cards(Self.template([])) == ["S", "P", "L"], "no breaks: the exercises alone")
        #expect(
            Self.cards(Self.template([TemplateBreak(id: Self.firstBreak, position: 2, seconds: 20)])) == ["S", "P", "B20", "L"])
    }

    @Test("A break at 0 comes first; a break at the last place comes after the last exercise")
    func breaksAtTheEnds() {
        let ends = Self.template([
            TemplateBreak(id: Self.firstBreak, position: 0, seconds: 10),
            TemplateBreak(id: Self.secondBreak, position: 4, seconds: 90),
        ])
        #expect(Self.cards(ends) == ["B10", "S", "P", "L", "B90"])
        #expect(ends.breaks.map(\.position) == [0, 4])
    }

    @Test("Positions past the end of the timeline go to its end, in order, numbered again")
    func beyondTheEnd() {
        let far = Self.template([
            TemplateBreak(id: Self.secondBreak, position: 20, seconds: 30),
            TemplateBreak(id: Self.firstBreak, position: 10, seconds: 45),
        ])
        #expect(
            far.breaks == [
                TemplateBreak(id: Self.firstBreak, position: 3, seconds: 45),
                TemplateBreak(id: Self.secondBreak, position: 4, seconds: 30),
            ])
        #expect(Self.cards(far) == ["S", "P", "L", "B45", "B30"])

        let noExercises = Self.template([TemplateBreak(id: Self.firstBreak, position: 7, seconds: 45)], exercises: [])
        #expect(noExercises.breaks.map(\.position) == [0])
        #expect(Self.cards(noExercises) == ["B45"])
    }

    @Test("Two breaks asking for one place: the one sorted first keeps it, the other moves to the next place")
    func sharedPlace() {
        let shared = Self.template([
            TemplateBreak(id: Self.secondBreak, position: 1, seconds: 30),
            TemplateBreak(id: Self.firstBreak, position: 1, seconds: 45),
        ])
        // Equal positions are ordered by id: E0...21 before E0...22.
        #expect(
            shared.breaks == [
                TemplateBreak(id: Self.firstBreak, position: 1, seconds: 45),
                TemplateBreak(id: Self.secondBreak, position: 2, seconds: 30),
            ])
        #expect(Self.cards(shared) == ["S", "B45", "B30", "P", "L"])
    }

    // MARK: What the player plays

    @Test("The player's items: sets, seconds of a timed set, the row's rest or the lifter's default, the breaks' seconds")
    func playerItems() {
        #expect(
            Self.legsAndCore.playerItems(defaultRestSeconds: 75) == [
                .exercise(sets: 3, seconds: nil, restSeconds: 90), .pause(seconds: 45),
                .exercise(sets: 2, seconds: 30, restSeconds: 75),
                .pause(seconds: 30), .exercise(sets: 4, seconds: nil, restSeconds: 60),
            ])
        #expect(Self.legsAndCore.playerItems(defaultRestSeconds: 0)[2] == .exercise(sets: 2, seconds: 30, restSeconds: 0))
    }

    @Test("Estimated play time, checked by hand: 45 s a reps set, the timed seconds, the rests between sets, the breaks")
    func estimatedPlaySeconds() {
        // Squat 3 x 45 + 2 x 90 = 315; break 45; Plank 2 x 30 + 1 x 75 = 135; break 30; Lunge 4 x 45 + 3 x 60 = 360.
        #expect(Self.legsAndCore.estimatedPlaySeconds(defaultRestSeconds: 75) == 315 + 45 + 135 + 30 + 360)
        #expect(
            Self.legsAndCore.estimatedPlaySeconds(defaultRestSeconds: 120) == 315 + 45 + 180 + 30 + 360,
            "the plank rests 120 s once")
        #expect(Self.template([]).estimatedPlaySeconds(defaultRestSeconds: 75) == 315 + 135 + 360, "no breaks")
        #expect(Self.template([], exercises: []).estimatedPlaySeconds(defaultRestSeconds: 75) == 0)
    }

    @Test("The Guided chip lists a template built in the timeline view or one with a break card")
    func isGuided() {
        #expect(Self.template([]).isGuided == false)
        #expect(Self.template([], guided: true).isGuided)
        #expect(Self.legsAndCore.isGuided, "a break makes it guided even unmarked")
    }

    // MARK: The plan of a started workout

    @Test("A plan maps each exercise card to the workout entry made for it and its sets, in order; breaks have none")
    func planEntries() {
        let entries = [Self.newID(1), Self.newID(2), Self.newID(3)]
        let sets = [[Self.newID(11), Self.newID(12)], [Self.newID(21)], [Self.newID(31), Self.newID(32), Self.newID(33)]]
        let plan = GuidedPlan(
            template: Self.legsAndCore, entries: Array(zip(entries, sets)).map { ($0, $1) }, defaultRestSeconds: 75)
        #expect(plan.templateID == Self.existing(100))
        #expect(plan.items == Self.legsAndCore.playerItems(defaultRestSeconds: 75))
        #expect(plan.entryIDs == [Self.newID(1), nil, Self.newID(2), nil, Self.newID(3)])
        #expect(plan.setIDs == [sets[0], [], sets[1], [], sets[2]])
        #expect(plan.setID(item: 4, set: 2) == Self.newID(33))
        #expect(plan.setID(item: 1, set: 0) == nil, "a break has no sets")
        #expect(plan.setID(item: 0, set: 2) == nil, "past the planned sets")

        let preset = GuidedPlan(
            template: Self.template([], owner: nil), entries: entries.map { ($0, []) }, defaultRestSeconds: 75)
        #expect(preset.templateID == nil, "a preset is no template of the lifter's")
        #expect(preset.entryIDs == entries)
    }

    @Test("Exercise numbers: 'Exercise 2 of 3' on the plank; a break shows the number of the exercise before it")
    func exerciseNumbers() {
        let plan = GuidedPlan(
            template: Self.legsAndCore, entries: [Self.newID(1), Self.newID(2), Self.newID(3)].map { ($0, []) },
            defaultRestSeconds: 75)
        #expect((0..<5).map { plan.exerciseNumber(of: $0).number } == [1, 1, 2, 2, 3])
        #expect((0..<5).allSatisfy { plan.exerciseNumber(of: $0).count == 3 })
        #expect(plan.exerciseNumber(of: 9).number == 3, "past the end: the last")

        let leading = GuidedPlan(
            template: Self.template([TemplateBreak(id: Self.firstBreak, position: 0, seconds: 10)]),
            entries: [Self.newID(1), Self.newID(2), Self.newID(3)].map { ($0, []) },
            defaultRestSeconds: 75)
        #expect(leading.exerciseNumber(of: 0).number == 1, "a break before the first exercise: 'Exercise 1 of 3', never 0")
        #expect(leading.exerciseNumber(of: 1).number == 1)
    }

    // MARK: Breaks in a draft

    /// The stored template's rows as a draft sends them back (their ids kept).
    static let draftRows = rows.map(TemplateDraft.ExerciseDraft.init)

    static func apply(
        _ breaks: [TemplateDraft.BreakDraft]?, rows: [TemplateDraft.ExerciseDraft] = draftRows, guided: Bool? = nil,
        to base: WorkoutTemplate = legsAndCore
    )
        throws(ValidationFailure) -> WorkoutTemplate
    {
        var next = 0
        return try TemplateDraft(name: "Legs and Core", exercises: rows, breaks: breaks, guided: guided).applied(
            to: base, unit: .kg
        ) {
            next += 1
            return newID(next)
        }
    }

    static func issue(_ index: Int, _ field: String, _ message: String) -> FieldIssue {
        FieldIssue(field: "breaks[\(index)].\(field)", message: "Break \(index + 1): \(message)")
    }

    struct BadBreaks: Sendable, CustomTestStringConvertible {
        let what: String
        let breaks: [TemplateDraft.BreakDraft]
        let issues: [FieldIssue]
        var testDescription: String { what }
    }

    static let tooShort = "a break lasts at least 5 seconds. Remove it instead of making it shorter."

    static let badBreaks: [BadBreaks] = [
        BadBreaks(what: "0 s", breaks: [.init(position: 1, seconds: 0)], issues: [issue(0, "seconds", tooShort)]),
        BadBreaks(what: "4 s", breaks: [.init(position: 1, seconds: 4)], issues: [issue(0, "seconds", tooShort)]),
        BadBreaks(what: "-30 s", breaks: [.init(position: 1, seconds: -30)], issues: [issue(0, "seconds", tooShort)]),
        BadBreaks(
            what: "3601 s", breaks: [.init(position: 1, seconds: 3_601)],
            issues: [issue(0, "seconds", "a break lasts at most 60 minutes.")]),
        BadBreaks(
            what: "no position", breaks: [.init(position: nil, seconds: 30)],
            issues: [issue(0, "position", "say where in the timeline it goes (0 is first).")]),
        // Three exercises and one break: four places, 0 to 3.
        BadBreaks(
            what: "position 4 of 4 places", breaks: [.init(position: 4, seconds: 30)],
            issues: [issue(0, "position", "the timeline has 4 places, so the position must be from 0 to 3.")]),
        BadBreaks(
            what: "position -1", breaks: [.init(position: -1, seconds: 30)],
            issues: [issue(0, "position", "the timeline has 4 places, so the position must be from 0 to 3.")]),
        BadBreaks(
            what: "two at position 2", breaks: [.init(position: 2, seconds: 30), .init(position: 2, seconds: 45)],
            issues: [issue(1, "position", "another break is already at position 2.")]),
        BadBreaks(
            what: "every problem at once, by break",
            breaks: [.init(position: nil, seconds: 0), .init(position: 1, seconds: 30), .init(position: 9, seconds: 4_000)],
            issues: [
                issue(0, "seconds", tooShort), issue(0, "position", "say where in the timeline it goes (0 is first)."),
                issue(2, "seconds", "a break lasts at most 60 minutes."),
                issue(2, "position", "the timeline has 6 places, so the position must be from 0 to 5."),
            ]),
        BadBreaks(
            what: "51 breaks", breaks: (0..<51).map { .init(position: $0, seconds: 30) },
            issues: [FieldIssue(field: "breaks", message: "A template holds at most 50 breaks.")]),
    ]

    @Test("Every bad break is refused with its field and message", arguments: badBreaks)
    func badBreak(_ bad: BadBreaks) {
        #expect(throws: ValidationFailure(bad.issues)) { try Self.apply(bad.breaks) }
    }

    @Test("A bad break and a bad exercise row are reported together")
    func withExerciseIssue() {
        var rows = Self.draftRows
        rows[0].setCount = 0
        #expect(
            throws: ValidationFailure([
                FieldIssue(field: "exercises[0].setCount", message: "Exercise 1: sets must be from 1 to 20."),
                Self.issue(0, "seconds", Self.tooShort),
            ])
        ) { try Self.apply([.init(position: 1, seconds: 0)], rows: rows) }
    }

    @Test("The limits themselves are allowed: 5 s, an hour, 50 breaks; a break without seconds lasts 60 s")
    func limitsAllowed() throws {
        // Three exercises and three breaks: six places, 0 to 5.
        let short = try Self.apply([
            .init(position: 0, seconds: 5), .init(position: 5, seconds: 3_600), .init(position: 2, seconds: nil),
        ])
        #expect(
            short.breaks == [
                TemplateBreak(id: Self.newID(1), position: 0, seconds: 5),
                TemplateBreak(id: Self.newID(3), position: 2, seconds: 60),
                TemplateBreak(id: Self.newID(2), position: 5, seconds: 3_600),
            ])
        #expect(Self.cards(short) == ["B5", "S", "B60", "P", "L", "B3600"])

        let fifty = try Self.apply((0..<50).map { .init(position: $0, seconds: 30) })
        #expect(fifty.breaks.count == 50)
        #expect(fifty.timeline.count == 53)
        #expect(Self.cards(fifty).suffix(3) == ["S", "P", "L"], "50 breaks first, then the exercises")
    }

    @Test("Breaks the template has keep their id (moved or changed); unknown or repeated ids get new ones")
    func idsKept() throws {
        let result = try Self.apply([
            .init(id: Self.secondBreak, position: 0, seconds: 20), .init(id: Self.existing(99), position: 2, seconds: 40),
            .init(id: Self.secondBreak, position: 4, seconds: 50), .init(id: Self.firstBreak, position: 5, seconds: 45),
        ])
        #expect(
            result.breaks == [
                TemplateBreak(id: Self.secondBreak, position: 0, seconds: 20),
                TemplateBreak(id: Self.newID(1), position: 2, seconds: 40),
                TemplateBreak(id: Self.newID(2), position: 4, seconds: 50),
                TemplateBreak(id: Self.firstBreak, position: 5, seconds: 45),
            ])
        #expect(Self.cards(result) == ["B20", "S", "B40", "P", "B50", "B45", "L"])
    }

    @Test(
        "An empty list removes every break; breaks left out keep the template's, moved to the end when the timeline got shorter")
    func keptOrRemoved() throws {
        let removed = try Self.apply([])
        #expect(removed.breaks == [])
        #expect(Self.cards(removed) == ["S", "P", "L"])

        let kept = try Self.apply(nil)
        #expect(kept.breaks == Self.legsAndCore.breaks)
        #expect(Self.cards(kept) == ["S", "B45", "P", "B30", "L"])

        // Only the squat left: the break at 1 stays after it; the one at 3 is moved to place 2.
        let shorter = try Self.apply(nil, rows: [Self.draftRows[0]])
        #expect(
            shorter.breaks == [
                TemplateBreak(id: Self.firstBreak, position: 1, seconds: 45),
                TemplateBreak(id: Self.secondBreak, position: 2, seconds: 30),
            ])
        #expect(Self.cards(shorter) == ["S", "B45", "B30"])
    }

    @Test("The guided mark: sent true or false it is stored; left out it keeps the template's")
    func guidedMark() throws {
        let marked = Self.template([], guided: true)
        #expect(try Self.apply(nil, to: marked).guided)
        #expect(try Self.apply(nil, guided: false, to: marked).guided == false)
        #expect(try Self.apply(nil, guided: true, to: Self.template([])).guided)
        #expect(try Self.apply(nil, to: Self.template([])).guided == false)
    }

    @Test("A draft made from a template sends its breaks back unchanged")
    func roundTrip() throws {
        let draft = TemplateDraft(Self.legsAndCore)
        #expect(
            draft.breaks == [
                .init(id: Self.firstBreak, position: 1, seconds: 45), .init(id: Self.secondBreak, position: 3, seconds: 30),
            ])
        #expect(draft.guided == false)
        let again = try draft.applied(to: Self.legsAndCore, unit: .kg, newID: { Self.newID(1) })
        #expect(again.breaks == Self.legsAndCore.breaks)
        #expect(Self.cards(again) == ["S", "B45", "P", "B30", "L"])
    }
}
