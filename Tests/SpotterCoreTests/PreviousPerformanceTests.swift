import Foundation
import SpotterCore
import SpotterTestSupport
import Testing

/// The rule these tests pin down: beside set number `position` the log shows the
/// last logged set at the same position, taken from the newest session that has a
/// set there (so when the newest session was shorter, an older one that reached that
/// position answers); if no session reached it, the best set of the newest session;
/// with no history, nothing. Sessions without sets are ignored.
@Suite("PreviousPerformance: what the lifter did last time, beside each set")
struct PreviousPerformanceTests {
    typealias Session = PreviousPerformance.Session

    static func id(_ n: Int) -> UUID { .numbered(n) }

    static func set(_ n: Int, _ weight: Mass?, reps: Int?, kind: SetKind = .working) -> WorkoutSet {
        WorkoutSet(
            id: id(n), kind: kind, reps: reps, weight: weight, done: true,
            updatedAt: Date(timeIntervalSince1970: 1_699_000_000))
    }

    // Oldest: four sets.
    static let s1 = Session(
        startedAt: Date(timeIntervalSince1970: 1_699_000_000),
        sets: [
            set(11, Mass(100, .kg), reps: 5), set(12, Mass(100, .kg), reps: 5), set(13, Mass(95, .kg), reps: 6),
            set(14, Mass(90, .kg), reps: 8),
        ])
    // Middle: three sets.
    static let s2 = Session(
        startedAt: Date(timeIntervalSince1970: 1_699_100_000),
        sets: [set(21, Mass(102.5, .kg), reps: 5), set(22, Mass(102.5, .kg), reps: 4), set(23, Mass(97.5, .kg), reps: 6)])
    // Newest: a warm-up and one working set.
    static let s3 = Session(
        startedAt: Date(timeIntervalSince1970: 1_699_200_000),
        sets: [set(31, Mass(60, .kg), reps: 10, kind: .warmup), set(32, Mass(105, .kg), reps: 5)])
    // Even newer, but nothing was logged.
    static let s4 = Session(startedAt: Date(timeIntervalSince1970: 1_699_300_000), sets: [])

    static let history = [s1, s2, s3, s4]

    @Test("Same position in the newest session that has it")
    func samePositionNewest() {
        #expect(PreviousPerformance.resolve(position: 0, history: Self.history)?.id == Self.id(31))
        #expect(PreviousPerformance.resolve(position: 1, history: Self.history)?.id == Self.id(32))
        #expect(PreviousPerformance.resolve(position: 1, history: Self.history) == Self.s3.sets[1])
    }

    @Test("Newest session shorter: the newest older session that reached the position answers")
    func fallsBackToOlderSession() {
        // Set 3: the newest session had 2 sets; the middle one had 3.
        #expect(PreviousPerformance.resolve(position: 2, history: Self.history)?.id == Self.id(23))
        // Set 4: only the oldest session had 4 sets.
        #expect(PreviousPerformance.resolve(position: 3, history: Self.history)?.id == Self.id(14))
    }

    @Test("No session reached the position: the best set of the newest session")
    func bestOfNewest() {
        // Newest session with sets is s3: its working 105 kg x 5 beats the 60 kg warm-up.
        #expect(PreviousPerformance.resolve(position: 4, history: Self.history)?.id == Self.id(32))
        #expect(PreviousPerformance.resolve(position: 20, history: Self.history)?.id == Self.id(32))
    }

    @Test("No history, or only empty sessions: nothing")
    func emptyHistory() {
        #expect(PreviousPerformance.resolve(position: 0, history: []) == nil)
        #expect(PreviousPerformance.resolve(position: 0, history: [Self.s4]) == nil)
        #expect(PreviousPerformance.resolve(position: 3, history: [Self.s4]) == nil)
    }

