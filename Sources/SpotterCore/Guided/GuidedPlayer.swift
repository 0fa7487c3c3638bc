import Foundation

/// The guided-workout player as a pure state machine: a timeline of exercise items
/// (sets of reps, or timed sets) and break cards, played in order. Nothing here
/// reads a clock: every event carries the time, and every countdown is kept as the
/// moment it ends, so the server can keep the state and a reload, a sleeping phone
/// or a second device picks up at the right second.
///
/// - A reps set waits for "Complete set"; a timed set counts down and completes
///   itself at zero.
/// - After each set but an item's last comes the item's rest ("Get ready for set
///   3"); after an item's last set, the next item starts. Rests and breaks end by
///   themselves; +15 s lengthens them, skip ends them now.
/// - Skipping a set moves past it without logging it.
/// - Pause freezes the countdown (its seconds left are kept); resume restarts it.
/// - Time that passed while nobody looked is played out in order: each countdown
///   starts when the one before it ended, so a timed set after a rest that ended
///   ten seconds ago has ten seconds less to go.
/// - After the last set of the last item the workout is finished.
public enum GuidedPlayer {
    /// One item of the timeline as the player needs it.
    public enum Item: Sendable, Equatable, Codable {
        /// `sets` sets; `seconds` per set for a timed item (nil: reps); `restSeconds` between sets.
        case exercise(sets: Int, seconds: Int?, restSeconds: Int)
        /// A break card.
        case pause(seconds: Int)
    }

    public enum Phase: String, Sendable, Equatable, Codable, CaseIterable {
        /// A set of reps, waiting for "Complete set".
        case set
        /// A timed set, counting down.
        case timedSet
        /// The rest between two sets of one item.
        case rest
        /// A break card.
        case pause = "break"
        case finished
    }

    public struct State: Sendable, Equatable, Codable {
        /// The current item and set (0-based).
        public var item: Int
        public var set: Int
        public var phase: Phase
        /// When the running countdown ends (timed set, rest, break); nil otherwise or while paused.
        public var endsAt: Date?
        /// The countdown's full length, for the ring.
        public var totalSeconds: Int
        /// Seconds left of the countdown when it was paused; nil when not paused.
        public var pausedRemaining: Int?
        public var isPaused: Bool
        public var startedAt: Date
        /// Seconds spent paused, left out of the elapsed time.
        public var pausedSeconds: Int
        /// When the pause began.
        public var pausedAt: Date?

        public init(
            item: Int, set: Int, phase: Phase, endsAt: Date?, totalSeconds: Int, pausedRemaining: Int? = nil,
            isPaused: Bool = false,
            startedAt: Date, pausedSeconds: Int = 0, pausedAt: Date? = nil
        ) {
            self.item = item
            self.set = set
            self.phase = phase
            self.endsAt = endsAt
            self.totalSeconds = totalSeconds
            self.pausedRemaining = pausedRemaining
            self.isPaused = isPaused
            self.startedAt = startedAt
            self.pausedSeconds = pausedSeconds
            self.pausedAt = pausedAt
        }

        /// Whole seconds left of the running countdown at `now`, rounded up.
        public func remainingSeconds(at now: Date) -> Int {
            if let pausedRemaining { return pausedRemaining }
            guard let endsAt else { return 0 }
            return max(0, Int(endsAt.timeIntervalSince(now).rounded(.up)))
        }

        /// Over: the lifter stopped, or the workout was finished elsewhere. No countdown runs.
        public mutating func end() {
            (phase, endsAt, totalSeconds, pausedRemaining, isPaused) = (.finished, nil, 0, nil, false)
        }

        /// Seconds played so far, pauses left out.
        public func elapsedSeconds(at now: Date) -> Int {
            let paused = pausedSeconds + (pausedAt.map { Int(now.timeIntervalSince($0)) } ?? 0)
            return max(0, Int(now.timeIntervalSince(startedAt)) - paused)
        }
    }

    public enum Event: Sendable, Equatable {
        case completeSet(at: Date)
        /// Skip the rest, the break or the set now showing.
        case skip(at: Date)
        /// +15 s on a rest or a break.
        case addTime(seconds: Int, at: Date)
        case pause(at: Date)
        case resume(at: Date)
        /// Time passed: play out every countdown that ended by `at`.
        case tick(at: Date)
    }

    public enum Effect: Sendable, Equatable {
        /// Log set `set` of item `item` as done (completed at `at`).
        case logSet(item: Int, set: Int, at: Date)
        /// The last set of the last item is behind: finish the workout.
        case finish(at: Date)
    }

    public enum Failure: Error, Equatable {
        /// A timeline without any exercise cannot be played.
        case nothingToPlay
    }

    /// The step of the +15 s button.
    public static let addStep = 15

    /// The state at the start of `items`, or why they cannot be played.
    public static func start(_ items: [Item], at now: Date) throws(Failure) -> State {
        guard items.contains(where: { if case .exercise(let sets, _, _) = $0 { sets > 0 } else { false } }) else {
            throw .nothingToPlay
        }
        var state = State(item: 0, set: 0, phase: .finished, endsAt: nil, totalSeconds: 0, startedAt: now)
        _ = enter(item: 0, in: items, state: &state, at: now)
        return state
    }

