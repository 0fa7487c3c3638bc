import Foundation
import SpotterCore
import SpotterTestSupport
import Testing

@Suite("TemplateFromWorkout: saving a finished workout as a template")
struct TemplateFromWorkoutTests {
    /// The ids `newID` hands out, in order: 00000000-0000-0000-0000-00000000000N.
    static func newID(_ n: Int) -> UUID { .numbered(n) }

    /// Ids of things in the workout.
    static func existing(_ n: Int) -> UUID { .numbered(n, prefix: "E0") }

    static let bench = existing(1), row = existing(2), curl = existing(3), plank = existing(4)
    static let startedAt = Date(timeIntervalSince1970: 1_700_000_000)

    static func set(
        _ weight: Mass?, _ reps: Int?, _ kind: SetKind = .working, done: Bool = true, seconds: Int? = nil
    ) -> WorkoutSet {
        WorkoutSet(
            id: existing(0), kind: kind, reps: reps, weight: weight, durationSeconds: seconds, done: done, updatedAt: startedAt)
    }

    static func kg(_ value: Double) -> Mass { Mass(value, .kg) }

    /// Bench: a warm-up, three working sets (10, 8, 9 reps), a drop set and one set not done.
    /// Row: working and failure sets, one logged in pounds. Curl: only a warm-up done.
    /// Plank: two timed holds, 30 s and 45 s.
    static let workout = Workout(
        id: existing(100), ownerID: existing(200), name: "Push", startedAt: startedAt,
        entries: [
            ExerciseEntry(
                id: existing(11), exerciseID: bench, notes: "Touch and go", restSeconds: 150,
                sets: [
                    set(kg(40), 10, .warmup),
                    set(kg(60), 10),
                    set(kg(62.5), 8),
                    set(kg(62.5), 9),
                    set(kg(40), 15, .drop),
                    set(kg(65), 5, done: false),
                ]),
            ExerciseEntry(
                id: existing(12), exerciseID: row, restSeconds: nil,
                sets: [
                    set(kg(70), 8),
                    set(kg(70), 6, .failure),
                    // 150 lb x 0.45359237 = 68.04 kg: lighter than 70 kg.
                    set(Mass(150, .lb), 8),
                ]),
            ExerciseEntry(
                id: existing(13), exerciseID: curl, restSeconds: 60,
                sets: [set(kg(10), 15, .warmup), set(kg(15), 12, done: false)]),
            ExerciseEntry(
                id: existing(14), exerciseID: plank, restSeconds: 60,
                sets: [set(nil, nil, seconds: 30), set(nil, nil, seconds: 45)]),
        ])

    static func plan(_ workout: Workout = workout, weights: Bool) -> [TemplateExercise] {
        var next = 0
        return TemplateFromWorkout.plan(of: workout, weights: weights) {
            next += 1
            return newID(next)
        }
    }

    @Test("Only completed working and failure sets count; warm-ups, drop sets and unticked sets do not")
    func setCounts() {
        // Bench: 3 working (warm-up, drop and the unticked 65 kg left out). Row: 2 working + 1 failure.
        // Plank: 2 holds. Curl is skipped.
        #expect(Self.plan(weights: false).map(\.setCount) == [3, 3, 2])
    }

    @Test("The rep range runs from the fewest to the most reps done: 10, 8, 9 gives 8-10")
    func repRange() {
        let plan = Self.plan(weights: false)
        #expect(plan[0].reps == RepRange(8, 10))
        // Row: 8, 6 (failure), 8.
        #expect(plan[1].reps == RepRange(6, 8))
    }

    @Test("The exercises keep the workout's order; one with no completed working set is left out and listed")
    func orderAndSkipped() {
        #expect(Self.plan(weights: false).map(\.exerciseID) == [Self.bench, Self.row, Self.plank])
        #expect(TemplateFromWorkout.skippedExerciseIDs(of: Self.workout) == [Self.curl])
    }