    @Test(
        "History may come in any order",
        arguments: [
            [PreviousPerformanceTests.s1, PreviousPerformanceTests.s2, PreviousPerformanceTests.s3, PreviousPerformanceTests.s4],
            [PreviousPerformanceTests.s4, PreviousPerformanceTests.s3, PreviousPerformanceTests.s2, PreviousPerformanceTests.s1],
            [PreviousPerformanceTests.s2, PreviousPerformanceTests.s4, PreviousPerformanceTests.s1, PreviousPerformanceTests.s3],
            [PreviousPerformanceTests.s3, PreviousPerformanceTests.s1, PreviousPerformanceTests.s4, PreviousPerformanceTests.s2],
        ])
    func anyOrder(history: [Session]) {
        #expect(PreviousPerformance.resolve(position: 0, history: history)?.id == Self.id(31))
        #expect(PreviousPerformance.resolve(position: 1, history: history)?.id == Self.id(32))
        #expect(PreviousPerformance.resolve(position: 2, history: history)?.id == Self.id(23))
        #expect(PreviousPerformance.resolve(position: 3, history: history)?.id == Self.id(14))
        #expect(PreviousPerformance.resolve(position: 4, history: history)?.id == Self.id(32))
    }

    @Test("A newer session with no sets is ignored, also for the best-set fallback")
    func emptySessionIgnored() {
        // Without s4 filtered out, the fallback would pick the best of an empty session: nothing.
        #expect(PreviousPerformance.resolve(position: 9, history: [Self.s2, Self.s4])?.id == Self.id(21))
        #expect(PreviousPerformance.resolve(position: 0, history: [Self.s4, Self.s1])?.id == Self.id(11))
    }

    @Test("A single session: same position, else its best set")
    func singleSession() {
        #expect(PreviousPerformance.resolve(position: 2, history: [Self.s1])?.id == Self.id(13))
        // Best of s1: 100 kg x 5 twice; either is the same weight and reps.
        let best = PreviousPerformance.resolve(position: 7, history: [Self.s1])
        #expect(best?.weight == Mass(100, .kg))
        #expect(best?.reps == 5)
    }
}

@Suite("PreviousPerformance.best: the best set of a session")
struct PreviousPerformanceBestTests {
    static func set(_ n: Int, _ weight: Mass?, reps: Int?, kind: SetKind = .working) -> WorkoutSet {
        PreviousPerformanceTests.set(n, weight, reps: reps, kind: kind)
    }

    @Test("No sets: no best set")
    func empty() {
        #expect(PreviousPerformance.best(of: []) == nil)
    }

    @Test("A working set beats a warm-up even when lighter")
    func workingBeatsWarmup() {
        let warmup = Self.set(1, Mass(140, .kg), reps: 3, kind: .warmup)
        let working = Self.set(2, Mass(100, .kg), reps: 5)
        #expect(PreviousPerformance.best(of: [warmup, working]) == working)
        #expect(PreviousPerformance.best(of: [working, warmup]) == working)
    }

    @Test("Drop and failure sets are work sets too", arguments: [SetKind.drop, .failure])
    func dropAndFailureBeatWarmup(kind: SetKind) {
        let warmup = Self.set(1, Mass(120, .kg), reps: 5, kind: .warmup)
        let work = Self.set(2, Mass(60, .kg), reps: 10, kind: kind)
        #expect(PreviousPerformance.best(of: [warmup, work]) == work)
    }

    @Test("Only warm-ups: the heaviest warm-up")
    func onlyWarmups() {
        let light = Self.set(1, Mass(40, .kg), reps: 10, kind: .warmup)
        let heavy = Self.set(2, Mass(60, .kg), reps: 5, kind: .warmup)
        #expect(PreviousPerformance.best(of: [heavy, light]) == heavy)
        #expect(PreviousPerformance.best(of: [light, heavy]) == heavy)
    }