    /// Applies `event` to `state`; returns what the caller must do (log sets, finish).
    public static func reduce(_ state: inout State, _ event: Event, items: [Item]) -> [Effect] {
        guard state.phase != .finished else { return [] }
        switch event {
        case .completeSet(let at):
            guard !state.isPaused, state.phase == .set || state.phase == .timedSet else { return [] }
            var effects = [Effect.logSet(item: state.item, set: state.set, at: at)]
            effects += afterSet(in: items, state: &state, at: at)
            return effects
        case .skip(let at):
            guard !state.isPaused else { return [] }
            switch state.phase {
            case .set, .timedSet: return afterSet(in: items, state: &state, at: at)
            case .rest: return beginSet(state.set, in: items, state: &state, at: at)
            case .pause: return enter(item: state.item + 1, in: items, state: &state, at: at)
            case .finished: return []
            }
        case .addTime(let seconds, let at):
            guard state.phase == .rest || state.phase == .pause, seconds > 0 else { return [] }
            if let remaining = state.pausedRemaining {
                state.pausedRemaining = remaining + seconds
            } else if let endsAt = state.endsAt {
                state.endsAt = max(endsAt, at).addingTimeInterval(TimeInterval(seconds))
            }
            state.totalSeconds += seconds
            return []
        case .pause(let at):
            guard !state.isPaused else { return [] }
            var effects: [Effect] = []
            effects += tick(&state, items: items, at: at)
            guard state.phase != .finished else { return effects }
            state.isPaused = true
            state.pausedAt = at
            if state.endsAt != nil {
                state.pausedRemaining = state.remainingSeconds(at: at)
                state.endsAt = nil
            }
            return effects
        case .resume(let at):
            guard state.isPaused else { return [] }
            state.isPaused = false
            if let pausedAt = state.pausedAt { state.pausedSeconds += max(0, Int(at.timeIntervalSince(pausedAt))) }
            state.pausedAt = nil
            if let remaining = state.pausedRemaining {
                state.endsAt = at.addingTimeInterval(TimeInterval(remaining))
                state.pausedRemaining = nil
            }
            return []
        case .tick(let at):
            return tick(&state, items: items, at: at)
        }
    }

    /// Plays out the countdowns that ended by `at`, each next one starting when the one before ended.
    static func tick(_ state: inout State, items: [Item], at: Date) -> [Effect] {
        var effects: [Effect] = []
        while !state.isPaused, let endsAt = state.endsAt, endsAt <= at {
            switch state.phase {
            case .timedSet:
                effects.append(.logSet(item: state.item, set: state.set, at: endsAt))
                effects += afterSet(in: items, state: &state, at: endsAt)
            case .rest:
                effects += beginSet(state.set, in: items, state: &state, at: endsAt)
            case .pause:
                effects += enter(item: state.item + 1, in: items, state: &state, at: endsAt)
            case .set, .finished:
                state.endsAt = nil
            }
        }
        return effects
    }

    /// After set `state.set` of the current item: its rest, or the next item.
    private static func afterSet(in items: [Item], state: inout State, at: Date) -> [Effect] {
        guard items.indices.contains(state.item), case .exercise(let sets, _, let rest) = items[state.item] else { return [] }
        let next = state.set + 1
        guard next < sets else { return enter(item: state.item + 1, in: items, state: &state, at: at) }
        state.set = next
        guard rest > 0 else { return beginSet(next, in: items, state: &state, at: at) }
        countdown(.rest, seconds: rest, state: &state, at: at)
        return []
    }

    /// Starts set `set` of the current exercise item.
    private static func beginSet(_ set: Int, in items: [Item], state: inout State, at: Date) -> [Effect] {
        guard items.indices.contains(state.item), case .exercise(_, let seconds, _) = items[state.item] else { return [] }
        state.set = set
        if let seconds, seconds > 0 {
            countdown(.timedSet, seconds: seconds, state: &state, at: at)
        } else {
            (state.phase, state.endsAt, state.totalSeconds) = (.set, nil, 0)
        }
        return []
    }

    /// Enters item `index` (skipping items with nothing in them), or finishes.
    private static func enter(item index: Int, in items: [Item], state: inout State, at: Date) -> [Effect] {
        var index = index
        while index < items.count {
            switch items[index] {
            case .exercise(let sets, _, _) where sets > 0:
                state.item = index
                return beginSet(0, in: items, state: &state, at: at)
            case .pause(let seconds) where seconds > 0:
                (state.item, state.set) = (index, 0)
                countdown(.pause, seconds: seconds, state: &state, at: at)
                return []
            default:
                index += 1
            }
        }
        (state.item, state.set, state.phase, state.endsAt, state.totalSeconds) = (max(items.count - 1, 0), 0, .finished, nil, 0)
        return [.finish(at: at)]
    }

    private static func countdown(_ phase: Phase, seconds: Int, state: inout State, at: Date) {
        state.phase = phase
        state.endsAt = at.addingTimeInterval(TimeInterval(seconds))
        state.totalSeconds = seconds
    }

    /// The estimated length of a timeline in seconds: each reps set counts
    /// `secondsPerRepSet`, a timed set its seconds, the rests between sets and the breaks theirs.
    public static func estimatedSeconds(_ items: [Item], secondsPerRepSet: Int = 45) -> Int {
        items.reduce(0) { total, item in
            switch item {
            case .exercise(let sets, let seconds, let rest):
                guard sets > 0 else { return total }
                return total + sets * (seconds ?? secondsPerRepSet) + (sets - 1) * rest
            case .pause(let seconds):
                return total + max(0, seconds)
            }
        }
    }
}
