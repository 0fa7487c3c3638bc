import Foundation
import SpotterCore
import Testing

/// The player over a three-item timeline: 2 sets of reps with 60 s rest, a 30 s
/// break, 2 timed sets of 40 s with 20 s rest. Times are seconds after `t0`.
@Suite("GuidedPlayer: the guided workout's state machine")
struct GuidedPlayerTests {
    static let t0 = Date(timeIntervalSince1970: 1_000_000)
    static func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }
    static let items: [GuidedPlayer.Item] = [
        .exercise(sets: 2, seconds: nil, restSeconds: 60), .pause(seconds: 30), .exercise(sets: 2, seconds: 40, restSeconds: 20),
    ]

    static func state(
        _ item: Int, _ set: Int, _ phase: GuidedPlayer.Phase, endsAt: Double? = nil, total: Int = 0, pausedRemaining: Int? = nil,
        paused: Bool = false, pausedSeconds: Int = 0, pausedAt: Double? = nil
    ) -> GuidedPlayer.State {
        GuidedPlayer.State(
            item: item, set: set, phase: phase, endsAt: endsAt.map(at), totalSeconds: total, pausedRemaining: pausedRemaining,
            isPaused: paused,
            startedAt: t0, pausedSeconds: pausedSeconds, pausedAt: pausedAt.map(at))
    }

    @Test(
        "A whole play-through: sets, rest with +15 s, a break paused and resumed, timed sets played out after a sleep, a skipped last set"
    )
    func playThrough() throws {
        var state = try GuidedPlayer.start(Self.items, at: Self.t0)
        #expect(state == Self.state(0, 0, .set))

        #expect(
            GuidedPlayer.reduce(&state, .completeSet(at: Self.at(30)), items: Self.items) == [
                .logSet(item: 0, set: 0, at: Self.at(30))
            ])
        #expect(state == Self.state(0, 1, .rest, endsAt: 90, total: 60), "rest before set 2: 30 + 60")
        #expect(state.remainingSeconds(at: Self.at(60)) == 30)

        #expect(
            GuidedPlayer.reduce(&state, .completeSet(at: Self.at(40)), items: Self.items) == [],
            "nothing to complete during a rest")
        #expect(GuidedPlayer.reduce(&state, .tick(at: Self.at(60)), items: Self.items) == [])
        #expect(GuidedPlayer.reduce(&state, .addTime(seconds: 15, at: Self.at(60)), items: Self.items) == [])
        #expect(state == Self.state(0, 1, .rest, endsAt: 105, total: 75))

        #expect(GuidedPlayer.reduce(&state, .tick(at: Self.at(105)), items: Self.items) == [])
        #expect(state == Self.state(0, 1, .set), "the rest ended: set 2 of reps waits")

        #expect(
            GuidedPlayer.reduce(&state, .completeSet(at: Self.at(130)), items: Self.items) == [
                .logSet(item: 0, set: 1, at: Self.at(130))
            ])
        #expect(state == Self.state(1, 0, .pause, endsAt: 160, total: 30), "the last set leads to the break card")

        #expect(GuidedPlayer.reduce(&state, .pause(at: Self.at(140)), items: Self.items) == [])
        #expect(state == Self.state(1, 0, .pause, total: 30, pausedRemaining: 20, paused: true, pausedAt: 140))
        #expect(GuidedPlayer.reduce(&state, .tick(at: Self.at(500)), items: Self.items) == [], "time stands still while paused")
        #expect(GuidedPlayer.reduce(&state, .skip(at: Self.at(150)), items: Self.items) == [], "no skipping while paused")
        #expect(GuidedPlayer.reduce(&state, .resume(at: Self.at(200)), items: Self.items) == [])
        #expect(state == Self.state(1, 0, .pause, endsAt: 220, total: 30, pausedSeconds: 60), "20 s left from 200")

        // The phone slept until 300: the break ended at 220, timed set 1 ran 220-260 and
        // logged itself, its rest ran 260-280, timed set 2 started at 280.
        #expect(
            GuidedPlayer.reduce(&state, .tick(at: Self.at(300)), items: Self.items) == [
                .logSet(item: 2, set: 0, at: Self.at(260))
            ])
        #expect(state == Self.state(2, 1, .timedSet, endsAt: 320, total: 40, pausedSeconds: 60))
        #expect(state.remainingSeconds(at: Self.at(300)) == 20)

        // Skipping the last set finishes without logging it.
        #expect(GuidedPlayer.reduce(&state, .skip(at: Self.at(305)), items: Self.items) == [.finish(at: Self.at(305))])
        #expect(state == Self.state(2, 0, .finished, pausedSeconds: 60))
        #expect(state.elapsedSeconds(at: Self.at(305)) == 245, "305 s less 60 s paused")
        #expect(
            GuidedPlayer.reduce(&state, .completeSet(at: Self.at(310)), items: Self.items) == [], "a finished player does nothing"
        )
    }

    @Test("A timed set completes itself at zero; the last one finishes the workout at the second it ends")
    func timedSetsComplete() throws {
        let items: [GuidedPlayer.Item] = [.exercise(sets: 1, seconds: 30, restSeconds: 0)]
        var state = try GuidedPlayer.start(items, at: Self.t0)
        #expect(state == Self.state(0, 0, .timedSet, endsAt: 30, total: 30))
        #expect(GuidedPlayer.reduce(&state, .tick(at: Self.at(29)), items: items) == [])
        #expect(
            GuidedPlayer.reduce(&state, .tick(at: Self.at(45)), items: items) == [
                .logSet(item: 0, set: 0, at: Self.at(30)), .finish(at: Self.at(30)),
            ])
        #expect(state.phase == .finished)
    }

    @Test(
        "No rest between sets goes straight to the next set; skipping a rest or a break starts what follows now; +15 s only on countdowns between"
    )
    func skipsAndNoRest() throws {
        let items: [GuidedPlayer.Item] = [
            .exercise(sets: 2, seconds: nil, restSeconds: 0), .pause(seconds: 45),
            .exercise(sets: 2, seconds: 20, restSeconds: 30),
        ]
        var state = try GuidedPlayer.start(items, at: Self.t0)
        _ = GuidedPlayer.reduce(&state, .completeSet(at: Self.at(10)), items: items)
        #expect(state == Self.state(0, 1, .set))
        #expect(GuidedPlayer.reduce(&state, .addTime(seconds: 15, at: Self.at(12)), items: items) == [])
        #expect(state == Self.state(0, 1, .set), "+15 s means nothing during a set")
        _ = GuidedPlayer.reduce(&state, .completeSet(at: Self.at(20)), items: items)
        #expect(state == Self.state(1, 0, .pause, endsAt: 65, total: 45))
        #expect(GuidedPlayer.reduce(&state, .skip(at: Self.at(25)), items: items) == [])
        #expect(state == Self.state(2, 0, .timedSet, endsAt: 45, total: 20), "the break skipped at 25: the timed set runs 25-45")
        #expect(
            GuidedPlayer.reduce(&state, .completeSet(at: Self.at(40)), items: items) == [
                .logSet(item: 2, set: 0, at: Self.at(40))
            ], "done early")
        #expect(state == Self.state(2, 1, .rest, endsAt: 70, total: 30))
        #expect(GuidedPlayer.reduce(&state, .skip(at: Self.at(50)), items: items) == [])
        #expect(state == Self.state(2, 1, .timedSet, endsAt: 70, total: 20))
    }

    @Test(
        "Pausing during a rest keeps its seconds; +15 s while paused adds to them; pausing lets ended countdowns play out first")
    func pauseDuringRest() throws {
        var state = try GuidedPlayer.start(Self.items, at: Self.t0)
        _ = GuidedPlayer.reduce(&state, .completeSet(at: Self.at(0)), items: Self.items)
        #expect(GuidedPlayer.reduce(&state, .pause(at: Self.at(50)), items: Self.items) == [])
        #expect(state.remainingSeconds(at: Self.at(400)) == 10)
        _ = GuidedPlayer.reduce(&state, .addTime(seconds: 15, at: Self.at(60)), items: Self.items)
        #expect(state == Self.state(0, 1, .rest, total: 75, pausedRemaining: 25, paused: true, pausedAt: 50))
        _ = GuidedPlayer.reduce(&state, .resume(at: Self.at(100)), items: Self.items)
        #expect(state == Self.state(0, 1, .rest, endsAt: 125, total: 75, pausedSeconds: 50))

        // A pause tapped after the rest already ended (the page was asleep) lands on the set.
        #expect(GuidedPlayer.reduce(&state, .pause(at: Self.at(200)), items: Self.items) == [])
        #expect(state == Self.state(0, 1, .set, paused: true, pausedSeconds: 50, pausedAt: 200))
    }

    @Test("A timeline with no set to do cannot be played; empty items are passed over")
    func nothingToPlay() throws {
        for items: [GuidedPlayer.Item] in [
            [], [.pause(seconds: 30)], [.exercise(sets: 0, seconds: nil, restSeconds: 60), .pause(seconds: 10)],
        ] {
            #expect(throws: GuidedPlayer.Failure.nothingToPlay) { try GuidedPlayer.start(items, at: Self.t0) }
        }
        let items: [GuidedPlayer.Item] = [
            .pause(seconds: 0), .exercise(sets: 0, seconds: nil, restSeconds: 0),
            .exercise(sets: 1, seconds: nil, restSeconds: 0),
        ]
        #expect(try GuidedPlayer.start(items, at: Self.t0) == Self.state(2, 0, .set))
    }

    @Test("Estimated length: reps sets at 45 s, timed sets their seconds, rests between sets and breaks")
    func estimate() {
        // 2 x 45 + 60, then 30, then 2 x 40 + 20: 150 + 30 + 100 = 280.
        #expect(GuidedPlayer.estimatedSeconds(Self.items) == 280)
        #expect(GuidedPlayer.estimatedSeconds([]) == 0)
        #expect(GuidedPlayer.estimatedSeconds([.exercise(sets: 0, seconds: nil, restSeconds: 90)]) == 0)
    }
}

