import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

/// Ana on a fresh store with a guided template, "Guided Legs": Safety Bar Squat 2 x 5
/// at 100 kg with 60 s rest, a 30 s break, Wall Sit 2 x 40 s with 20 s rest (the
/// timeline of `GuidedPlayerTests`). Times in the tests are seconds after `now`.
struct GuidedWorld: Sendable {
    let store: SpotterStore
    let clock: StoreTestClock
    let ana: User
    let ben: User
    let squat: UUID
    let wallSit: UUID
    let legs: WorkoutTemplate

    var service: GuidedService { GuidedService(store: store, clock: { [clock] in clock.date }) }
    var templates: TemplateService { TemplateService(store: store, clock: { [clock] in clock.date }) }
    var workouts: WorkoutRepository { WorkoutRepository(store: store) }

    func count(_ table: String) async throws -> Int { try await TestEnvironment.count(table, in: store) }

    static let items: [GuidedPlayer.Item] = [
        .exercise(sets: 2, seconds: nil, restSeconds: 60), .pause(seconds: 30), .exercise(sets: 2, seconds: 40, restSeconds: 20),
    ]

    /// The player's state `seconds` after `now`-relative times, started at `started`.
    static func state(
        _ item: Int, _ set: Int, _ phase: GuidedPlayer.Phase, endsAt: Double? = nil, total: Int = 0, pausedRemaining: Int? = nil,
        paused: Bool = false, pausedSeconds: Int = 0, pausedAt: Double? = nil, started: Double = 0
    ) -> GuidedPlayer.State {
        GuidedPlayer.State(
            item: item, set: set, phase: phase, endsAt: endsAt.map { now.addingTimeInterval($0) }, totalSeconds: total,
            pausedRemaining: pausedRemaining,
            isPaused: paused, startedAt: now.addingTimeInterval(started), pausedSeconds: pausedSeconds,
            pausedAt: pausedAt.map { now.addingTimeInterval($0) })
    }

    func play(_ template: UUID? = nil, workoutID: UUID, replaceActive: Bool = false, user: User? = nil) async throws
        -> GuidedService.Snapshot
    {
        try await service.play(
            templateID: template ?? legs.id, workoutID: workoutID, replaceActive: replaceActive, user: user ?? ana)
    }

    @discardableResult
    func send(
        _ action: GuidedService.Action, at seconds: Double, expected: (item: Int, set: Int, phase: GuidedPlayer.Phase)? = nil,
        values: SetDraft = SetDraft(), workout: UUID
    ) async throws -> GuidedService.Snapshot {
        clock.set(seconds)
        return try await service.send(action, expected: expected, values: values, workoutID: workout, user: ana)
    }

    func snapshot(at seconds: Double, workout: UUID) async throws -> GuidedService.Snapshot {
        clock.set(seconds)
        return try await service.snapshot(workout, user: ana)
    }

    /// Ana's workout as stored.
    func workout(_ id: UUID) async throws -> Workout { try #require(try await workouts.find(id: id, userID: ana.id)) }

    /// Each entry's sets as "reps x kg done" / "40 s" with a check mark when done.
    func sets(_ id: UUID) async throws -> [[String]] {
        try await workout(id).entries.map { entry in
            entry.sets.map { set in
                let what =
                    set.durationSeconds.map { "\($0) s" }
                    ?? "\(set.reps ?? 0) x \(set.weight.map { "\($0.value)" } ?? "-") \(set.weight?.unit.rawValue ?? "")"
                return what + (set.done ? " done" : "")
            }
        }
    }
}

func withGuided(_ engine: TestDatabase, _ body: @escaping @Sendable (GuidedWorld) async throws -> Void) async throws {
    try await TestEnvironment.with(engine) { env in
        try await env.withStore { store in
            let ana = try await makeUser("ana", in: store)
            let ben = try await makeUser("ben", in: store)
            let exercises = ExerciseService.stopped(at: now, store: store)
            let squat = try await exercises.create(draft: benchDraft("Safety Bar Squat"), userID: ana.id).id
            let wallSit = try await exercises.create(draft: benchDraft("Wall Sit"), userID: ana.id).id
            let clock = StoreTestClock()
            let templates = TemplateService(store: store, clock: { [clock] in clock.date })
            let legs = try await templates.create(
                id: UUID(),
                draft: TemplateDraft(
                    name: "Guided Legs",
                    exercises: [
                        .init(
                            exerciseID: squat, setCount: 2, repMin: 5, repMax: 5, targetWeight: 100, weightUnit: "kg",
                            restSeconds: 60),
                        .init(exerciseID: wallSit, setCount: 2, restSeconds: 20, targetDurationSeconds: 40),
                    ],
                    breaks: [.init(position: 1, seconds: 30)], guided: true),
                user: ana)
            try await body(
                GuidedWorld(store: store, clock: clock, ana: ana, ben: ben, squat: squat, wallSit: wallSit, legs: legs))
        }
    }
}

@Suite("Guided service: playing a template's timeline into an ordinary workout")
struct GuidedServiceTests {
    typealias W = GuidedWorld

