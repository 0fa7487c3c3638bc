import Foundation
import SpotterCore
import Testing

@Suite("SetDraft.applied: checking a set a client sent before it is stored")
struct SetDraftTests {
    static let base = WorkoutSet(
        id: UUID(uuidString: "5E7D0000-0000-0000-0000-000000000001")!, kind: .working, reps: 5,
        weight: Mass(100, .kg), durationSeconds: nil, distanceMeters: nil, rpe: 8, done: false, note: "Felt fine",
        loggedAt: nil, updatedAt: Date(timeIntervalSince1970: 1_700_000_000))

    /// The base set with no weight yet.
    static var unweighed: WorkoutSet {
        var set = base
        set.weight = nil
        return set
    }

    /// The base set weighed in pounds.
    static var inPounds: WorkoutSet {
        var set = base
        set.weight = Mass(135, .lb)
        return set
    }

    static func failure(_ field: String, _ message: String) -> ValidationFailure {
        ValidationFailure(field: field, message: message)
    }

    static let repsMessage = "Reps must be between 0 and 1000."
    static let kgWeightMessage = "Weight must be a number from 0 to 2000 kg."
    static let lbWeightMessage = "Weight must be a number from 0 to 4409.2 lb."
    static let rpeMessage = "RPE must be 6 to 10 in steps of 0.5."
    static let durationMessage = "Duration must be between 0 and 86400 seconds (24 hours)."
    static let distanceMessage = "Distance must be between 0 and 1000000 metres."
    static let noteMessage = "The note is too long: at most 500 characters."
    static let kindMessage = "Set kind must be one of: warmup, working, drop, failure."
    static let unitMessage = "The weight unit must be kg or lb."

    // MARK: Fields left out

    @Test("An empty draft changes nothing")
    func emptyDraftKeepsBase() throws {
        #expect(try SetDraft().applied(to: Self.base, unit: .kg) == Self.base)
        #expect(try SetDraft().applied(to: Self.base, unit: .lb) == Self.base)
    }

    @Test("Fields left out keep the base values; only the sent ones change")
    func onlySentFieldsChange() throws {
        let result = try SetDraft(reps: 6, done: true).applied(to: Self.base, unit: .kg)
        var expected = Self.base
        expected.reps = 6
        expected.done = true
        #expect(result == expected)
    }

