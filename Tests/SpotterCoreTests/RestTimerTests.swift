import Foundation
import SpotterCore
import SpotterTestSupport
import Testing

/// Fixed ids and times shared by the rest-timer tests.
private enum Fixture {
    static let setA = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!
    static let setB = UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!

    /// A moment, in seconds since 1970.
    static func time(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }

    /// The set was ticked at 1_700_000_000; rest 90 s.
    static let t0 = time(1_700_000_000)
    /// A 90 s rest started by set A at t0.
    static let running = RestTimer.State(endsAt: time(1_700_000_090), totalSeconds: 90, afterSetID: setA)
}

@Suite("RestTimer.reduce: the rest timer as a state machine")
struct RestTimerReduceTests {
    typealias State = RestTimer.State
    let setA = Fixture.setA
    let setB = Fixture.setB
    func time(_ seconds: TimeInterval) -> Date { Fixture.time(seconds) }

    @Test("The idle state has no end, no length and no set")
    func idle() {
        #expect(State.idle == State(endsAt: nil, totalSeconds: 0, afterSetID: nil))
        #expect(!State.idle.isRunning)
        #expect(Fixture.running.isRunning)
    }

    @Test("Completing a set with 90 s rest starts a countdown ending 90 s later")
    func setCompletedStartsRest() {
        var state = State.idle
        let effects = RestTimer.reduce(&state, .setCompleted(setID: setA, restSeconds: 90, startsRest: true, at: Fixture.t0))
        #expect(state == State(endsAt: time(1_700_000_090), totalSeconds: 90, afterSetID: setA))
        #expect(effects == [.startCountdown(endsAt: time(1_700_000_090))])
    }

    @Test(
        "No rest when the caller says none belongs, or the rest is 0 s or less: idle, nothing to cancel",
        arguments: [(90, false), (0, true), (0, false), (-30, true)])
    func noRestFromIdle(restSeconds: Int, startsRest: Bool) {
        var state = State.idle
        let effects = RestTimer.reduce(
            &state, .setCompleted(setID: setA, restSeconds: restSeconds, startsRest: startsRest, at: Fixture.t0))
        #expect(state == State(endsAt: nil, totalSeconds: 0, afterSetID: nil))
        #expect(effects == [])
    }

    @Test(
        "No rest while another rest runs: the running rest is cancelled",
        arguments: [(90, false), (0, true), (-30, true)])
    func noRestWhileRunning(restSeconds: Int, startsRest: Bool) {
        var state = Fixture.running
        let effects = RestTimer.reduce(
            &state,
            .setCompleted(setID: setB, restSeconds: restSeconds, startsRest: startsRest, at: time(1_700_000_030)))
        #expect(state == State(endsAt: nil, totalSeconds: 0, afterSetID: nil))
        #expect(effects == [.cancelCountdown])
    }

    @Test("+15 s moves the end and the total 15 s later")
    func addFifteen() {
        var state = Fixture.running
        let effects = RestTimer.reduce(&state, .adjustTapped(seconds: 15, at: time(1_700_000_010)))
        #expect(state == State(endsAt: time(1_700_000_105), totalSeconds: 105, afterSetID: setA))
        #expect(effects == [.startCountdown(endsAt: time(1_700_000_105))])

        let again = RestTimer.reduce(&state, .adjustTapped(seconds: 15, at: time(1_700_000_020)))
        #expect(state == State(endsAt: time(1_700_000_120), totalSeconds: 120, afterSetID: setA))
        #expect(again == [.startCountdown(endsAt: time(1_700_000_120))])
    }

    @Test("-15 s moves the end and the total 15 s earlier")
    func subtractFifteen() {
        var state = Fixture.running
        let effects = RestTimer.reduce(&state, .adjustTapped(seconds: -15, at: time(1_700_000_010)))
        #expect(state == State(endsAt: time(1_700_000_075), totalSeconds: 75, afterSetID: setA))
        #expect(effects == [.startCountdown(endsAt: time(1_700_000_075))])
    }

    @Test("-15 s with 10 s left ends the rest: idle and the countdown cancelled")
    func subtractPastNow() {
        var state = Fixture.running
        let effects = RestTimer.reduce(&state, .adjustTapped(seconds: -15, at: time(1_700_000_080)))
        #expect(state == State(endsAt: nil, totalSeconds: 0, afterSetID: nil))
        #expect(effects == [.cancelCountdown])
    }

