import Foundation
import SpotterCore
import SpotterTestSupport
import Testing

/// A workout's start and duration edited afterwards (or during, for the start), and
/// a past workout logged: never in the future, a minute to a day long.
@Suite("WorkoutChange: when a workout happened")
struct WorkoutTimesTests {
    // 2026-11-24 10:00 UTC, and "now" three hours later.
    static let ten = Date(timeIntervalSince1970: 1_795_514_400)
    static let now = ten.addingTimeInterval(3 * 3_600)
    static let finished = Workout(
        id: .numbered(1), ownerID: .numbered(2), name: "Legs", startedAt: ten, endedAt: ten.addingTimeInterval(3_600))
    static let active = Workout(id: .numbered(1), ownerID: .numbered(2), name: "Legs", startedAt: ten)

    func issues(_ change: WorkoutChange, _ workout: Workout) -> [FieldIssue] {
        do {
            _ = try change.applied(to: workout, now: Self.now)
            return []
        } catch { return error.issues }
    }

    @Test("a finished 10:00-11:00 workout moved to 08:00 keeps its hour: 08:00-09:00; 90 minutes make it 08:00-09:30")
    func moveFinished() throws {
        let eight = Self.ten.addingTimeInterval(-2 * 3_600)
        let moved = try WorkoutChange(startedAt: eight).applied(to: Self.finished, now: Self.now)
        #expect(moved.startedAt == eight && moved.endedAt == eight.addingTimeInterval(3_600))
        let longer = try WorkoutChange(startedAt: eight, durationSeconds: 5_400).applied(to: Self.finished, now: Self.now)
        #expect(longer.endedAt == eight.addingTimeInterval(5_400))
        let onlyDuration = try WorkoutChange(durationSeconds: 2_700).applied(to: Self.finished, now: Self.now)
        #expect(onlyDuration.startedAt == Self.ten && onlyDuration.endedAt == Self.ten.addingTimeInterval(2_700))
    }

    @Test("the workout in progress can start earlier (it keeps running); it has no duration to set")
    func moveActive() throws {
        let earlier = Self.ten.addingTimeInterval(-600)
        let moved = try WorkoutChange(startedAt: earlier).applied(to: Self.active, now: Self.now)
        #expect(moved.startedAt == earlier && moved.endedAt == nil)
        #expect(
            issues(WorkoutChange(durationSeconds: 3_600), Self.active)
                == [
                    FieldIssue(
                        field: "durationSeconds", message: "The workout is still running: its duration is set when you finish it."
                    )
                ])
    }

    @Test("refused: a start in the future or before 2000, an end in the future, under a minute or over a day")
    func refused() {
        #expect(
            issues(WorkoutChange(startedAt: Self.now.addingTimeInterval(120)), Self.active)
                == [FieldIssue(field: "startedAt", message: "The start can't be in the future: pick a time that has passed.")])
        #expect(
            issues(WorkoutChange(startedAt: Date(timeIntervalSince1970: 915_148_800)), Self.finished)  // 1999-01-01
                == [FieldIssue(field: "startedAt", message: "Pick a start from the year 2000 on.")])
        // 12:30 start with its hour: ends 13:30, 30 minutes after now.
        #expect(
            issues(WorkoutChange(startedAt: Self.now.addingTimeInterval(-1_800)), Self.finished)
                == [
                    FieldIssue(
                        field: "durationSeconds", message: "It would end in the future: start it earlier or make it shorter.")
                ])
        for seconds in [59, 86_401, 0, -60] {
            #expect(
                issues(WorkoutChange(durationSeconds: seconds), Self.finished)
                    == [FieldIssue(field: "durationSeconds", message: "A workout lasts from 1 minute to 24 hours.")])
        }
        // A phone a few seconds ahead is no future.
        #expect(issues(WorkoutChange(startedAt: Self.now.addingTimeInterval(30)), Self.active).isEmpty)
    }
}
