import Foundation

/// A clock a test can move forward (durations, workouts on different days). The app
/// reads it through `AppConfiguration.clock`; it starts at `testNow`.
final class WorkoutTestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = testNow) { current = start }

    var now: Date { lock.withLock { current } }

    func advance(by seconds: TimeInterval) { lock.withLock { current = current.addingTimeInterval(seconds) } }
}

extension WorkoutTestClock {
    /// Moves the clock to `date`, backwards too (to log workouts on past days).
    func set(_ date: Date) { advance(by: date.timeIntervalSince(now)) }
}
