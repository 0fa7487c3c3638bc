import Foundation
import SpotterCore
import SpotterTestSupport
import Testing

/// Ids and times shared by the template-start tests.
private enum Fixture {
    /// The ids `newID` hands out, in order: 00000000-0000-0000-0000-00000000000N.
    static func newID(_ n: Int) -> UUID { .numbered(n) }

    /// Ids that exist before the start (catalog exercises, template rows).
    static func existing(_ n: Int) -> UUID { .numbered(n, prefix: "E0") }

    static func day(_ n: Int) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + Double(n) * 86_400) }

    static let now = Date(timeIntervalSince1970: 1_700_100_000)

    // Catalog exercises.
    static let bench = existing(1), row = existing(2), curl = existing(3), plank = existing(4)

    /// Bench 3 x 8-12 @ 60 kg RPE 8; Row 4 x 6-8; Curl 2 x 10-15; Plank 3 x 45 s.
    static let template: [TemplateExercise] = [
        TemplateExercise(
            id: existing(11), exerciseID: bench, setCount: 3, reps: RepRange(8, 12), targetWeight: Mass(60, .kg), targetRPE: 8,
            restSeconds: 150, notes: "Pause on the chest"),
        TemplateExercise(id: existing(12), exerciseID: row, setCount: 4, reps: RepRange(6, 8), restSeconds: 90),
        TemplateExercise(id: existing(13), exerciseID: curl, setCount: 2, reps: RepRange(10, 15), restSeconds: nil),
        TemplateExercise(id: existing(14), exerciseID: plank, setCount: 3, restSeconds: 60, targetDurationSeconds: 45),
    ]

    /// History suggests 80 kg for the bench (the template's 60 kg wins) and 70 kg for the row.
    static let suggestions: [UUID: Mass] = [bench: Mass(80, .kg), row: Mass(70, .kg)]

    /// Starts `exercises` with a counter for new ids.
    static func start(_ exercises: [TemplateExercise] = template, suggestions: [UUID: Mass] = suggestions) -> [ExerciseEntry] {
        var next = 0
        return TemplateStart.entries(from: exercises, suggestedWeights: suggestions, now: now) {
            next += 1
            return newID(next)
        }
    }

    /// A planned working set as a start makes it; its id does not matter here.
    static func planned(reps: Int?, weight: Mass?, duration: Int? = nil, target: SetTarget) -> WorkoutSet {
        WorkoutSet(
            id: existing(0), kind: .working, reps: reps, weight: weight, durationSeconds: duration, distanceMeters: nil, rpe: nil,
            done: false, note: "", loggedAt: nil, updatedAt: now, target: target)
    }

    /// The entries with every id blanked, to compare what they hold.
    static func withoutIDs(_ entries: [ExerciseEntry]) -> [ExerciseEntry] {
        entries.map { entry in
            var entry = entry
            entry.id = existing(0)
            entry.sets = entry.sets.map { set in
                var set = set
                set.id = existing(0)
                return set
            }
            return entry
        }
    }

    /// A session of history with the given sets.
    static func session(_ day: Int, _ sets: [WorkoutSet]) -> PreviousPerformance.Session {
        PreviousPerformance.Session(startedAt: Self.day(day), sets: sets)
    }

    /// A logged set.
    static func set(_ weight: Mass?, _ kind: SetKind = .working, reps: Int = 5, done: Bool = true) -> WorkoutSet {
        WorkoutSet(id: existing(0), kind: kind, reps: reps, weight: weight, done: done, updatedAt: day(0))
    }
}