    @Test(
        "A play-through: every action's state, the sets logged with the values sent, the workout finished into history and records",
        arguments: TestDatabase.all)
    func playThrough(engine: TestDatabase) async throws {
        try await withGuided(engine) { w in
            let id = UUID()
            let started = try await w.play(workoutID: id)
            #expect(started.workoutID == id)
            #expect(started.state == W.state(0, 0, .set))
            #expect(started.plan.items == W.items)
            #expect(started.plan.templateID == w.legs.id)
            let workout = try #require(started.workout)
            #expect(workout.isActive)
            #expect(workout.name == "Guided Legs")
            #expect(workout.templateID == w.legs.id)
            #expect(workout.entries.map(\.exerciseID) == [w.squat, w.wallSit])
            #expect(started.plan.entryIDs == [workout.entries[0].id, nil, workout.entries[1].id], "the break has no entry")
            #expect(started.exercises[w.squat]?.name == "Safety Bar Squat")
            #expect(try await w.sets(id) == [["5 x 100.0 kg", "5 x 100.0 kg"], ["40 s", "40 s"]], "planned, nothing done")

            // Set 1 done at 30 with 6 x 102.5 kg: the rest runs 30-90.
            var snap = try await w.send(
                .complete, at: 30, expected: (0, 0, .set), values: SetDraft(reps: 6, weight: 102.5), workout: id)
            #expect(snap.state == W.state(0, 1, .rest, endsAt: 90, total: 60))
            #expect(snap.workout == nil, "an action answers without the workout")
            #expect(try await w.sets(id) == [["6 x 102.5 kg done", "5 x 100.0 kg"], ["40 s", "40 s"]])

            snap = try await w.send(.extend, at: 60, workout: id)
            #expect(snap.state == W.state(0, 1, .rest, endsAt: 105, total: 75), "+15 s at 60: 90 + 15")
            #expect(snap.state.remainingSeconds(at: snap.now) == 45)

            snap = try await w.snapshot(at: 105, workout: id)
            #expect(snap.state == W.state(0, 1, .set), "the rest ended at 105: set 2 waits")

            // Set 2 done as planned: the break runs 130-160.
            snap = try await w.send(.complete, at: 130, expected: (0, 1, .set), workout: id)
            #expect(snap.state == W.state(1, 0, .pause, endsAt: 160, total: 30))
            #expect(try await w.sets(id) == [["6 x 102.5 kg done", "5 x 100.0 kg done"], ["40 s", "40 s"]])

            snap = try await w.send(.pause, at: 140, workout: id)
            #expect(snap.state == W.state(1, 0, .pause, total: 30, pausedRemaining: 20, paused: true, pausedAt: 140))
            snap = try await w.snapshot(at: 190, workout: id)
            #expect(snap.state.remainingSeconds(at: snap.now) == 20, "paused: still 20 s")
            snap = try await w.send(.resume, at: 200, workout: id)
            #expect(snap.state == W.state(1, 0, .pause, endsAt: 220, total: 30, pausedSeconds: 60))

            // Nobody looked from 200 to 300: the break ended at 220, wall sit 1 ran 220-260
            // and logged itself, its rest ran 260-280, wall sit 2 runs 280-320.
            snap = try await w.snapshot(at: 300, workout: id)
            #expect(snap.state == W.state(2, 1, .timedSet, endsAt: 320, total: 40, pausedSeconds: 60))
            #expect(snap.state.remainingSeconds(at: snap.now) == 20)
            #expect(try await w.sets(id) == [["6 x 102.5 kg done", "5 x 100.0 kg done"], ["40 s done", "40 s"]])
            #expect(
                try await w.workout(id).entries[1].sets[0].updatedAt == Foundation.Date(timeIntervalSince1970: 1_790_000_260),
                "done when it ran out")

            // The last set skipped: the workout is finished, the skipped set not done.
            snap = try await w.send(.skip, at: 305, expected: (2, 1, .timedSet), workout: id)
            #expect(snap.state == W.state(2, 0, .finished, pausedSeconds: 60))
            let finished = try await w.workout(id)
            #expect(finished.endedAt == Foundation.Date(timeIntervalSince1970: 1_790_000_305))
            #expect(try await w.sets(id) == [["6 x 102.5 kg done", "5 x 100.0 kg done"], ["40 s done", "40 s"]])
            #expect(try await w.workouts.history(userID: w.ana.id).map(\.id) == [id])
            #expect(try await w.workouts.active(userID: w.ana.id) == nil)

            // The squat sets count for records: heaviest 102.5, best set 6 x 102.5 = 615, session 615 + 500 = 1115.
            let bests = try #require(
                try await ProgressRepository(store: w.store).bests(userID: w.ana.id, exerciseIDs: [w.squat])[w.squat])
            #expect(bests.heaviest == 102.5)
            #expect(bests.setVolume == 615)
            #expect(bests.sessionVolume == 1_115)
            #expect(bests.weightForReps[6] == 102.5)
            #expect(bests.weightForReps[5] == 102.5)
            #expect(bests.weightForReps[7] == nil)

