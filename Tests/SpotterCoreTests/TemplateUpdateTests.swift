import Foundation
import SpotterCore
import SpotterTestSupport
import Testing

/// A template and a plan shared by the update and diff tests.
private enum Fixture {
    static func id(_ prefix: String, _ n: Int) -> UUID { .numbered(n, prefix: prefix) }

    // Catalog exercises.
    static let bench = id("E0", 1), row = id("E0", 2), curl = id("E0", 3), dips = id("E0", 4)

    // The template's rows.
    static let tBench = id("A0", 1), tRow = id("A0", 2), tCurl = id("A0", 3)
    // The plan's rows (what the lifter did today), with ids of their own.
    static let pRow = id("B0", 1), pBench = id("B0", 2), pDips = id("B0", 3)

    /// Bench 3 x 8-12 @ 60 kg, Row 3 x 8-12 (weight from history), Curl 3 x 10-15.
    static let template: [TemplateExercise] = [
        TemplateExercise(
            id: tBench, exerciseID: bench, setCount: 3, reps: RepRange(8, 12), targetWeight: Mass(60, .kg), notes: "Arch"),
        TemplateExercise(id: tRow, exerciseID: row, setCount: 3, reps: RepRange(8, 12), restSeconds: 90),
        TemplateExercise(id: tCurl, exerciseID: curl, setCount: 3, reps: RepRange(10, 15)),
    ]

    /// Row 4 x 6-8 @ 70 kg, Bench 5 x 5 @ 65 kg, Dips 3 x 8-12.
    static let plan: [TemplateExercise] = [
        TemplateExercise(
            id: pRow, exerciseID: row, setCount: 4, reps: RepRange(6, 8), targetWeight: Mass(70, .kg), restSeconds: 150),
        TemplateExercise(id: pBench, exerciseID: bench, setCount: 5, reps: RepRange(5, 5), targetWeight: Mass(65, .kg)),
        TemplateExercise(id: pDips, exerciseID: dips, setCount: 3, reps: RepRange(8, 12), restSeconds: 60),
    ]

    static func with(_ row: TemplateExercise, sets: Int, reps: RepRange, weight: Mass?) -> TemplateExercise {
        var row = row
        row.setCount = sets
        row.reps = reps
        row.targetWeight = weight
        return row
    }
}

@Suite("TemplateUpdate.apply: what happens to the template after a workout")
struct TemplateUpdateTests {
    private typealias F = Fixture

    @Test("Keep: the template stays exactly as it is")
    func keep() {
        #expect(TemplateUpdate.keep.apply(to: F.template, plan: F.plan) == F.template)
    }