    @Test("Heavier wins, compared in kg across units: 225 lb (102.06 kg) beats 100 kg")
    func heavierAcrossUnits() {
        let kilos = Self.set(1, Mass(100, .kg), reps: 5)
        let pounds = Self.set(2, Mass(225, .lb), reps: 5)
        #expect(PreviousPerformance.best(of: [kilos, pounds]) == pounds)
        #expect(PreviousPerformance.best(of: [pounds, kilos]) == pounds)
    }

    @Test("The number alone does not decide: 100 kg beats 220 lb (99.79 kg)")
    func numberAloneDoesNotDecide() {
        let kilos = Self.set(1, Mass(100, .kg), reps: 5)
        let pounds = Self.set(2, Mass(220, .lb), reps: 5)
        #expect(PreviousPerformance.best(of: [kilos, pounds]) == kilos)
        #expect(PreviousPerformance.best(of: [pounds, kilos]) == kilos)
    }

    @Test("Weight before reps: 225 lb x 3 beats 100 kg x 8")
    func weightBeforeReps() {
        let moreReps = Self.set(1, Mass(100, .kg), reps: 8)
        let heavier = Self.set(2, Mass(225, .lb), reps: 3)
        #expect(PreviousPerformance.best(of: [moreReps, heavier]) == heavier)
        #expect(PreviousPerformance.best(of: [heavier, moreReps]) == heavier)
    }

    @Test("Same weight: more reps wins")
    func moreRepsWins() {
        let five = Self.set(1, Mass(100, .kg), reps: 5)
        let eight = Self.set(2, Mass(100, .kg), reps: 8)
        #expect(PreviousPerformance.best(of: [five, eight]) == eight)
        #expect(PreviousPerformance.best(of: [eight, five]) == eight)
    }

    @Test("Bodyweight sets without weight: more reps wins; any added load beats none")
    func noWeight() {
        let ten = Self.set(1, nil, reps: 10)
        let twelve = Self.set(2, nil, reps: 12)
        let loaded = Self.set(3, Mass(5, .kg), reps: 6)
        #expect(PreviousPerformance.best(of: [ten, twelve]) == twelve)
        #expect(PreviousPerformance.best(of: [twelve, loaded, ten]) == loaded)
    }
}

@Suite("PreviousPerformance.lastNotes: the last session's notes, shown while logging")
struct LastNotesTests {
    typealias Session = PreviousPerformance.Session

    static func set(_ n: Int, note: String = "", kind: SetKind = .working) -> WorkoutSet {
        WorkoutSet(
            id: .numbered(n), kind: kind, reps: 5, done: true, note: note, updatedAt: Date(timeIntervalSince1970: 1_699_000_000))
    }

    @Test("the newest session's exercise note, then its set notes numbered as working sets (a warm-up by name)")
    func newest() {
        let older = Session(
            startedAt: Date(timeIntervalSince1970: 1_699_000_000), sets: [Self.set(1, note: "old")], notes: "Belt on")
        let newest = Session(
            startedAt: Date(timeIntervalSince1970: 1_699_100_000),
            sets: [Self.set(2, note: "easy", kind: .warmup), Self.set(3), Self.set(4, note: "grip slipped")],
            notes: "Wider stance")
        #expect(PreviousPerformance.lastNotes(history: [newest, older]) == "Wider stance · Warm-up: easy · Set 2: grip slipped")
        #expect(
            PreviousPerformance.lastNotes(history: [older, newest]) == "Wider stance · Warm-up: easy · Set 2: grip slipped",
            "any order")
    }

    @Test("nothing when the last session has no notes (older notes are not dug up), or with no history")
    func none() {
        let older = Session(startedAt: Date(timeIntervalSince1970: 1_699_000_000), sets: [Self.set(1)], notes: "Belt on")
        let newest = Session(startedAt: Date(timeIntervalSince1970: 1_699_100_000), sets: [Self.set(2)])
        #expect(PreviousPerformance.lastNotes(history: [older, newest]) == nil)
        #expect(PreviousPerformance.lastNotes(history: []) == nil)
    }
}