    @Test("A full draft fills a blank set")
    func fullDraft() throws {
        let blank = WorkoutSet(
            id: UUID(uuidString: "5E7D0000-0000-0000-0000-000000000002")!,
            updatedAt: Date(timeIntervalSince1970: 1_700_000_000))
        let draft = SetDraft(
            kind: "failure", reps: 8, weight: 225, weightUnit: "lb", durationSeconds: 45, distanceMeters: 0, rpe: 9.5,
            done: true, note: "Last rep grinder")
        let result = try draft.applied(to: blank, unit: .kg)
        #expect(
            result
                == WorkoutSet(
                    id: UUID(uuidString: "5E7D0000-0000-0000-0000-000000000002")!, kind: .failure, reps: 8,
                    weight: Mass(225, .lb), durationSeconds: 45, distanceMeters: 0, rpe: 9.5, done: true,
                    note: "Last rep grinder", loggedAt: nil, updatedAt: Date(timeIntervalSince1970: 1_700_000_000)))
    }

    @Test("Ticking and unticking", arguments: [true, false])
    func done(value: Bool) throws {
        var expected = Self.base
        expected.done = value
        #expect(try SetDraft(done: value).applied(to: Self.base, unit: .kg) == expected)
    }

    // MARK: Reps

    @Test("Reps from 0 to 1000 are taken", arguments: [0, 1, 12, 1000])
    func repsAccepted(reps: Int) throws {
        var expected = Self.base
        expected.reps = reps
        #expect(try SetDraft(reps: reps).applied(to: Self.base, unit: .kg) == expected)
    }

    @Test("Reps below 0 or above 1000 are refused", arguments: [-1, 1001, Int.min, Int.max])
    func repsRefused(reps: Int) {
        #expect(throws: Self.failure("reps", Self.repsMessage)) {
            try SetDraft(reps: reps).applied(to: Self.base, unit: .kg)
        }
    }

    // MARK: Weight

    @Test("Weights from 0 to 2000 kg are taken", arguments: [0.0, 2.5, 102.5, 1999.99, 2000.0])
    func kilogramsAccepted(weight: Double) throws {
        var expected = Self.base
        expected.weight = Mass(weight, .kg)
        #expect(try SetDraft(weight: weight, weightUnit: "kg").applied(to: Self.base, unit: .kg) == expected)
    }

    @Test("Over 2000 kg, or below 0, is refused", arguments: [2000.01, 2001.0, -0.01, -1.0])
    func kilogramsRefused(weight: Double) {
        #expect(throws: Self.failure("weight", Self.kgWeightMessage)) {
            try SetDraft(weight: weight, weightUnit: "kg").applied(to: Self.base, unit: .kg)
        }
    }

    @Test("In pounds the limit is 2000 kg in lb (4409.245...): 4409.24 lb is taken", arguments: [0.0, 225.0, 4409.0, 4409.24])
    func poundsAccepted(weight: Double) throws {
        var expected = Self.base
        expected.weight = Mass(weight, .lb)
        #expect(try SetDraft(weight: weight, weightUnit: "lb").applied(to: Self.base, unit: .kg) == expected)
    }

    @Test("4409.25 lb and 4410 lb are over 2000 kg and refused", arguments: [4409.25, 4410.0, -1.0])
    func poundsRefused(weight: Double) {
        #expect(throws: Self.failure("weight", Self.lbWeightMessage)) {
            try SetDraft(weight: weight, weightUnit: "lb").applied(to: Self.base, unit: .kg)
        }
    }

    @Test("NaN and infinity are not weights", arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteWeightRefused(weight: Double) {
        #expect(throws: Self.failure("weight", Self.kgWeightMessage)) {
            try SetDraft(weight: weight, weightUnit: "kg").applied(to: Self.base, unit: .kg)
        }
        #expect(throws: Self.failure("weight", Self.lbWeightMessage)) {
            try SetDraft(weight: weight, weightUnit: "lb").applied(to: Self.base, unit: .kg)
        }
    }

    @Test("A weight sent without a unit takes the unit of the set's current weight")
    func unitFromBaseSet() throws {
        // The set was logged in pounds; the lifter's unit is kg: 140 means 140 lb.
        var expected = Self.inPounds
        expected.weight = Mass(140, .lb)
        #expect(try SetDraft(weight: 140).applied(to: Self.inPounds, unit: .kg) == expected)
        // And a kg set stays in kg for a pound lifter.
        var expectedKg = Self.base
        expectedKg.weight = Mass(140, .kg)
        #expect(try SetDraft(weight: 140).applied(to: Self.base, unit: .lb) == expectedKg)
    }

    @Test("A weight sent without a unit, on a set with no weight, takes the lifter's unit", arguments: MassUnit.allCases)
    func unitFromLifter(unit: MassUnit) throws {
        var expected = Self.unweighed
        expected.weight = Mass(140, unit)
        #expect(try SetDraft(weight: 140).applied(to: Self.unweighed, unit: unit) == expected)
    }

    @Test("The limit is checked in the unit the weight will have")
    func limitInChosenUnit() throws {
        // 4409 lb on a pound set: under 2000 kg.
        var expected = Self.inPounds
        expected.weight = Mass(4409, .lb)
        #expect(try SetDraft(weight: 4409).applied(to: Self.inPounds, unit: .kg) == expected)
        // 4409 on a kg set is 4409 kg: refused.
        #expect(throws: Self.failure("weight", Self.kgWeightMessage)) {
            try SetDraft(weight: 4409).applied(to: Self.base, unit: .lb)
        }
        // 4409 on an unweighed set of a kg lifter: refused; of a pound lifter: taken.
        #expect(throws: Self.failure("weight", Self.kgWeightMessage)) {
            try SetDraft(weight: 4409).applied(to: Self.unweighed, unit: .kg)
        }
        var expectedLb = Self.unweighed
        expectedLb.weight = Mass(4409, .lb)
        #expect(try SetDraft(weight: 4409).applied(to: Self.unweighed, unit: .lb) == expectedLb)
    }

    @Test("A unit sent with the weight wins over the set's and the lifter's")
    func explicitUnitWins() throws {
        var expected = Self.base
        expected.weight = Mass(225, .lb)
        #expect(try SetDraft(weight: 225, weightUnit: "lb").applied(to: Self.base, unit: .kg) == expected)
        var expectedKg = Self.inPounds
        expectedKg.weight = Mass(100, .kg)
        #expect(try SetDraft(weight: 100, weightUnit: "kg").applied(to: Self.inPounds, unit: .lb) == expectedKg)
    }

    @Test("A unit sent alone relabels the weight as entered: 100 kg becomes 100 lb")
    func unitAloneRelabels() throws {
        var expected = Self.base
        expected.weight = Mass(100, .lb)
        #expect(try SetDraft(weightUnit: "lb").applied(to: Self.base, unit: .kg) == expected)
        // Nothing to relabel on a set with no weight.
        #expect(try SetDraft(weightUnit: "lb").applied(to: Self.unweighed, unit: .kg) == Self.unweighed)
    }

    @Test("An unknown unit is refused", arguments: ["stone", "", "kilograms"])
    func badUnit(unit: String) {
        #expect(throws: Self.failure("weightUnit", Self.unitMessage)) {
            try SetDraft(weight: 100, weightUnit: unit).applied(to: Self.base, unit: .kg)
        }
        #expect(throws: Self.failure("weightUnit", Self.unitMessage)) {
            try SetDraft(weightUnit: unit).applied(to: Self.base, unit: .kg)
        }
    }

    // MARK: RPE

    @Test("RPE 6 to 10 in half steps is taken", arguments: [6.0, 6.5, 7.0, 8.5, 9.5, 10.0])
    func rpeAccepted(rpe: Double) throws {
        var expected = Self.base
        expected.rpe = rpe
        #expect(try SetDraft(rpe: rpe).applied(to: Self.base, unit: .kg) == expected)
    }

    @Test("Other RPE values are refused", arguments: [5.5, 10.5, 7.3, 6.25, 0, -7, 11, Double.nan, .infinity])
    func rpeRefused(rpe: Double) {
        #expect(throws: Self.failure("rpe", Self.rpeMessage)) {
            try SetDraft(rpe: rpe).applied(to: Self.base, unit: .kg)
        }
    }

    // MARK: Duration and distance

    @Test("Durations from 0 to 86400 s are taken", arguments: [0, 1, 60, 86_400])
    func durationAccepted(seconds: Int) throws {
        var expected = Self.base
        expected.durationSeconds = seconds
        #expect(try SetDraft(durationSeconds: seconds).applied(to: Self.base, unit: .kg) == expected)
    }

    @Test("Durations below 0 or over 24 hours are refused", arguments: [-1, 86_401, Int.max])
    func durationRefused(seconds: Int) {
        #expect(throws: Self.failure("durationSeconds", Self.durationMessage)) {
            try SetDraft(durationSeconds: seconds).applied(to: Self.base, unit: .kg)
        }
    }

    @Test("Distances from 0 to 1,000,000 m are taken", arguments: [0.0, 0.5, 5_000.25, 1_000_000.0])
    func distanceAccepted(meters: Double) throws {
        var expected = Self.base
        expected.distanceMeters = meters
        #expect(try SetDraft(distanceMeters: meters).applied(to: Self.base, unit: .kg) == expected)
    }

    @Test(
        "Negative, over 1,000,000 m, NaN and infinite distances are refused",
        arguments: [-0.01, 1_000_000.01, Double.nan, .infinity, -.infinity])
    func distanceRefused(meters: Double) {
        #expect(throws: Self.failure("distanceMeters", Self.distanceMessage)) {
            try SetDraft(distanceMeters: meters).applied(to: Self.base, unit: .kg)
        }
    }

    // MARK: Note

    @Test("A note of 500 characters is taken")
    func noteAtLimit() throws {
        let note = String(repeating: "a", count: 500)
        var expected = Self.base
        expected.note = note
        #expect(try SetDraft(note: note).applied(to: Self.base, unit: .kg) == expected)
    }

    @Test("A note of 501 characters is refused")
    func noteOverLimit() {
        #expect(throws: Self.failure("note", Self.noteMessage)) {
            try SetDraft(note: String(repeating: "a", count: 501)).applied(to: Self.base, unit: .kg)
        }
    }

    @Test("Characters are counted as a reader sees them: 500 emoji are 500 characters")
    func noteCountsCharacters() throws {
        let note = String(repeating: "💪🏽", count: 500)
        var expected = Self.base
        expected.note = note
        #expect(try SetDraft(note: note).applied(to: Self.base, unit: .kg) == expected)
    }

    @Test("A note is trimmed; a blank note clears it")
    func noteTrimmed() throws {
        var expected = Self.base
        expected.note = "Grip felt weak"
        #expect(try SetDraft(note: "  Grip felt weak \n").applied(to: Self.base, unit: .kg) == expected)
        expected.note = ""
        #expect(try SetDraft(note: " \n\t ").applied(to: Self.base, unit: .kg) == expected)
    }

    @Test("The limit applies to the note as saved: 500 characters with a pasted trailing newline are taken")
    func noteLimitAfterTrimming() throws {
        // Like ExerciseDraft's description, the 500-character limit should apply to the trimmed
        // note that is stored; white space that is cut off anyway should not make a note "too long".
        let note = String(repeating: "a", count: 500)
        var expected = Self.base
        expected.note = note
        #expect(try SetDraft(note: note + "\n").applied(to: Self.base, unit: .kg) == expected)
        #expect(try SetDraft(note: "  " + note + "  ").applied(to: Self.base, unit: .kg) == expected)
    }

    // MARK: Kind

    @Test("Every set kind is taken by its name", arguments: SetKind.allCases)
    func kindAccepted(kind: SetKind) throws {
        var expected = Self.base
        expected.kind = kind
        #expect(try SetDraft(kind: kind.rawValue).applied(to: Self.base, unit: .kg) == expected)
    }

    @Test("An unknown set kind is refused", arguments: ["superset", "Working", "", "warm-up"])
    func kindRefused(kind: String) {
        #expect(throws: Self.failure("kind", Self.kindMessage)) {
            try SetDraft(kind: kind).applied(to: Self.base, unit: .kg)
        }
    }

    // MARK: Several problems

    @Test("Several bad fields give one issue each, and nothing is returned")
    func severalIssues() {
        let draft = SetDraft(
            kind: "superset", reps: -1, weight: .nan, weightUnit: "kg", durationSeconds: -1, distanceMeters: -1,
            rpe: 5.5, done: true, note: String(repeating: "a", count: 501))
        var caught: ValidationFailure?
        do {
            let set = try draft.applied(to: Self.base, unit: .kg)
            Issue.record("expected a failure, got \(set)")
        } catch {
            caught = error
        }
        let issues = caught?.issues ?? []
        #expect(issues.count == 7)
        #expect(
            Set(issues)
                == [
                    FieldIssue(field: "kind", message: Self.kindMessage),
                    FieldIssue(field: "reps", message: Self.repsMessage),
                    FieldIssue(field: "weight", message: Self.kgWeightMessage),
                    FieldIssue(field: "durationSeconds", message: Self.durationMessage),
                    FieldIssue(field: "distanceMeters", message: Self.distanceMessage),
                    FieldIssue(field: "rpe", message: Self.rpeMessage),
                    FieldIssue(field: "note", message: Self.noteMessage),
                ])
    }

    @Test("One bad field spoils the whole draft: the good fields are not applied either")
    func allOrNothing() {
        let draft = SetDraft(reps: 10, weight: 120, weightUnit: "kg", rpe: 7.3, done: true)
        #expect(throws: Self.failure("rpe", Self.rpeMessage)) {
            try draft.applied(to: Self.base, unit: .kg)
        }
        #expect((try? draft.applied(to: Self.base, unit: .kg)) == nil)
    }

    @Test("A bad unit and a weight over the limit in the set's unit give two issues")
    func badUnitAndWeight() {
        #expect(
            throws: ValidationFailure([
                FieldIssue(field: "weightUnit", message: Self.unitMessage),
                FieldIssue(field: "weight", message: Self.kgWeightMessage),
            ])
        ) {
            try SetDraft(weight: 3000, weightUnit: "stone").applied(to: Self.base, unit: .kg)
        }
    }

    @Test("The limits are the ones the messages name")
    func limits() {
        #expect(SetDraft.repsRange == 0...1_000)
        #expect(SetDraft.maxWeightKilograms == 2_000)
        #expect(SetDraft.maxDurationSeconds == 86_400)
        #expect(SetDraft.maxDistanceMeters == 1_000_000)
        #expect(SetDraft.noteLimit == 500)
    }
}