    @Test("-15 s with exactly 15 s left ends the rest")
    func subtractToExactlyNow() {
        var state = Fixture.running
        let effects = RestTimer.reduce(&state, .adjustTapped(seconds: -15, at: time(1_700_000_075)))
        #expect(state == State(endsAt: nil, totalSeconds: 0, afterSetID: nil))
        #expect(effects == [.cancelCountdown])
    }

    @Test("Adjusting with no rest running does nothing", arguments: [15, -15])
    func adjustWhenIdle(seconds: Int) {
        var state = State.idle
        let effects = RestTimer.reduce(&state, .adjustTapped(seconds: seconds, at: Fixture.t0))
        #expect(state == State(endsAt: nil, totalSeconds: 0, afterSetID: nil))
        #expect(effects == [])
    }

    @Test("The adjustment step is 15 s")
    func adjustmentStep() {
        #expect(RestTimer.adjustmentStep == 15)
    }

    @Test("Skip ends a running rest")
    func skipRunning() {
        var state = Fixture.running
        let effects = RestTimer.reduce(&state, .skipTapped)
        #expect(state == State(endsAt: nil, totalSeconds: 0, afterSetID: nil))
        #expect(effects == [.cancelCountdown])
    }

    @Test("Skip with no rest running has no effect")
    func skipIdle() {
        var state = State.idle
        let effects = RestTimer.reduce(&state, .skipTapped)
        #expect(state == State(endsAt: nil, totalSeconds: 0, afterSetID: nil))
        #expect(effects == [])
    }

    @Test("A tick before the end changes nothing", arguments: [1_700_000_000.0, 1_700_000_045.0, 1_700_000_089.5])
    func elapsedEarly(at seconds: TimeInterval) {
        var state = Fixture.running
        let effects = RestTimer.reduce(&state, .timerElapsed(at: time(seconds)))
        #expect(state == State(endsAt: time(1_700_000_090), totalSeconds: 90, afterSetID: setA))
        #expect(effects == [])
    }

    @Test("At or after the end the rest is over", arguments: [1_700_000_090.0, 1_700_000_090.5, 1_700_003_600.0])
    func elapsedAtOrAfterEnd(at seconds: TimeInterval) {
        var state = Fixture.running
        let effects = RestTimer.reduce(&state, .timerElapsed(at: time(seconds)))
        #expect(state == State(endsAt: nil, totalSeconds: 0, afterSetID: nil))
        #expect(effects == [.restOver])
    }

    @Test("A tick with no rest running does nothing")
    func elapsedIdle() {
        var state = State.idle
        let effects = RestTimer.reduce(&state, .timerElapsed(at: time(1_700_000_090)))
        #expect(state == State(endsAt: nil, totalSeconds: 0, afterSetID: nil))
        #expect(effects == [])
    }

    @Test("Unticking the set that started the rest cancels it")
    func reopenSameSet() {
        var state = Fixture.running
        let effects = RestTimer.reduce(&state, .setReopened(setID: setA))
        #expect(state == State(endsAt: nil, totalSeconds: 0, afterSetID: nil))
        #expect(effects == [.cancelCountdown])
    }

    @Test("Unticking another set leaves the rest running")
    func reopenOtherSet() {
        var state = Fixture.running
        let effects = RestTimer.reduce(&state, .setReopened(setID: setB))
        #expect(state == State(endsAt: time(1_700_000_090), totalSeconds: 90, afterSetID: setA))
        #expect(effects == [])
    }

    @Test("Unticking a set with no rest running does nothing")
    func reopenIdle() {
        var state = State.idle
        let effects = RestTimer.reduce(&state, .setReopened(setID: setA))
        #expect(state == State(endsAt: nil, totalSeconds: 0, afterSetID: nil))
        #expect(effects == [])
    }

    @Test("A second completed set replaces the running rest")
    func secondSetReplaces() {
        var state = Fixture.running
        let effects = RestTimer.reduce(
            &state, .setCompleted(setID: setB, restSeconds: 120, startsRest: true, at: time(1_700_000_060)))
        #expect(state == State(endsAt: time(1_700_000_180), totalSeconds: 120, afterSetID: setB))
        #expect(effects == [.startCountdown(endsAt: time(1_700_000_180))])

        // The first set no longer owns the rest: unticking it leaves the new one alone.
        let reopened = RestTimer.reduce(&state, .setReopened(setID: setA))
        #expect(state == State(endsAt: time(1_700_000_180), totalSeconds: 120, afterSetID: setB))
        #expect(reopened == [])
    }