/// Cases the play-through above does not reach.
extension GuidedPlayerTests {
    @Test("Skipping a set that is not the item's last logs nothing and goes to the rest before the next set")
    func skipMiddleSets() throws {
        var state = try GuidedPlayer.start(Self.items, at: Self.t0)
        #expect(GuidedPlayer.reduce(&state, .skip(at: Self.at(5)), items: Self.items) == [])
        #expect(state == Self.state(0, 1, .rest, endsAt: 65, total: 60), "set 1 skipped at 5: rest 5-65 before set 2")
        #expect(GuidedPlayer.reduce(&state, .skip(at: Self.at(6)), items: Self.items) == [])
        #expect(state == Self.state(0, 1, .set), "the rest skipped: set 2 waits")
        #expect(GuidedPlayer.reduce(&state, .skip(at: Self.at(7)), items: Self.items) == [])
        #expect(state == Self.state(1, 0, .pause, endsAt: 37, total: 30), "the item's last set skipped: the break starts")
        #expect(GuidedPlayer.reduce(&state, .skip(at: Self.at(8)), items: Self.items) == [])
        #expect(state == Self.state(2, 0, .timedSet, endsAt: 48, total: 40))
        #expect(GuidedPlayer.reduce(&state, .skip(at: Self.at(10)), items: Self.items) == [], "a timed set skipped is not logged")
        #expect(state == Self.state(2, 1, .rest, endsAt: 30, total: 20))
    }