@Suite("TemplateStart.entries: starting a workout copies the template")
struct TemplateStartTests {
    @Test("One entry per template exercise, in order, with its planned sets")
    func entriesInOrder() {
        let entries = Fixture.start()
        let bench = SetTarget(reps: RepRange(8, 12), rpe: 8)
        let row = SetTarget(reps: RepRange(6, 8), rpe: nil)
        let curl = SetTarget(reps: RepRange(10, 15), rpe: nil)
        let plank = SetTarget(reps: nil, rpe: nil)
        let expected = [
            ExerciseEntry(
                id: Fixture.existing(0), exerciseID: Fixture.bench, notes: "Pause on the chest", restSeconds: 150,
                sets: Array(repeating: Fixture.planned(reps: 8, weight: Mass(60, .kg), target: bench), count: 3)),
            ExerciseEntry(
                id: Fixture.existing(0), exerciseID: Fixture.row, restSeconds: 90,
                sets: Array(repeating: Fixture.planned(reps: 6, weight: Mass(70, .kg), target: row), count: 4)),
            ExerciseEntry(
                id: Fixture.existing(0), exerciseID: Fixture.curl, restSeconds: nil,
                sets: Array(repeating: Fixture.planned(reps: 10, weight: nil, target: curl), count: 2)),
            ExerciseEntry(
                id: Fixture.existing(0), exerciseID: Fixture.plank, restSeconds: 60,
                sets: Array(repeating: Fixture.planned(reps: nil, weight: nil, duration: 45, target: plank), count: 3)),
        ]
        #expect(Fixture.withoutIDs(entries) == expected)
    }

    @Test("Every set is a planned working set, not done, at the bottom of the rep range")
    func plannedNotDone() {
        let sets = Fixture.start().flatMap(\.sets)
        // 3 + 4 + 2 + 3 = 12 sets.
        #expect(sets.count == 12)
        #expect(sets.allSatisfy { !$0.done && $0.loggedAt == nil && $0.kind == .working && $0.updatedAt == Fixture.now })
        #expect(sets.map(\.reps) == [8, 8, 8, 6, 6, 6, 6, 10, 10, nil, nil, nil])
    }

    @Test("The template's weight wins over history; history fills in; neither leaves the weight empty")
    func weights() {
        let entries = Fixture.start()
        #expect(entries[0].sets.map(\.weight) == Array(repeating: Mass(60, .kg), count: 3))  // not the suggested 80 kg
        #expect(entries[1].sets.map(\.weight) == Array(repeating: Mass(70, .kg), count: 4))
        #expect(entries[2].sets.map(\.weight) == [nil, nil])
    }

    @Test("A timed exercise gets the seconds to hold and no reps")
    func timed() throws {
        let plank = try #require(Fixture.start().last)
        #expect(plank.sets.map(\.durationSeconds) == [45, 45, 45])
        #expect(plank.sets.map(\.reps) == [nil, nil, nil])
        #expect(plank.sets.map(\.target) == Array(repeating: SetTarget(reps: nil, rpe: nil), count: 3))
    }

    @Test("Every entry and set gets a fresh id, none of them the template's")
    func freshIDs() {
        let entries = Fixture.start()
        let ids = entries.map(\.id) + entries.flatMap(\.sets).map(\.id)
        // 4 entries + 12 sets.
        #expect(ids.count == 16)
        #expect(Set(ids).count == 16)
        #expect(Set(ids).isDisjoint(with: Fixture.template.map(\.id)))
        #expect(Set(ids) == Set((1...16).map(Fixture.newID)))
    }

    @Test("Editing the template after the start leaves the started workout alone")
    func copyIsIndependent() {
        var template = Fixture.template
        let started = Fixture.start(template)
        let before = started

        template[0].setCount = 5
        template[0].targetWeight = Mass(100, .kg)
        template[1].reps = RepRange(3, 3)
        template.removeLast()

        #expect(started == before)
        #expect(started[0].sets.count == 3)
        #expect(started[0].sets.map(\.weight) == Array(repeating: Mass(60, .kg), count: 3))
        #expect(started.count == 4)
        // The next start follows the edited template.
        let next = Fixture.start(template)
        #expect(next.count == 3)
        #expect(next[0].sets.count == 5)
        #expect(next[0].sets.map(\.weight) == Array(repeating: Mass(100, .kg), count: 5))
        #expect(next[1].sets.map(\.reps) == [3, 3, 3, 3])
    }

    @Test("An empty template starts an empty workout")
    func emptyTemplate() {
        #expect(Fixture.start([]) == [])
    }
}

@Suite("SuggestedWeight.from: the working weight of the last session")
struct SuggestedWeightTests {
    private typealias F = Fixture