    @Test(
        "Seconds left round up and never go negative (what a page shows after the phone slept)",
        arguments: [
            (1_700_000_000.0, 90),  // just started
            (1_700_000_000.8, 90),  // 89.2 s left
            (1_700_000_030.0, 60),  // exactly 60 s left
            (1_700_000_089.5, 1),  // half a second left
            (1_700_000_089.999, 1),
            (1_700_000_090.0, 0),  // the end
            (1_700_000_100.0, 0),  // 10 s past the end
            (1_700_003_600.0, 0),  // an hour later
        ])
    func remainingSeconds(now: TimeInterval, expected: Int) {
        #expect(Fixture.running.remainingSeconds(at: time(now)) == expected)
    }

    @Test("An idle timer has 0 s left")
    func remainingWhenIdle() {
        #expect(State.idle.remainingSeconds(at: Fixture.t0) == 0)
    }

    @Test("The state survives being stored as JSON with the workout")
    func codableRoundTrip() throws {
        let data = try JSONEncoder().encode(Fixture.running)
        #expect(try JSONDecoder().decode(State.self, from: data) == Fixture.running)
        let idleData = try JSONEncoder().encode(State.idle)
        #expect(try JSONDecoder().decode(State.self, from: idleData) == State.idle)
    }
}

@Suite("RestTimer.event(completing:): which rest follows ticking a set done")
struct RestTimerEventTests {
    static func id(_ n: Int) -> UUID { .numbered(n) }

    static let updated = Date(timeIntervalSince1970: 1_699_990_000)
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    // Bench: own rest 120 s; sets 11 (warm-up), 12, 13 (working).
    static let bench1 = id(11), bench2 = id(12), bench3 = id(13)
    // Curl: no rest of its own; sets 21, 22 (working), 23 (drop).
    static let curl1 = id(21), curl2 = id(22), curl3 = id(23)
    // Plank: last exercise, own rest 60 s; sets 31, 32.
    static let plank1 = id(31), plank2 = id(32)

    static func set(_ id: UUID, _ kind: SetKind = .working) -> WorkoutSet {
        WorkoutSet(id: id, kind: kind, reps: 5, weight: Mass(100, .kg), updatedAt: updated)
    }

    static let workout = Workout(
        id: id(1), ownerID: id(2), name: "Push", startedAt: Date(timeIntervalSince1970: 1_699_999_000),
        entries: [
            ExerciseEntry(
                id: id(100), exerciseID: id(200), restSeconds: 120,
                sets: [set(bench1, .warmup), set(bench2), set(bench3)]),
            ExerciseEntry(
                id: id(101), exerciseID: id(201), restSeconds: nil,
                sets: [set(curl1), set(curl2), set(curl3, .drop)]),
            ExerciseEntry(
                id: id(102), exerciseID: id(202), restSeconds: 60,
                sets: [set(plank1), set(plank2)]),
        ])

    @Test("The entry's own rest wins over the lifter's default")
    func entryRestWins() {
        let event = RestTimer.event(completing: Self.bench2, in: Self.workout, defaultRestSeconds: 90, at: Self.t0)
        #expect(event == .setCompleted(setID: Self.bench2, restSeconds: 120, startsRest: true, at: Self.t0))
    }

    @Test("A warm-up is followed by the exercise's rest too")
    func warmupRest() {
        let event = RestTimer.event(completing: Self.bench1, in: Self.workout, defaultRestSeconds: 90, at: Self.t0)
        #expect(event == .setCompleted(setID: Self.bench1, restSeconds: 120, startsRest: true, at: Self.t0))
    }

    @Test("The lifter's default applies when the entry has no rest of its own")
    func defaultApplies() {
        let event = RestTimer.event(completing: Self.curl1, in: Self.workout, defaultRestSeconds: 90, at: Self.t0)
        #expect(event == .setCompleted(setID: Self.curl1, restSeconds: 90, startsRest: true, at: Self.t0))
    }