    @Test("Values: the same rows in the template's order take today's sets, reps and weights")
    func values() {
        let result = TemplateUpdate.values.apply(to: F.template, plan: F.plan)
        #expect(
            result == [
                // Bench had a weight: 5 x 5 @ 65 kg; its notes and rest stay.
                F.with(F.template[0], sets: 5, reps: RepRange(5, 5), weight: Mass(65, .kg)),
                // Row left its weight to history and still does: no 70 kg target; its 90 s rest stays.
                F.with(F.template[1], sets: 4, reps: RepRange(6, 8), weight: nil),
                // Curl was not done today: unchanged.
                F.template[2],
            ])
        #expect(result.map(\.id) == [F.tBench, F.tRow, F.tCurl])
        #expect(result[1].restSeconds == 90)
        #expect(result[0].notes == "Arch")
    }

    @Test("Structure: today's exercises and order; rows the template had keep their own values and ids")
    func structure() {
        let result = TemplateUpdate.structure.apply(to: F.template, plan: F.plan)
        #expect(result == [F.template[1], F.template[0], F.plan[2]])
        #expect(result.map(\.id) == [F.tRow, F.tBench, F.pDips])
        #expect(result.map(\.exerciseID) == [F.row, F.bench, F.dips])
    }

    @Test("Both: today's exercises, order and values; kept rows keep their ids, rest and notes")
    func both() {
        let result = TemplateUpdate.both.apply(to: F.template, plan: F.plan)
        #expect(
            result == [
                F.with(F.template[1], sets: 4, reps: RepRange(6, 8), weight: nil),
                F.with(F.template[0], sets: 5, reps: RepRange(5, 5), weight: Mass(65, .kg)),
                F.plan[2],
            ])
        #expect(result.map(\.id) == [F.tRow, F.tBench, F.pDips])
        // Row keeps its own 90 s rest, not the plan's 150 s.
        #expect(result[0].restSeconds == 90)
    }

    @Test("An exercise twice is matched first to first, second to second")
    func duplicates() {
        let heavy = TemplateExercise(
            id: Fixture.id("A0", 21), exerciseID: F.bench, setCount: 3, reps: RepRange(5, 5), targetWeight: Mass(80, .kg))
        let light = TemplateExercise(
            id: Fixture.id("A0", 22), exerciseID: F.bench, setCount: 3, reps: RepRange(10, 12), targetWeight: Mass(50, .kg))
        let plan = [
            TemplateExercise(
                id: Fixture.id("B0", 21), exerciseID: F.bench, setCount: 4, reps: RepRange(3, 3), targetWeight: Mass(85, .kg)),
            TemplateExercise(
                id: Fixture.id("B0", 22), exerciseID: F.bench, setCount: 2, reps: RepRange(15, 15), targetWeight: Mass(45, .kg)),
        ]
        #expect(
            TemplateUpdate.values.apply(to: [heavy, light], plan: plan) == [
                F.with(heavy, sets: 4, reps: RepRange(3, 3), weight: Mass(85, .kg)),
                F.with(light, sets: 2, reps: RepRange(15, 15), weight: Mass(45, .kg)),
            ])
        // Only one bench today: it is the first one; the second is dropped from the structure.
        #expect(
            TemplateUpdate.both.apply(to: [heavy, light], plan: [plan[0]]) == [
                F.with(heavy, sets: 4, reps: RepRange(3, 3), weight: Mass(85, .kg))
            ])
    }

    @Test("A template weight with no weight today stays")
    func weightKeptWhenPlanHasNone() {
        // The plan from a new-template save carries no weights.
        var plan = F.plan
        plan[1].targetWeight = nil
        let result = TemplateUpdate.values.apply(to: F.template, plan: plan)
        #expect(result[0] == F.with(F.template[0], sets: 5, reps: RepRange(5, 5), weight: Mass(60, .kg)))
    }

    @Test("Every choice has a name a lifter can read")
    func displayNames() {
        #expect(TemplateUpdate.allCases == [.keep, .values, .structure, .both])
        #expect(TemplateUpdate.keep.displayName == "Keep the template as it is")
    }
}

extension TemplateUpdateTests {
    @Test("A second bench press added today and moved up: the rows keep one id each, and the template's row stays its own")
    func secondRowOfAnExercise() {
        typealias F = Fixture
        // Today: [new bench (its own id), the template's bench (its id kept by the prep page)]
        let added = TemplateExercise(id: F.pBench, exerciseID: F.bench, setCount: 2, reps: RepRange(10, 10))
        let plan = [added, F.template[0]]
        for choice in [TemplateUpdate.structure, .both] {
            let result = choice.apply(to: [F.template[0]], plan: plan)
            #expect(result.map(\.id) == [F.pBench, F.tBench], "\(choice)")
            #expect(Set(result.map(\.id)).count == result.count, "\(choice): no id twice")
            #expect(result[1] == F.template[0], "\(choice): the template's own row keeps its values")
        }
    }
}

@Suite("TemplateDiff.changes: what an update would change, in words")
struct TemplateDiffTests {
    private typealias F = Fixture

    @Test("The same list has no changes")
    func identical() {
        #expect(TemplateDiff.changes(from: F.template, to: F.template) == [])
        #expect(TemplateDiff.changes(from: [], to: []) == [])
    }