            // A finished player does nothing more, and reads as finished.
            snap = try await w.send(.complete, at: 400, workout: id)
            #expect(snap.state == W.state(2, 0, .finished, pausedSeconds: 60))
            #expect(try await w.count("workout_sets") == 4)
        }
    }

    @Test("A reload 10 s into a rest shows 50 s left, and the rest still ends when it was due", arguments: TestDatabase.all)
    func reloadMidRest(engine: TestDatabase) async throws {
        try await withGuided(engine) { w in
            let id = UUID()
            _ = try await w.play(workoutID: id)
            try await w.send(.complete, at: 12, workout: id)
            let reload = try await w.snapshot(at: 22, workout: id)
            #expect(reload.state == W.state(0, 1, .rest, endsAt: 72, total: 60))
            #expect(reload.state.remainingSeconds(at: reload.now) == 50)
            #expect(reload.workout?.entries.first?.sets.map(\.done) == [true, false], "the page gets the sets again")
            let second = try await w.snapshot(at: 71.5, workout: id)
            #expect(second.state.remainingSeconds(at: second.now) == 1, "half a second shows as 1")
            #expect(try await w.snapshot(at: 72, workout: id).state == W.state(0, 1, .set))
        }
    }

    @Test("A timed set that ran out while nobody looked is logged as planned by the next read, once", arguments: TestDatabase.all)
    func timedSetRanOut(engine: TestDatabase) async throws {
        try await withGuided(engine) { w in
            let id = UUID()
            _ = try await w.play(workoutID: id)
            try await w.send(.complete, at: 10, workout: id)
            try await w.send(.skip, at: 20, workout: id)  // the rest
            try await w.send(.complete, at: 30, workout: id)  // set 2: the break runs 30-60
            // The break ended at 60, wall sit 1 ran 60-100; read at 100.
            let read = try await w.snapshot(at: 100, workout: id)
            #expect(read.state == W.state(2, 1, .rest, endsAt: 120, total: 20))
            #expect(try await w.sets(id)[1] == ["40 s done", "40 s"])
            // A "complete" for the set the lifter still saw changes nothing: it is already done.
            let late = try await w.send(
                .complete, at: 101, expected: (2, 0, .timedSet), values: SetDraft(durationSeconds: 35), workout: id)
            #expect(late.state == W.state(2, 1, .rest, endsAt: 120, total: 20))
            #expect(try await w.sets(id)[1] == ["40 s done", "40 s"], "not logged again, not changed to 35 s")
            _ = try await w.snapshot(at: 102, workout: id)
            #expect(try await w.count("workout_sets") == 4)
        }
    }

    @Test("A stale tap (the card the lifter saw is gone) changes nothing: no second set logged", arguments: TestDatabase.all)
    func staleTap(engine: TestDatabase) async throws {
        try await withGuided(engine) { w in
            let id = UUID()
            _ = try await w.play(workoutID: id)
            try await w.send(.complete, at: 10, expected: (0, 0, .set), values: SetDraft(reps: 5, weight: 100), workout: id)
            // The same tap again (a second device, a double tap): the player is resting now.
            let again = try await w.send(
                .complete, at: 11, expected: (0, 0, .set), values: SetDraft(reps: 3, weight: 90), workout: id)
            #expect(again.state == W.state(0, 1, .rest, endsAt: 70, total: 60))
            #expect(try await w.sets(id)[0] == ["5 x 100.0 kg done", "5 x 100.0 kg"])
            for action in [GuidedService.Action.skip, .extend, .pause] {
                let stale = try await w.send(action, at: 12, expected: (0, 0, .set), workout: id)
                #expect(stale.state == W.state(0, 1, .rest, endsAt: 70, total: 60), "\(action) for a card that is gone")
            }
            #expect(try await w.sets(id)[0] == ["5 x 100.0 kg done", "5 x 100.0 kg"])
        }
    }

    @Test(
        "Stop and keep: the workout is finished with the sets done so far and the player reads as finished",
        arguments: TestDatabase.all)
    func stopAndKeep(engine: TestDatabase) async throws {
        try await withGuided(engine) { w in
            let id = UUID()
            _ = try await w.play(workoutID: id)
            try await w.send(.complete, at: 20, values: SetDraft(reps: 4, weight: 110), workout: id)
            w.clock.set(50)
            try await w.service.stop(id, keep: true, user: w.ana)
            let kept = try await w.workout(id)
            #expect(kept.endedAt == Foundation.Date(timeIntervalSince1970: 1_790_000_050))
            #expect(try await w.sets(id) == [["4 x 110.0 kg done", "5 x 100.0 kg"], ["40 s", "40 s"]])
            #expect(try await w.workouts.history(userID: w.ana.id).map(\.id) == [id])
            let read = try await w.snapshot(at: 60, workout: id)
            #expect(read.state == W.state(0, 1, .finished, total: 0), "no countdown is left running on a stopped player")
            #expect(
                try await ProgressRepository(store: w.store).bests(userID: w.ana.id, exerciseIDs: [w.squat])[w.squat]?.heaviest
                    == 110)

            // Stopping again and keeping: nothing changes. Discarding a finished workout is refused.
            try await w.service.stop(id, keep: true, user: w.ana)
            await #expect(
                throws: SpotterError.conflict(
                    field: nil, message: "This workout is already finished. Delete it from your history instead.")
            ) {
                try await w.service.stop(id, keep: false, user: w.ana)
            }
            #expect(try await w.workout(id) == kept, "still in history, as it was")
            #expect(try await w.count("guided_sessions") == 1)
        }
    }

    @Test("Stop and discard: the workout and its player are gone, nothing counts for records", arguments: TestDatabase.all)
    func stopAndDiscard(engine: TestDatabase) async throws {
        try await withGuided(engine) { w in
            let id = UUID()
            _ = try await w.play(workoutID: id)
            try await w.send(.complete, at: 20, values: SetDraft(reps: 4, weight: 110), workout: id)
            w.clock.set(50)
            try await w.service.stop(id, keep: false, user: w.ana)
            #expect(try await w.workouts.find(id: id, userID: w.ana.id) == nil)
            #expect(try await w.count("workouts") == 0)
            #expect(try await w.count("workout_sets") == 0)
            #expect(try await w.count("guided_sessions") == 0)
            #expect(
                (try await ProgressRepository(store: w.store).bests(userID: w.ana.id, exerciseIDs: [w.squat])[w.squat]?.heaviest
                    ?? 0) == 0)
            await #expect(throws: SpotterError.notFound("The guided workout")) { try await w.service.snapshot(id, user: w.ana) }
            await #expect(throws: SpotterError.notFound("The guided workout")) {
                try await w.service.stop(id, keep: true, user: w.ana)
            }
        }
    }

    @Test("Playing a timeline with no exercise is refused with a message and starts no workout", arguments: TestDatabase.all)
    func nothingToPlay(engine: TestDatabase) async throws {
        try await withGuided(engine) { w in
            let breaksOnly = try await w.templates.create(
                id: UUID(),
                draft: TemplateDraft(name: "Just Breathing", exercises: [], breaks: [.init(position: 0, seconds: 60)]),
                user: w.ana)
            let empty = try await w.templates.create(
                id: UUID(), draft: TemplateDraft(name: "Nothing Yet", exercises: []), user: w.ana)
            for template in [breaksOnly, empty] {
                await #expect(
                    throws: SpotterError.invalid(
                        field: "templateId", "\(template.name) has no exercise to play. Add one to its timeline first.")
                ) {
                    try await w.play(template.id, workoutID: UUID())
                }
            }
            #expect(try await w.count("workouts") == 0)
            #expect(try await w.count("guided_sessions") == 0)
            #expect(try await w.workouts.active(userID: w.ana.id) == nil)
        }
    }

    @Test("Editing the template after play changes nothing in the running player", arguments: TestDatabase.all)
    func editAfterPlay(engine: TestDatabase) async throws {
        try await withGuided(engine) { w in
            let id = UUID()
            let started = try await w.play(workoutID: id)
            // Now one squat row of 5 sets with a 90 s break first.
            _ = try await w.templates.save(
                id: w.legs.id,
                draft: TemplateDraft(
                    exercises: [.init(exerciseID: w.squat, setCount: 5, restSeconds: 30)],
                    breaks: [.init(position: 0, seconds: 90)]),
                user: w.ana)
            let read = try await w.snapshot(at: 5, workout: id)
            #expect(read.plan == started.plan)
            #expect(read.state == W.state(0, 0, .set))
            #expect(read.workout?.entries.count == 2)
            let after = try await w.send(.complete, at: 10, workout: id)
            #expect(after.state == W.state(0, 1, .rest, endsAt: 70, total: 60), "the rest it started with, not 30 s")
        }
    }

    @Test(
        "A retry of play with the same workout id answers the player already running; another workout's id is refused",
        arguments: TestDatabase.all)
    func retry(engine: TestDatabase) async throws {
        try await withGuided(engine) { w in
            let id = UUID()
            let first = try await w.play(workoutID: id)
            try await w.send(.complete, at: 10, values: SetDraft(reps: 5, weight: 100), workout: id)
            w.clock.set(20)
            let again = try await w.play(workoutID: id)
            #expect(again.plan == first.plan)
            #expect(again.state == W.state(0, 1, .rest, endsAt: 70, total: 60), "where it is, not started over")
            #expect(again.workout?.id == id)
            #expect(try await w.count("workouts") == 1)
            #expect(try await w.count("guided_sessions") == 1)
            #expect(try await w.sets(id)[0] == ["5 x 100.0 kg done", "5 x 100.0 kg"])

            // The id of a workout that is not this template's cannot be taken over by play.
            try await w.service.stop(id, keep: true, user: w.ana)
            let other = try await WorkoutService.at(now, in: w.store).start(
                .init(id: UUID(), name: "Other", workoutTypeID: nil), user: w.ana)
            await #expect(
                throws: SpotterError.conflict(
                    field: "id", message: "This id is already in use. Make a new one and send the change again.")
            ) {
                try await w.play(workoutID: other.id)
            }
            #expect(try await w.count("guided_sessions") == 1)
            #expect(try await w.workout(other.id).entries.isEmpty, "the other workout is untouched")
        }
    }

    @Test(
        "Another lifter's workout has no player for him: read, act and stop are not found, and Ana's is unchanged",
        arguments: TestDatabase.all)
    func otherLifter(engine: TestDatabase) async throws {
        try await withGuided(engine) { w in
            let id = UUID()
            _ = try await w.play(workoutID: id)
            try await w.send(.complete, at: 10, workout: id)
            let notFound = SpotterError.notFound("The guided workout")
            await #expect(throws: notFound) { try await w.service.snapshot(id, user: w.ben) }
            await #expect(throws: notFound) { try await w.service.send(.skip, workoutID: id, user: w.ben) }
            await #expect(throws: notFound) { try await w.service.stop(id, keep: false, user: w.ben) }
            await #expect(throws: SpotterError.notFound("The template")) { try await w.play(workoutID: UUID(), user: w.ben) }
            #expect(try await w.snapshot(at: 11, workout: id).state == W.state(0, 1, .rest, endsAt: 70, total: 60))
            #expect(try await w.count("workouts") == 1)
        }
    }

    @Test(
        "A timed last set that ran out while nobody looked finishes the workout when it ended, not when it was seen",
        arguments: TestDatabase.all)
    func finishWhenTheLastCountdownEnded(engine: TestDatabase) async throws {
        try await withGuided(engine) { w in
            let id = UUID()
            _ = try await w.play(workoutID: id)
            try await w.send(.complete, at: 10, workout: id)
            try await w.send(.skip, at: 20, workout: id)
            try await w.send(.complete, at: 30, workout: id)  // break 30-60, wall sit 60-100, rest 100-120, wall sit 120-160
            // The phone slept through the end; the lifter looks an hour later.
            let read = try await w.snapshot(at: 3_600, workout: id)
            #expect(read.state == W.state(2, 0, .finished))
            #expect(try await w.sets(id)[1] == ["40 s done", "40 s done"])
            // The player's `.finish(at:)` names 160; the workout must end then, or its
            // summary and history say the lifter trained for an hour.
            let endedAt = try await w.workout(id).endedAt
            #expect(endedAt == Foundation.Date(timeIntervalSince1970: 1_790_000_160), "the workout took 160 s")
        }
    }
}
