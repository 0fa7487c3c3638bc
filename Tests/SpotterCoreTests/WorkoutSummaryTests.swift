import Foundation
import SpotterCore
import Testing

@Suite("Workout summary: duration, exercises, completed sets and volume")
struct WorkoutSummaryTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)
    static let (bench, pullUp) = (UUID(), UUID())

    static func set(_ kind: SetKind = .working, reps: Int, kg: Double? = nil, done: Bool = true) -> WorkoutSet {
        WorkoutSet(id: UUID(), kind: kind, reps: reps, weight: kg.map { Mass($0, .kg) }, done: done, updatedAt: start)
    }

    /// Bench: a 60 kg x 10 warm-up, 100 kg x 5 twice, and one 100 x 5 not ticked;
    /// pull-ups: 10 and 8 bodyweight reps.
    static func workout(endedAt: Date?) -> Workout {
        Workout(
            id: UUID(), ownerID: UUID(), name: "Upper", startedAt: start, endedAt: endedAt,
            entries: [
                ExerciseEntry(
                    id: UUID(), exerciseID: bench,
                    sets: [
                        set(.warmup, reps: 10, kg: 60), set(reps: 5, kg: 100), set(reps: 5, kg: 100),
                        set(reps: 5, kg: 100, done: false),
                    ]),
                ExerciseEntry(id: UUID(), exerciseID: pullUp, sets: [set(reps: 10), set(reps: 8)]),
            ])
    }

    static let kinds: [UUID: ExerciseKind] = [bench: .weightReps, pullUp: .bodyweightReps]

    @Test("a finished hour: 2 exercises, 5 completed sets (the warm-up counts as done), 1000 kg and 18 bodyweight reps")
    func finished() {
        let summary = WorkoutSummary.of(
            Self.workout(endedAt: Self.start + 3_600), kinds: Self.kinds, unit: .kg, now: Self.start + 99_999)
        // 2 x (100 x 5) = 1000 kg; the warm-up and the unticked set add nothing.
        #expect(
            summary == WorkoutSummary(durationSeconds: 3_600, exerciseCount: 2, setCount: 5, volume: 1_000, bodyweightReps: 18))
    }

    @Test("an active workout runs until now; in pounds 1000 kg is 2204.6 lb, to a tenth")
    func activeInPounds() {
        let summary = WorkoutSummary.of(Self.workout(endedAt: nil), kinds: Self.kinds, unit: .lb, now: Self.start + 754)
        #expect(summary.durationSeconds == 754)
        // 1000 / 0.45359237 = 2204.62 lb.
        #expect(summary.volume == 2_204.6)
    }

    @Test(
        "compared with the last time: 8,310.4 kg in 1 h 35 min against 7,990 kg in 1 h 40 min is +320.4 kg, 5 min less, 2 sets more"
    )
    func change() {
        let today = WorkoutSummary(durationSeconds: 5_700, exerciseCount: 6, setCount: 30, volume: 8_310.4, bodyweightReps: 0)
        let before = WorkoutSummary(durationSeconds: 6_000, exerciseCount: 6, setCount: 28, volume: 7_990, bodyweightReps: 12)
        #expect(today.change(since: before) == WorkoutSummary.Change(durationSeconds: -300, setCount: 2, volume: 320.4))
        #expect(before.change(since: today) == WorkoutSummary.Change(durationSeconds: 300, setCount: -2, volume: -320.4))
        #expect(today.change(since: today) == WorkoutSummary.Change(durationSeconds: 0, setCount: 0, volume: 0))
    }

    @Test("a clock behind the start gives no negative duration")
    func clockBehind() {
        #expect(
            WorkoutSummary.of(Self.workout(endedAt: nil), kinds: Self.kinds, unit: .kg, now: Self.start - 30).durationSeconds == 0
        )
    }
}

@Suite("When a set was done")
struct SetLoggedTests {
    static let (earlier, now) = (Date(timeIntervalSince1970: 1_700_000_000), Date(timeIntervalSince1970: 1_700_000_600))

    @Test("ticked done: now; still done after an edit: kept; reopened: cleared")
    func logged() {
        var set = WorkoutSet(id: UUID(), reps: 5, done: true, updatedAt: Self.now)
        set.noteLogged(wasDone: false, now: Self.now)
        #expect(set.loggedAt == Self.now)
        set.loggedAt = Self.earlier
        set.noteLogged(wasDone: true, now: Self.now)
        #expect(set.loggedAt == Self.earlier, "an edit of a done set keeps when it was done")
        set.done = false
        set.noteLogged(wasDone: true, now: Self.now)
        #expect(set.loggedAt == nil)
    }
}