    @Test("A changed row reads \"3 x 8-12 @ 60 kg -> 5 x 5 @ 65 kg\"")
    func changedValues() {
        var new = F.template
        new[0] = F.with(new[0], sets: 5, reps: RepRange(5, 5), weight: Mass(65, .kg))
        #expect(
            TemplateDiff.changes(from: F.template, to: new) == [
                .changed(exerciseID: F.bench, details: ["3 x 8-12 @ 60 kg -> 5 x 5 @ 65 kg"])
            ])
    }

    @Test("RPE, rest and notes changes are each listed")
    func otherDetails() {
        var new = F.template
        new[1].targetRPE = 8.5
        new[1].restSeconds = nil
        new[1].notes = "Pause at the top"
        #expect(
            TemplateDiff.changes(from: F.template, to: new) == [
                .changed(exerciseID: F.row, details: ["RPE none -> 8.5", "rest 90 s -> default", "notes changed"])
            ])
    }

    @Test("An added row is summarised; a removed row is listed after the rest")
    func addedAndRemoved() {
        let dips = TemplateExercise(
            id: F.pDips, exerciseID: F.dips, setCount: 3, reps: RepRange(8, 12), targetWeight: Mass(102.5, .kg))
        let plank = TemplateExercise(
            id: Fixture.id("B0", 9), exerciseID: Fixture.id("E0", 9), setCount: 3, targetDurationSeconds: 30)
        let new = [dips, F.template[0], F.template[1], plank]
        #expect(
            TemplateDiff.changes(from: F.template, to: new) == [
                .added(exerciseID: F.dips, summary: "3 x 8-12 @ 102.5 kg"),
                .added(exerciseID: Fixture.id("E0", 9), summary: "3 x 30 s"),
                .removed(exerciseID: F.curl),
            ])
    }

    @Test("Removing the first row does not make the others look moved")
    func removalIsNotAMove() {
        #expect(TemplateDiff.changes(from: F.template, to: [F.template[1], F.template[2]]) == [.removed(exerciseID: F.bench)])
    }

    @Test("Adding a row at the top does not make the others look moved")
    func additionIsNotAMove() {
        let dips = TemplateExercise(id: F.pDips, exerciseID: F.dips)
        #expect(
            TemplateDiff.changes(from: F.template, to: [dips] + F.template) == [.added(exerciseID: F.dips, summary: "3 x 8-12")])
    }

    @Test("Swapping two rows is one change: the new order")
    func swap() {
        let new = [F.template[1], F.template[0], F.template[2]]
        #expect(TemplateDiff.changes(from: F.template, to: new) == [.reordered(order: [F.row, F.bench, F.curl])])
    }

    @Test("A removal plus a swap never reports a row as moved to where it already was")
    func removalAndSwap() {
        // [Curl, Bench, Row] -> [Row, Bench]: Curl goes, Row and Bench trade places.
        let old = [F.template[2], F.template[0], F.template[1]]
        #expect(
            TemplateDiff.changes(from: old, to: [F.template[1], F.template[0]]) == [
                .reordered(order: [F.row, F.bench]), .removed(exerciseID: F.curl),
            ])
    }

    @Test("The diff of a 'both' update lists every change the lifter confirms")
    func diffOfBoth() {
        let updated = TemplateUpdate.both.apply(to: F.template, plan: F.plan)
        #expect(
            TemplateDiff.changes(from: F.template, to: updated) == [
                .reordered(order: [F.row, F.bench, F.dips]),
                .changed(exerciseID: F.row, details: ["3 x 8-12 -> 4 x 6-8"]),
                .changed(exerciseID: F.bench, details: ["3 x 8-12 @ 60 kg -> 5 x 5 @ 65 kg"]),
                .added(exerciseID: F.dips, summary: "3 x 8-12"),
                .removed(exerciseID: F.curl),
            ])
    }

    @Test("Summaries: a fixed number of reps, a range, seconds, and weights in either unit")
    func summaries() {
        func row(_ sets: Int, _ reps: RepRange, _ weight: Mass? = nil, seconds: Int? = nil) -> TemplateExercise {
            TemplateExercise(
                id: F.tBench, exerciseID: F.bench, setCount: sets, reps: reps, targetWeight: weight,
                targetDurationSeconds: seconds)
        }
        #expect(TemplateDiff.summary(of: row(5, RepRange(5, 5))) == "5 x 5")
        #expect(TemplateDiff.summary(of: row(3, RepRange(8, 12), Mass(60, .kg))) == "3 x 8-12 @ 60 kg")
        #expect(TemplateDiff.summary(of: row(4, RepRange(6, 8), Mass(225, .lb))) == "4 x 6-8 @ 225 lb")
        #expect(TemplateDiff.summary(of: row(3, RepRange(8, 12), Mass(62.5, .kg))) == "3 x 8-12 @ 62.5 kg")
        #expect(TemplateDiff.summary(of: row(3, RepRange(8, 12), seconds: 45)) == "3 x 45 s")
    }
}