    @Test("Rest follows the last set of an exercise that is not the last one")
    func lastSetOfNonLastEntry() {
        let event = RestTimer.event(completing: Self.bench3, in: Self.workout, defaultRestSeconds: 90, at: Self.t0)
        #expect(event == .setCompleted(setID: Self.bench3, restSeconds: 120, startsRest: true, at: Self.t0))
        // A drop set that ends an exercise is followed by rest before the next exercise.
        let afterDrop = RestTimer.event(completing: Self.curl3, in: Self.workout, defaultRestSeconds: 90, at: Self.t0)
        #expect(afterDrop == .setCompleted(setID: Self.curl3, restSeconds: 90, startsRest: true, at: Self.t0))
    }

    @Test("No rest when the next set of the same exercise is a drop set")
    func noRestBeforeDrop() {
        let event = RestTimer.event(completing: Self.curl2, in: Self.workout, defaultRestSeconds: 90, at: Self.t0)
        #expect(event == .setCompleted(setID: Self.curl2, restSeconds: 90, startsRest: false, at: Self.t0))
    }

    @Test("No rest after the last set of the workout")
    func noRestAfterLastSet() {
        let event = RestTimer.event(completing: Self.plank2, in: Self.workout, defaultRestSeconds: 90, at: Self.t0)
        #expect(event == .setCompleted(setID: Self.plank2, restSeconds: 60, startsRest: false, at: Self.t0))
        // The last exercise's earlier sets still rest.
        let first = RestTimer.event(completing: Self.plank1, in: Self.workout, defaultRestSeconds: 90, at: Self.t0)
        #expect(first == .setCompleted(setID: Self.plank1, restSeconds: 60, startsRest: true, at: Self.t0))
    }

    @Test("A set's place: its entry's rest, the next set's kind, and whether it ends the workout")
    func setPlace() {
        typealias Place = RestTimer.SetPlace
        #expect(
            Place(of: Self.bench1, in: Self.workout)
                == Place(entryRestSeconds: 120, nextSetKind: .working, isLastOfWorkout: false))
        #expect(
            Place(of: Self.bench3, in: Self.workout) == Place(entryRestSeconds: 120, nextSetKind: nil, isLastOfWorkout: false))
        #expect(
            Place(of: Self.curl2, in: Self.workout) == Place(entryRestSeconds: nil, nextSetKind: .drop, isLastOfWorkout: false))
        #expect(Place(of: Self.plank2, in: Self.workout) == Place(entryRestSeconds: 60, nextSetKind: nil, isLastOfWorkout: true))
        #expect(Place(of: Self.id(999), in: Self.workout) == nil)
        // The store reads the place with SQL and asks the rule directly.
        let place = Place(entryRestSeconds: nil, nextSetKind: .drop, isLastOfWorkout: false)
        #expect(
            RestTimer.event(completing: Self.curl2, at: place, defaultRestSeconds: 75, at: Self.t0)
                == .setCompleted(setID: Self.curl2, restSeconds: 75, startsRest: false, at: Self.t0))
    }

    @Test("An unknown set gives no event")
    func unknownSet() {
        #expect(RestTimer.event(completing: Self.id(999), in: Self.workout, defaultRestSeconds: 90, at: Self.t0) == nil)
        let empty = Workout(id: Self.id(3), ownerID: Self.id(2), name: "Empty", startedAt: Self.t0)
        #expect(RestTimer.event(completing: Self.bench1, in: empty, defaultRestSeconds: 90, at: Self.t0) == nil)
    }

    @Test("The time passed in is the time in the event")
    func timeIsPassedThrough() {
        let later = Date(timeIntervalSince1970: 1_700_000_456)
        let event = RestTimer.event(completing: Self.bench2, in: Self.workout, defaultRestSeconds: 90, at: later)
        #expect(event == .setCompleted(setID: Self.bench2, restSeconds: 120, startsRest: true, at: later))
    }
}

@Suite("RestTimer: a whole session, step by step")
struct RestTimerScenarioTests {
    typealias State = RestTimer.State
    static func id(_ n: Int) -> UUID { .numbered(n) }
    static func time(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }

    @Test("Squat with a drop set, then lunges; the lifter adjusts, unticks, skips and finishes")
    func fullSession() throws {
        let squat1 = Self.id(11), squat2 = Self.id(12), squat3 = Self.id(13)
        let lunge1 = Self.id(21), lunge2 = Self.id(22)
        let updated = Self.time(1_699_990_000)
        func set(_ id: UUID, _ kind: SetKind = .working) -> WorkoutSet {
            WorkoutSet(id: id, kind: kind, reps: 5, weight: Mass(100, .kg), updatedAt: updated)
        }
        var workout = Workout(
            id: Self.id(1), ownerID: Self.id(2), name: "Legs", startedAt: Self.time(1_699_999_000),
            entries: [
                ExerciseEntry(
                    id: Self.id(100), exerciseID: Self.id(200), restSeconds: 120,
                    sets: [set(squat1), set(squat2), set(squat3, .drop)]),
                ExerciseEntry(id: Self.id(101), exerciseID: Self.id(201), sets: [set(lunge1), set(lunge2)]),
            ])
        #expect(workout.rest == State(endsAt: nil, totalSeconds: 0, afterSetID: nil))

        func complete(_ setID: UUID, at seconds: TimeInterval) throws -> [RestTimer.Effect] {
            let event = try #require(
                RestTimer.event(completing: setID, in: workout, defaultRestSeconds: 90, at: Self.time(seconds)))
            return RestTimer.reduce(&workout.rest, event)
        }

        // 1. Squat set 1 done: the squat's own 120 s rest starts.
        var effects = try complete(squat1, at: 1_700_000_000)
        #expect(workout.rest == State(endsAt: Self.time(1_700_000_120), totalSeconds: 120, afterSetID: squat1))
        #expect(effects == [.startCountdown(endsAt: Self.time(1_700_000_120))])

        // 2. +15 s at 30 s in.
        effects = RestTimer.reduce(&workout.rest, .adjustTapped(seconds: 15, at: Self.time(1_700_000_030)))
        #expect(workout.rest == State(endsAt: Self.time(1_700_000_135), totalSeconds: 135, afterSetID: squat1))
        #expect(effects == [.startCountdown(endsAt: Self.time(1_700_000_135))])

        // 3. The phone slept; the page wakes at 1_700_000_100.4 and shows 34.6 s rounded up.
        #expect(workout.rest.remainingSeconds(at: Self.time(1_700_000_100.4)) == 35)

        // 4. An early tick changes nothing.
        effects = RestTimer.reduce(&workout.rest, .timerElapsed(at: Self.time(1_700_000_134)))
        #expect(workout.rest == State(endsAt: Self.time(1_700_000_135), totalSeconds: 135, afterSetID: squat1))
        #expect(effects == [])

        // 5. The end: rest over.
        effects = RestTimer.reduce(&workout.rest, .timerElapsed(at: Self.time(1_700_000_135)))
        #expect(workout.rest == State(endsAt: nil, totalSeconds: 0, afterSetID: nil))
        #expect(effects == [.restOver])

        // 6. Squat set 2 done: a drop set follows, so no rest, nothing to cancel.
        effects = try complete(squat2, at: 1_700_000_200)
        #expect(workout.rest == State(endsAt: nil, totalSeconds: 0, afterSetID: nil))
        #expect(effects == [])

        // 7. The drop set done: last squat set, but not the last of the workout: 120 s.
        effects = try complete(squat3, at: 1_700_000_230)
        #expect(workout.rest == State(endsAt: Self.time(1_700_000_350), totalSeconds: 120, afterSetID: squat3))
        #expect(effects == [.startCountdown(endsAt: Self.time(1_700_000_350))])

        // 8. Unticking set 2 leaves the rest of set 3 alone.
        effects = RestTimer.reduce(&workout.rest, .setReopened(setID: squat2))
        #expect(workout.rest == State(endsAt: Self.time(1_700_000_350), totalSeconds: 120, afterSetID: squat3))
        #expect(effects == [])

        // 9. Unticking set 3 cancels its rest.
        effects = RestTimer.reduce(&workout.rest, .setReopened(setID: squat3))
        #expect(workout.rest == State(endsAt: nil, totalSeconds: 0, afterSetID: nil))
        #expect(effects == [.cancelCountdown])