    @Test(
        "Paused during a timed set past the moment it would have ended: nothing is logged until it has run its seconds after resume"
    )
    func pauseAcrossPhaseEnd() throws {
        let items: [GuidedPlayer.Item] = [.exercise(sets: 2, seconds: 40, restSeconds: 20)]
        var state = try GuidedPlayer.start(items, at: Self.t0)
        #expect(GuidedPlayer.reduce(&state, .pause(at: Self.at(30)), items: items) == [])
        #expect(state == Self.state(0, 0, .timedSet, total: 40, pausedRemaining: 10, paused: true, pausedAt: 30))
        #expect(state.remainingSeconds(at: Self.at(100)) == 10)
        #expect(GuidedPlayer.reduce(&state, .tick(at: Self.at(100)), items: items) == [], "40 s passed its end, but paused")
        #expect(GuidedPlayer.reduce(&state, .completeSet(at: Self.at(100)), items: items) == [], "no completing while paused")
        #expect(GuidedPlayer.reduce(&state, .pause(at: Self.at(101)), items: items) == [], "a second pause changes nothing")
        #expect(state == Self.state(0, 0, .timedSet, total: 40, pausedRemaining: 10, paused: true, pausedAt: 30))
        #expect(state.elapsedSeconds(at: Self.at(100)) == 30, "the running pause is left out")

        #expect(GuidedPlayer.reduce(&state, .resume(at: Self.at(120)), items: items) == [])
        #expect(state == Self.state(0, 0, .timedSet, endsAt: 130, total: 40, pausedSeconds: 90))
        #expect(
            GuidedPlayer.reduce(&state, .resume(at: Self.at(121)), items: items) == [],
            "resuming a running player changes nothing")
        #expect(GuidedPlayer.reduce(&state, .tick(at: Self.at(129)), items: items) == [])
        #expect(
            GuidedPlayer.reduce(&state, .tick(at: Self.at(140)), items: items) == [.logSet(item: 0, set: 0, at: Self.at(130))])
        #expect(state == Self.state(0, 1, .rest, endsAt: 150, total: 20, pausedSeconds: 90))
        #expect(state.elapsedSeconds(at: Self.at(140)) == 50, "140 s less 90 s paused")
    }

    @Test("Paused on a set of reps: no countdown to keep, complete and skip wait for resume")
    func pauseOnRepsSet() throws {
        var state = try GuidedPlayer.start(Self.items, at: Self.t0)
        #expect(GuidedPlayer.reduce(&state, .pause(at: Self.at(10)), items: Self.items) == [])
        #expect(state == Self.state(0, 0, .set, paused: true, pausedAt: 10))
        #expect(state.remainingSeconds(at: Self.at(50)) == 0)
        #expect(GuidedPlayer.reduce(&state, .completeSet(at: Self.at(20)), items: Self.items) == [])
        #expect(GuidedPlayer.reduce(&state, .skip(at: Self.at(20)), items: Self.items) == [])
        #expect(GuidedPlayer.reduce(&state, .addTime(seconds: 15, at: Self.at(20)), items: Self.items) == [])
        #expect(state == Self.state(0, 0, .set, paused: true, pausedAt: 10))
        #expect(GuidedPlayer.reduce(&state, .resume(at: Self.at(40)), items: Self.items) == [])
        #expect(state == Self.state(0, 0, .set, pausedSeconds: 30))
        #expect(
            GuidedPlayer.reduce(&state, .completeSet(at: Self.at(45)), items: Self.items) == [
                .logSet(item: 0, set: 0, at: Self.at(45))
            ])
        #expect(state == Self.state(0, 1, .rest, endsAt: 105, total: 60, pausedSeconds: 30))
    }

    @Test("Completing the last set of the last item logs it and finishes at that second")
    func lastSetOfLastItem() throws {
        let items: [GuidedPlayer.Item] = [.pause(seconds: 20), .exercise(sets: 1, seconds: nil, restSeconds: 90)]
        var state = try GuidedPlayer.start(items, at: Self.t0)
        #expect(state == Self.state(0, 0, .pause, endsAt: 20, total: 20), "a timeline may open with a break")
        #expect(GuidedPlayer.reduce(&state, .tick(at: Self.at(20)), items: items) == [])
        #expect(state == Self.state(1, 0, .set), "no rest after a single set")
        #expect(
            GuidedPlayer.reduce(&state, .completeSet(at: Self.at(50)), items: items) == [
                .logSet(item: 1, set: 0, at: Self.at(50)), .finish(at: Self.at(50)),
            ])
        #expect(state == Self.state(1, 0, .finished))
        for event: GuidedPlayer.Event in [
            .skip(at: Self.at(60)), .pause(at: Self.at(60)), .resume(at: Self.at(60)), .tick(at: Self.at(999)),
        ] {
            #expect(GuidedPlayer.reduce(&state, event, items: items) == [], "\(event) after the finish")
        }
        #expect(state == Self.state(1, 0, .finished))
        #expect(state.elapsedSeconds(at: Self.at(50)) == 50)
    }

    @Test("A timeline that ends with a break finishes when the break ends, or when it is skipped")
    func endsWithABreak() throws {
        let items: [GuidedPlayer.Item] = [.exercise(sets: 1, seconds: nil, restSeconds: 0), .pause(seconds: 30)]
        var state = try GuidedPlayer.start(items, at: Self.t0)
        #expect(
            GuidedPlayer.reduce(&state, .completeSet(at: Self.at(10)), items: items) == [
                .logSet(item: 0, set: 0, at: Self.at(10))
            ])
        #expect(state == Self.state(1, 0, .pause, endsAt: 40, total: 30))
        var skipped = state
        #expect(
            GuidedPlayer.reduce(&state, .tick(at: Self.at(100)), items: items) == [.finish(at: Self.at(40))],
            "finished when the break ended, not when seen")
        #expect(state == Self.state(1, 0, .finished))
        #expect(GuidedPlayer.reduce(&skipped, .skip(at: Self.at(15)), items: items) == [.finish(at: Self.at(15))])
        #expect(skipped == Self.state(1, 0, .finished))
    }

    @Test("+15 s on a break adds to the ring's total too; +15 s of nothing or less changes nothing")
    func addTimeOnBreak() throws {
        let items: [GuidedPlayer.Item] = [.pause(seconds: 30), .exercise(sets: 1, seconds: nil, restSeconds: 0)]
        var state = try GuidedPlayer.start(items, at: Self.t0)
        #expect(GuidedPlayer.reduce(&state, .addTime(seconds: 15, at: Self.at(10)), items: items) == [])
        #expect(GuidedPlayer.reduce(&state, .addTime(seconds: 15, at: Self.at(11)), items: items) == [])
        #expect(state == Self.state(0, 0, .pause, endsAt: 60, total: 60))
        #expect(GuidedPlayer.reduce(&state, .addTime(seconds: 0, at: Self.at(12)), items: items) == [])
        #expect(GuidedPlayer.reduce(&state, .addTime(seconds: -15, at: Self.at(12)), items: items) == [])
        #expect(state == Self.state(0, 0, .pause, endsAt: 60, total: 60))
        #expect(state.remainingSeconds(at: Self.at(12.5)) == 48, "47.5 s left shows as 48")
    }

    @Test("Estimated length with another time per reps set; a timed item with no rest; a break of no seconds")
    func estimateMore() {
        // 2 x 30 + 60, then 30, then 2 x 40 + 20: 120 + 30 + 100 = 250.
        #expect(GuidedPlayer.estimatedSeconds(Self.items, secondsPerRepSet: 30) == 250)
        // 3 x 20 + 0, a 0 s break: 60.
        #expect(GuidedPlayer.estimatedSeconds([.exercise(sets: 3, seconds: 20, restSeconds: 0), .pause(seconds: 0)]) == 60)
        // One set has no rest after it: 45.
        #expect(GuidedPlayer.estimatedSeconds([.exercise(sets: 1, seconds: nil, restSeconds: 300)]) == 45)
    }
}
