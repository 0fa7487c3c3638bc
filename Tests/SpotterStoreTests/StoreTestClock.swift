import Foundation

/// A clock a store test moves by hand (the services read it as their `clock`); it
/// starts at `now`.
final class StoreTestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = now) { current = start }

    var date: Date { lock.withLock { current } }

    /// Moves the clock to `seconds` after `now`.
    func set(_ seconds: Double) { lock.withLock { current = now.addingTimeInterval(seconds) } }

    /// Moves the clock on by `days`.
    func advance(days: Double) { lock.withLock { current = current.addingTimeInterval(days * 86_400) } }
}