        // 10. Ticked again: a fresh 120 s from now.
        effects = try complete(squat3, at: 1_700_000_260)
        #expect(workout.rest == State(endsAt: Self.time(1_700_000_380), totalSeconds: 120, afterSetID: squat3))
        #expect(effects == [.startCountdown(endsAt: Self.time(1_700_000_380))])

        // 11. -15 s.
        effects = RestTimer.reduce(&workout.rest, .adjustTapped(seconds: -15, at: Self.time(1_700_000_300)))
        #expect(workout.rest == State(endsAt: Self.time(1_700_000_365), totalSeconds: 105, afterSetID: squat3))
        #expect(effects == [.startCountdown(endsAt: Self.time(1_700_000_365))])

        // 12. Skip.
        effects = RestTimer.reduce(&workout.rest, .skipTapped)
        #expect(workout.rest == State(endsAt: nil, totalSeconds: 0, afterSetID: nil))
        #expect(effects == [.cancelCountdown])

        // 13. Skip again: nothing running, nothing to do.
        effects = RestTimer.reduce(&workout.rest, .skipTapped)
        #expect(workout.rest == State(endsAt: nil, totalSeconds: 0, afterSetID: nil))
        #expect(effects == [])

        // 14. Lunge set 1: no rest of its own, the default 90 s.
        effects = try complete(lunge1, at: 1_700_000_400)
        #expect(workout.rest == State(endsAt: Self.time(1_700_000_490), totalSeconds: 90, afterSetID: lunge1))
        #expect(effects == [.startCountdown(endsAt: Self.time(1_700_000_490))])

        // 15. The last set of the workout, done during that rest: the rest is cancelled.
        effects = try complete(lunge2, at: 1_700_000_470)
        #expect(workout.rest == State(endsAt: nil, totalSeconds: 0, afterSetID: nil))
        #expect(effects == [.cancelCountdown])
        #expect(workout.rest.remainingSeconds(at: Self.time(1_700_000_480)) == 0)
    }
}

@Suite("RestTimer in a superset: the rest comes after the round's last exercise")
struct RestTimerSupersetTests {
    static func id(_ n: Int) -> UUID { .numbered(n) }
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    static func set(_ n: Int) -> WorkoutSet {
        WorkoutSet(
            id: id(n), kind: .working, reps: 10, weight: Mass(20, .kg), updatedAt: Date(timeIntervalSince1970: 1_699_990_000))
    }

    // Curl (A, 60 s) and pushdown (A, 90 s) as a superset, then a row on its own (B, none).
    static let workout = Workout(
        id: id(1), ownerID: id(2), name: "Arms", startedAt: Date(timeIntervalSince1970: 1_699_999_000),
        entries: [
            ExerciseEntry(id: id(100), exerciseID: id(200), supersetGroup: 1, restSeconds: 60, sets: [set(11), set(12)]),
            ExerciseEntry(id: id(101), exerciseID: id(201), supersetGroup: 1, restSeconds: 90, sets: [set(21), set(22)]),
            ExerciseEntry(id: id(102), exerciseID: id(202), supersetGroup: 2, sets: [set(31), set(32)]),
        ])

    @Test("a curl set goes straight on to the pushdown: no rest, whichever curl set it is", arguments: [11, 12])
    func insideTheRound(set: Int) {
        let event = RestTimer.event(completing: Self.id(set), in: Self.workout, defaultRestSeconds: 120, at: Self.t0)
        #expect(event == .setCompleted(setID: Self.id(set), restSeconds: 60, startsRest: false, at: Self.t0))
    }

    @Test("a pushdown set ends the round: the pushdown's 90 s rest", arguments: [21, 22])
    func endOfTheRound(set: Int) {
        let event = RestTimer.event(completing: Self.id(set), in: Self.workout, defaultRestSeconds: 120, at: Self.t0)
        #expect(event == .setCompleted(setID: Self.id(set), restSeconds: 90, startsRest: true, at: Self.t0))
    }

    @Test("another group is not the same superset: the row's first set rests the default 120 s")
    func otherGroup() {
        #expect(
            RestTimer.event(completing: Self.id(31), in: Self.workout, defaultRestSeconds: 120, at: Self.t0)
                == .setCompleted(setID: Self.id(31), restSeconds: 120, startsRest: true, at: Self.t0))
        #expect(RestTimer.SetPlace.sameSuperset(nil, nil) == false, "no group is no superset")
    }
}
