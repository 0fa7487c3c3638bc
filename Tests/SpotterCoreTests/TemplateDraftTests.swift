import Foundation
import SpotterCore
import SpotterTestSupport
import Testing

@Suite("TemplateDraft.applied: checking a template a client sent before it is saved")
struct TemplateDraftTests {
    /// The ids `newID` hands out, in order: 00000000-0000-0000-0000-00000000000N.
    static func newID(_ n: Int) -> UUID { .numbered(n) }

    /// Ids of things that exist already (catalog exercises, stored template rows),
    /// in another range so they never clash with `newID`'s.
    static func existing(_ n: Int) -> UUID { .numbered(n, prefix: "E0") }

    // Catalog exercises.
    static let bench = existing(1), row = existing(2), curl = existing(3)
    // The rows of the stored "Push Day" template.
    static let benchRow = existing(11), rowRow = existing(12)

    static let created = Date(timeIntervalSince1970: 1_700_000_000)

    /// What the create flow starts from: nothing yet.
    static let blank = WorkoutTemplate(id: existing(100), ownerID: existing(200), name: "", category: .custom, createdAt: created)

    /// A stored template: Bench 5 x 5 @ 60 kg, Row 3 x 8-12.
    static let pushDay = WorkoutTemplate(
        id: existing(100), ownerID: existing(200), name: "Push Day", category: .strength, notes: "Heavy day",
        exercises: [
            TemplateExercise(id: benchRow, exerciseID: bench, setCount: 5, reps: RepRange(5, 5), targetWeight: Mass(60, .kg)),
            TemplateExercise(id: rowRow, exerciseID: row),
        ],
        createdAt: created)

    /// Applies `draft` with a counter for new ids (1, 2, 3, ...).
    static func apply(_ draft: TemplateDraft, to base: WorkoutTemplate = blank, unit: MassUnit = .kg) throws(ValidationFailure)
        -> WorkoutTemplate
    {
        var next = 0
        return try draft.applied(to: base, unit: unit) {
            next += 1
            return newID(next)
        }
    }

    /// A draft with a name and the given rows.
    static func draft(_ rows: TemplateDraft.ExerciseDraft...) -> TemplateDraft {
        TemplateDraft(name: "Push Day", exercises: rows)
    }

    static func row(_ position: Int, _ field: String, _ message: String) -> FieldIssue {
        FieldIssue(field: "exercises[\(position)].\(field)", message: "Exercise \(position + 1): \(message)")
    }

    // MARK: Defaults