    @Test("A workout done in another order gives a template in that order")
    func otherOrder() {
        var workout = Self.workout
        workout.entries.reverse()
        #expect(Self.plan(workout, weights: false).map(\.exerciseID) == [Self.plank, Self.row, Self.bench])
        #expect(TemplateFromWorkout.skippedExerciseIDs(of: workout) == [Self.curl])
    }

    @Test("Nothing is skipped when every exercise has a completed working set")
    func nothingSkipped() {
        var workout = Self.workout
        workout.entries.remove(at: 2)
        #expect(TemplateFromWorkout.skippedExerciseIDs(of: workout) == [])
    }

    @Test("A new template leaves weights to history")
    func withoutWeights() {
        #expect(Self.plan(weights: false).map(\.targetWeight) == [nil, nil, nil])
    }

    @Test("Updating values keeps the heaviest completed working weight, compared in kg")
    func withWeights() {
        // Bench: 62.5 kg (the unticked 65 kg does not count). Row: 70 kg beats 150 lb (68.04 kg).
        #expect(Self.plan(weights: true).map(\.targetWeight) == [Mass(62.5, .kg), Mass(70, .kg), nil])
    }

    @Test("Rest comes from the entry, else none (the lifter's); notes come along")
    func restAndNotes() {
        let plan = Self.plan(weights: false)
        #expect(plan.map(\.restSeconds) == [150, nil, 60])
        #expect(plan.map(\.notes) == ["Touch and go", "", ""])
    }

    @Test("A timed exercise (no reps, holds of 30 s and 45 s) targets 45 s")
    func timed() throws {
        let plank = try #require(Self.plan(weights: false).last)
        #expect(plank.exerciseID == Self.plank)
        #expect(plank.targetDurationSeconds == 45)
        #expect(plank.setCount == 2)
        // Lifted exercises have no duration target.
        #expect(Self.plan(weights: false).dropLast().map(\.targetDurationSeconds) == [nil, nil])
    }

    @Test("Every template row gets a fresh id from newID")
    func freshIDs() {
        let ids = Self.plan(weights: false).map(\.id)
        #expect(Set(ids).count == 3)
        #expect(Set(ids).isSubset(of: (1...4).map(Self.newID)))
        #expect(Set(ids).isDisjoint(with: Self.workout.entries.map(\.id)))
    }

    @Test("More than 20 done sets are capped at 20; notes over 500 characters are cut to 500")
    func limits() throws {
        let workout = Workout(
            id: Self.existing(100), ownerID: Self.existing(200), name: "Volume", startedAt: Self.startedAt,
            entries: [
                ExerciseEntry(
                    id: Self.existing(11), exerciseID: Self.curl, notes: String(repeating: "n", count: 600),
                    sets: Array(repeating: Self.set(Self.kg(10), 12), count: 25))
            ])
        let only = try #require(Self.plan(workout, weights: false).first)
        #expect(only.setCount == 20)
        #expect(only.notes == String(repeating: "n", count: 500))
    }

    // MARK: Suggested name

    static let lateEvening = ISO8601DateFormatter().date(from: "2026-11-03T23:30:00Z")!

    @Test("The suggested name uses the day in UTC: 23:30 on Nov 3 is Nov 3")
    func nameInUTC() throws {
        var workout = Self.workout
        workout.startedAt = Self.lateEvening
        #expect(
            TemplateFromWorkout.suggestedName(for: workout, timeZone: try #require(TimeZone(identifier: "UTC")))
                == "Workout on Nov 3")
    }

    @Test("In Berlin the same moment is already Nov 4")
    func nameInBerlin() throws {
        var workout = Self.workout
        workout.startedAt = Self.lateEvening
        // Summer time ended on 25 Oct 2026, so Berlin is UTC+1: 23:30 UTC is 00:30 on Nov 4.
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        #expect(TemplateFromWorkout.suggestedName(for: workout, timeZone: berlin) == "Workout on Nov 4")
    }
}