    @Test("The heaviest working set of the newest session, whatever order the history comes in")
    func newestSession() {
        let old = F.session(1, [F.set(Mass(100, .kg))])
        let middle = F.session(4, [F.set(Mass(110, .kg))])
        let newest = F.session(8, [F.set(Mass(90, .kg)), F.set(Mass(95, .kg)), F.set(Mass(92.5, .kg))])
        #expect(SuggestedWeight.from([old, newest, middle]) == Mass(95, .kg))
        #expect(SuggestedWeight.from([newest, middle, old]) == Mass(95, .kg))
        #expect(SuggestedWeight.from([middle, old, newest]) == Mass(95, .kg))
    }

    @Test("Warm-ups and drop sets do not count, even when heavier")
    func warmupsAndDropsIgnored() {
        let session = F.session(1, [F.set(Mass(120, .kg), .warmup), F.set(Mass(100, .kg)), F.set(Mass(130, .kg), .drop)])
        #expect(SuggestedWeight.from([session]) == Mass(100, .kg))
    }

    @Test("A failure set counts as work")
    func failureCounts() {
        let session = F.session(1, [F.set(Mass(100, .kg)), F.set(Mass(105, .kg), .failure)])
        #expect(SuggestedWeight.from([session]) == Mass(105, .kg))
    }

    @Test("A set that was not ticked done does not count")
    func undoneIgnored() {
        let session = F.session(1, [F.set(Mass(110, .kg), done: false), F.set(Mass(100, .kg))])
        #expect(SuggestedWeight.from([session]) == Mass(100, .kg))
    }

    @Test("A newer session of only warm-ups falls back to the session before it")
    func fallBackPastWarmups() {
        let older = F.session(1, [F.set(Mass(100, .kg))])
        let newer = F.session(5, [F.set(Mass(60, .kg), .warmup), F.set(Mass(80, .kg), .warmup)])
        #expect(SuggestedWeight.from([newer, older]) == Mass(100, .kg))
    }

    @Test("Kilograms and pounds are compared by weight, not by the number")
    func mixedUnits() {
        // 225 lb x 0.45359237 = 102.06 kg, more than 100 kg: 225 lb wins.
        let heavierInPounds = F.session(1, [F.set(Mass(100, .kg)), F.set(Mass(225, .lb))])
        #expect(SuggestedWeight.from([heavierInPounds]) == Mass(225, .lb))
        // 220 lb x 0.45359237 = 99.79 kg, less than 100 kg: 100 kg wins though 220 > 100.
        let lighterInPounds = F.session(1, [F.set(Mass(220, .lb)), F.set(Mass(100, .kg))])
        #expect(SuggestedWeight.from([lighterInPounds]) == Mass(100, .kg))
    }

    @Test("No history, or none with a working weight, suggests nothing")
    func nothing() {
        #expect(SuggestedWeight.from([]) == nil)
        #expect(SuggestedWeight.from([F.session(1, [])]) == nil)
        #expect(SuggestedWeight.from([F.session(1, [F.set(Mass(60, .kg), .warmup), F.set(nil)])]) == nil)
    }
}

@Suite("TemplateExercise.withHoldDefaults: timed exercises are held, not counted")
struct HoldDefaultTests {
    @Test("A timed exercise without a time gets 30 s; one with a time and one measured in reps stay as they are")
    func holds() {
        let plank = UUID(), sidePlank = UUID(), squat = UUID()
        let rows = [
            TemplateExercise(id: UUID(), exerciseID: plank),
            TemplateExercise(id: UUID(), exerciseID: sidePlank, targetDurationSeconds: 45),
            TemplateExercise(id: UUID(), exerciseID: squat),
        ]
        let kinds: [UUID: ExerciseKind] = [plank: .duration, sidePlank: .duration, squat: .weightReps]
        let result = TemplateExercise.withHoldDefaults(rows, kinds: kinds)
        #expect(result.map(\.targetDurationSeconds) == [30, 45, nil])
        #expect(Array(result.dropFirst()) == Array(rows.dropFirst()))
        #expect(TemplateExercise.withHoldDefaults(rows, kinds: [:]) == rows, "an unknown kind is left alone")
    }
}