    @Test("A row with only an exercise becomes 3 x 8-12 with the lifter's rest (none of its own)")
    func defaults() throws {
        let result = try Self.apply(Self.draft(.init(exerciseID: Self.bench)))
        #expect(
            result.exercises == [
                TemplateExercise(
                    id: Self.newID(1), exerciseID: Self.bench, setCount: 3, reps: RepRange(8, 12), targetWeight: nil,
                    targetRPE: nil,
                    restSeconds: nil, targetDurationSeconds: nil, notes: "")
            ])
    }

    @Test(
        "Only one end of the rep range: the other end follows the 8-12 default",
        arguments: [
            (nil, 10, RepRange(8, 10)),  // top 10: bottom stays 8
            (nil, 5, RepRange(5, 5)),  // top 5 is under 8: a fixed 5
            (10, nil, RepRange(10, 12)),  // bottom 10: top stays 12
            (15, nil, RepRange(15, 15)),  // bottom 15 is over 12: a fixed 15
        ] as [(Int?, Int?, RepRange)])
    func oneEndOfRange(repMin: Int?, repMax: Int?, expected: RepRange) throws {
        let result = try Self.apply(Self.draft(.init(exerciseID: Self.bench, repMin: repMin, repMax: repMax)))
        #expect(result.exercises.first?.reps == expected)
    }

    @Test("Every field sent is kept, notes trimmed")
    func allFields() throws {
        let result = try Self.apply(
            Self.draft(
                .init(
                    exerciseID: Self.bench, setCount: 5, repMin: 3, repMax: 5, targetWeight: 102.5, weightUnit: "kg",
                    targetRPE: 8.5,
                    restSeconds: 180, targetDurationSeconds: nil, notes: "  Pause on the chest \n")))
        #expect(
            result.exercises == [
                TemplateExercise(
                    id: Self.newID(1), exerciseID: Self.bench, setCount: 5, reps: RepRange(3, 5), targetWeight: Mass(102.5, .kg),
                    targetRPE: 8.5, restSeconds: 180, targetDurationSeconds: nil, notes: "Pause on the chest")
            ])
    }

    // MARK: Name, category, notes

    @Test("The name is trimmed and inner spaces folded")
    func nameCleaned() throws {
        let result = try Self.apply(TemplateDraft(name: "  Push \t  Day  "))
        #expect(result.name == "Push Day")
    }

    @Test("An empty or blank name is refused", arguments: ["", "   ", "\n\t "])
    func emptyName(name: String) {
        #expect(throws: ValidationFailure(field: "name", message: "Give the template a name.")) {
            try Self.apply(TemplateDraft(name: name))
        }
    }

    @Test("A name of 100 characters is taken; 101 is too long")
    func nameLength() throws {
        let hundred = String(repeating: "a", count: 100)
        #expect(try Self.apply(TemplateDraft(name: hundred)).name == hundred)
        #expect(throws: ValidationFailure(field: "name", message: "The name is too long: at most 100 characters.")) {
            try Self.apply(TemplateDraft(name: hundred + "b"))
        }
    }

    @Test("Leaving out name, category and notes keeps the template's; the exercise list is replaced")
    func leftOutKeepsBase() throws {
        let result = try Self.apply(TemplateDraft(exercises: [.init(exerciseID: Self.curl)]), to: Self.pushDay)
        #expect(result.name == "Push Day")
        #expect(result.category == .strength)
        #expect(result.notes == "Heavy day")
        #expect(result.id == Self.pushDay.id)
        #expect(result.exercises.map(\.exerciseID) == [Self.curl])
    }

    @Test("Saving the edit page unchanged gives back the same template")
    func editRoundTrip() throws {
        #expect(try Self.apply(TemplateDraft(Self.pushDay), to: Self.pushDay) == Self.pushDay)
    }

    @Test("A category is taken whatever its case")
    func categoryCase() throws {
        #expect(try Self.apply(TemplateDraft(category: "Hypertrophy")).category == .hypertrophy)
        #expect(try Self.apply(TemplateDraft(category: "beginner")).category == .beginner)
    }

    @Test("An unknown category is refused, and the message lists the categories")
    func badCategory() {
        let expected = ValidationFailure(
            field: "category",
            message: "The category must be one of: strength, hypertrophy, calisthenics, weightlifting, beginner, custom.")
        #expect(throws: expected) {
            try Self.apply(TemplateDraft(category: "cardio"))
        }
    }

    @Test("Template notes are trimmed; over 2000 characters is too long")
    func templateNotes() throws {
        #expect(try Self.apply(TemplateDraft(notes: "  Deload every 4th week \n")).notes == "Deload every 4th week")
        #expect(try Self.apply(TemplateDraft(notes: String(repeating: "n", count: 2_000))).notes.count == 2_000)
        #expect(throws: ValidationFailure(field: "notes", message: "The notes are too long: at most 2000 characters.")) {
            try Self.apply(TemplateDraft(notes: String(repeating: "n", count: 2_001)))
        }
    }

    // MARK: Rows

    @Test("Lowest reps above the highest in the second row: the message says which row and both numbers")
    func repMinAboveRepMax() throws {
        let draft = Self.draft(.init(exerciseID: Self.bench), .init(exerciseID: Self.row, repMin: 12, repMax: 8))
        let failure = try #require(throws: ValidationFailure.self) { try Self.apply(draft) }
        #expect(failure.issues == [Self.row(1, "repMin", "the lowest reps (12) are more than the highest (8).")])
        let issue = failure.issues[0]
        #expect(issue.field == "exercises[1].repMin")
        #expect(issue.message.hasPrefix("Exercise 2:"))
        #expect(issue.message.contains("12") && issue.message.contains("8"))
    }

    @Test("Reps outside 1-100 are refused", arguments: [(0, 5), (1, 101), (-3, 8)])
    func repsOutOfLimits(repMin: Int, repMax: Int) {
        #expect(throws: ValidationFailure([Self.row(0, "repMin", "reps must be from 1 to 100.")])) {
            try Self.apply(Self.draft(.init(exerciseID: Self.bench, repMin: repMin, repMax: repMax)))
        }
    }

    @Test("1 and 20 sets are taken", arguments: [1, 20])
    func setCountAccepted(sets: Int) throws {
        #expect(try Self.apply(Self.draft(.init(exerciseID: Self.bench, setCount: sets))).exercises.first?.setCount == sets)
    }

    @Test("0 and 21 sets are refused", arguments: [0, 21, -1])
    func setCountRefused(sets: Int) {
        #expect(throws: ValidationFailure([Self.row(0, "setCount", "sets must be from 1 to 20.")])) {
            try Self.apply(Self.draft(.init(exerciseID: Self.bench, setCount: sets)))
        }
    }

    @Test("A row without an exercise is refused")
    func missingExercise() {
        #expect(throws: ValidationFailure([Self.row(0, "exerciseId", "choose the exercise.")])) {
            try Self.apply(Self.draft(.init(exerciseID: nil, setCount: 3)))
        }
    }

    @Test(
        "Bad RPE, rest, duration or unit in a row is refused with the row's number",
        arguments: [
            (
                TemplateDraft.ExerciseDraft(exerciseID: Self.bench, targetRPE: 7.3), "targetRPE",
                "RPE must be 6 to 10 in steps of 0.5."
            ),
            (
                TemplateDraft.ExerciseDraft(exerciseID: Self.bench, targetRPE: 5.5), "targetRPE",
                "RPE must be 6 to 10 in steps of 0.5."
            ),
            (
                TemplateDraft.ExerciseDraft(exerciseID: Self.bench, restSeconds: 1_801), "restSeconds",
                "rest must be between 0 and 1800 seconds."
            ),
            (
                TemplateDraft.ExerciseDraft(exerciseID: Self.bench, targetDurationSeconds: 0), "targetDurationSeconds",
                "the duration must be from 1 second to 24 hours."
            ),
            (
                TemplateDraft.ExerciseDraft(exerciseID: Self.bench, targetDurationSeconds: 86_401), "targetDurationSeconds",
                "the duration must be from 1 second to 24 hours."
            ),
            (
                TemplateDraft.ExerciseDraft(exerciseID: Self.bench, targetWeight: 100, weightUnit: "stone"), "weightUnit",
                "the weight unit must be kg or lb."
            ),
            (
                TemplateDraft.ExerciseDraft(exerciseID: Self.bench, targetWeight: 2_000.5, weightUnit: "kg"), "targetWeight",
                "the weight must be a number from 0 to 2000 kg."
            ),
            // 4410 lb x 0.45359237 = 2000.34 kg: over the limit.
            (
                TemplateDraft.ExerciseDraft(exerciseID: Self.bench, targetWeight: 4_410, weightUnit: "lb"), "targetWeight",
                "the weight must be a number from 0 to 4409.2 lb."
            ),
        ])
    func rowFieldRefused(row: TemplateDraft.ExerciseDraft, field: String, message: String) {
        #expect(throws: ValidationFailure([Self.row(1, field, message)])) {
            try Self.apply(Self.draft(.init(exerciseID: Self.curl), row))
        }
    }

    @Test("Edge values in a row are taken: RPE 6 and 10, rest 0 and 1800 s, a 24 h hold")
    func rowEdgesAccepted() throws {
        let result = try Self.apply(
            Self.draft(
                .init(exerciseID: Self.bench, targetRPE: 6, restSeconds: 0),
                .init(exerciseID: Self.row, targetRPE: 10, restSeconds: 1_800, targetDurationSeconds: 86_400)))
        #expect(result.exercises.map(\.targetRPE) == [6, 10])
        #expect(result.exercises.map(\.restSeconds) == [0, 1_800])
        #expect(result.exercises.map(\.targetDurationSeconds) == [nil, 86_400])
    }

    @Test("A weight sent in lb stays in lb for a kg lifter: 225 lb is 225 lb")
    func poundsKept() throws {
        let result = try Self.apply(Self.draft(.init(exerciseID: Self.bench, targetWeight: 225, weightUnit: "lb")), unit: .kg)
        #expect(result.exercises.first?.targetWeight == Mass(225, .lb))
    }

    @Test("A weight sent without a unit takes the lifter's unit")
    func weightInLifterUnit() throws {
        let row = Self.draft(.init(exerciseID: Self.bench, targetWeight: 100))
        #expect(try Self.apply(row, unit: .kg).exercises.first?.targetWeight == Mass(100, .kg))
        #expect(try Self.apply(row, unit: .lb).exercises.first?.targetWeight == Mass(100, .lb))
    }

    @Test("More than 50 exercises is refused; 50 is fine")
    func exerciseLimit() throws {
        let fifty = Array(repeating: TemplateDraft.ExerciseDraft(exerciseID: Self.bench), count: 50)
        #expect(try Self.apply(TemplateDraft(exercises: fifty)).exercises.count == 50)
        #expect(throws: ValidationFailure(field: "exercises", message: "A template holds at most 50 exercises.")) {
            try Self.apply(TemplateDraft(exercises: fifty + [.init(exerciseID: Self.row)]))
        }
    }

    // MARK: Several problems

    @Test("Every problem is reported at once, in the order of the form")
    func severalProblems() {
        let draft = TemplateDraft(
            name: "   ", category: "cardio",
            exercises: [
                .init(exerciseID: Self.bench, setCount: 0),
                .init(exerciseID: Self.row),
                .init(exerciseID: nil, repMin: 0),
            ])
        let expected = ValidationFailure([
            FieldIssue(field: "name", message: "Give the template a name."),
            FieldIssue(
                field: "category",
                message: "The category must be one of: strength, hypertrophy, calisthenics, weightlifting, beginner, custom."),
            Self.row(0, "setCount", "sets must be from 1 to 20."),
            Self.row(2, "repMin", "reps must be from 1 to 100."),
            Self.row(2, "exerciseId", "choose the exercise."),
        ])
        #expect(throws: expected) { try Self.apply(draft) }
    }

    @Test("One bad row among good ones: the whole draft is refused, no template comes back")
    func nothingReturnedOnFailure() {
        var result: WorkoutTemplate?
        #expect(throws: ValidationFailure.self) {
            result = try Self.apply(
                Self.draft(
                    .init(exerciseID: Self.bench), .init(exerciseID: Self.row, setCount: 21), .init(exerciseID: Self.curl)),
                to: Self.pushDay)
        }
        #expect(result == nil)
    }

    // MARK: Row ids and order

    @Test("Rows of the template keep their ids; unknown and repeated ids get new ones; order is the draft's")
    func rowIDs() throws {
        let unknown = Self.existing(99)
        let draft = Self.draft(
            .init(id: Self.rowRow, exerciseID: Self.row),
            .init(id: unknown, exerciseID: Self.curl),
            .init(id: Self.rowRow, exerciseID: Self.row, setCount: 4),  // the same row sent twice
            .init(id: Self.benchRow, exerciseID: Self.bench),
            .init(exerciseID: Self.curl))
        let result = try Self.apply(draft, to: Self.pushDay)
        // newID is asked only for rows that need one, in draft order: 1, 2, 3.
        #expect(result.exercises.map(\.id) == [Self.rowRow, Self.newID(1), Self.newID(2), Self.benchRow, Self.newID(3)])
        #expect(result.exercises.map(\.exerciseID) == [Self.row, Self.curl, Self.row, Self.bench, Self.curl])
        #expect(result.exercises.map(\.setCount) == [3, 3, 4, 3, 3])
    }

    @Test("An id from another template is not taken over")
    func foreignID() throws {
        // benchRow belongs to Push Day, not to the blank template being created.
        let result = try Self.apply(Self.draft(.init(id: Self.benchRow, exerciseID: Self.bench)), to: Self.blank)
        #expect(result.exercises.map(\.id) == [Self.newID(1)])
    }
}