@Suite("TemplateSort: the orders of the template library")
struct TemplateSortTests {
    static func id(_ n: Int) -> UUID { Fixture.id("C0", n) }
    static func day(_ n: Int) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + Double(n) * 86_400) }

    static func template(
        _ n: Int, _ name: String, pinned: Bool = false, created: Int, edited: Int? = nil, used: Int? = nil
    ) -> WorkoutTemplate {
        WorkoutTemplate(
            id: id(n), ownerID: id(99), name: name, category: .custom, pinned: pinned, createdAt: day(created),
            updatedAt: edited.map(day), lastUsedAt: used.map(day))
    }

    // A: pinned, used day 10. B: used day 15. C: used day 12. D: pinned, never used.
    // E: never used, created day 4. F: never used, created day 1.
    static let a = template(1, "legs", pinned: true, created: 0, edited: 9, used: 10)
    static let b = template(2, "Arms", created: 3, edited: 3, used: 15)
    static let c = template(3, "core", created: 5, edited: 20, used: 12)
    static let d = template(4, "Back", pinned: true, created: 2, edited: 6)
    static let e = template(5, "Push Day", created: 4, edited: 7)
    static let f = template(6, "pull day", created: 1, edited: 1)
    static let all = [e, c, a, f, d, b]

    @Test("Pinned first, then last used newest first, never-used last with the newest created first")
    func pinned() {
        // Pinned: A (used) before D (never used). Then B (day 15), C (day 12). Then E (created 4), F (created 1).
        #expect(TemplateSort.pinned.sorted(Self.all).map(\.id) == [Self.a, Self.d, Self.b, Self.c, Self.e, Self.f].map(\.id))
    }

    @Test("By name, whatever the case")
    func byName() {
        // arms, back, core, legs, pull day, push day; a case-sensitive sort would put every capital first.
        #expect(TemplateSort.name.sorted(Self.all).map(\.name) == ["Arms", "Back", "core", "legs", "pull day", "Push Day"])
    }

    @Test("Recently created first")
    func byCreated() {
        // Created days: C 5, E 4, B 3, D 2, F 1, A 0.
        #expect(TemplateSort.created.sorted(Self.all).map(\.id) == [Self.c, Self.e, Self.b, Self.d, Self.f, Self.a].map(\.id))
    }

    @Test("Recently edited first")
    func byEdited() {
        // Edited days: C 20, A 9, E 7, D 6, B 3, F 1.
        #expect(TemplateSort.edited.sorted(Self.all).map(\.id) == [Self.c, Self.a, Self.e, Self.d, Self.b, Self.f].map(\.id))
    }

    @Test("Ties are broken the same way whatever order the templates come in")
    func stable() {
        // G ties with A in every order: same pin, dates and name but for its case.
        let g = Self.template(7, "LEGS", pinned: true, created: 0, edited: 9, used: 10)
        let withTie = Self.all + [g]
        for sort in TemplateSort.allCases {
            #expect(sort.sorted(withTie) == sort.sorted(withTie.reversed()), "\(sort)")
        }
    }
}

@Suite("WorkoutTemplate: counts and the time it takes")
struct WorkoutTemplateTests {
    static func template(_ sets: [Int]) -> WorkoutTemplate {
        WorkoutTemplate(
            id: Fixture.id("D0", 1), ownerID: Fixture.id("D0", 2), name: "Full Body", category: .beginner,
            exercises: sets.enumerated().map { index, count in
                TemplateExercise(id: Fixture.id("D0", 10 + index), exerciseID: Fixture.id("E0", index + 1), setCount: count)
            },
            createdAt: Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test("3 exercises of 3 sets: 9 sets, about 18 minutes")
    func threeByThree() {
        let template = Self.template([3, 3, 3])
        #expect(template.exerciseCount == 3)
        #expect(template.setCount == 9)
        // 9 sets x 120 s = 1080 s.
        #expect(template.estimatedDurationSeconds == 1_080)
    }

    @Test("Sets are added across exercises")
    func mixed() {
        let template = Self.template([5, 3, 1])
        #expect(template.exerciseCount == 3)
        #expect(template.setCount == 9)
        let bigger = Self.template([5, 4, 2, 1])
        #expect(bigger.exerciseCount == 4)
        // 5 + 4 + 2 + 1 = 12 sets x 120 s = 1440 s.
        #expect(bigger.setCount == 12)
        #expect(bigger.estimatedDurationSeconds == 1_440)
    }

    @Test("An empty template takes no time")
    func empty() {
        let template = Self.template([])
        #expect(template.exerciseCount == 0)
        #expect(template.setCount == 0)
        #expect(template.estimatedDurationSeconds == 0)
    }

    @Test("A template with no owner is a preset; an archived one says so")
    func presetAndArchived() {
        var template = Self.template([3])
        #expect(!template.isPreset)
        #expect(!template.isArchived)
        template.ownerID = nil
        template.archivedAt = Date(timeIntervalSince1970: 1_700_000_100)
        #expect(template.isPreset)
        #expect(template.isArchived)
    }
}
