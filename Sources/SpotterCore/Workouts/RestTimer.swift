import Foundation

/// The rest timer as a pure state machine. The server keeps its state with the
/// active workout, so a page that slept or reloaded shows the right time by
/// rendering from `endsAt`; nothing here reads a clock: every event carries the time.
public enum RestTimer {
    public struct State: Sendable, Equatable, Codable {
        /// When the rest is over; nil when no rest is running.
        public var endsAt: Date?
        /// The full length of the current rest, for the progress ring.
        public var totalSeconds: Int
        /// The set whose completion started it.
        public var afterSetID: UUID?

        public init(endsAt: Date?, totalSeconds: Int, afterSetID: UUID?) {
            self.endsAt = endsAt
            self.totalSeconds = totalSeconds
            self.afterSetID = afterSetID
        }

        public static let idle = State(endsAt: nil, totalSeconds: 0, afterSetID: nil)

        public var isRunning: Bool { endsAt != nil }

        /// Whole seconds left at `now`, rounded up, never negative.
        public func remainingSeconds(at now: Date) -> Int {
            guard let endsAt else { return 0 }
            return max(0, Int(endsAt.timeIntervalSince(now).rounded(.up)))
        }
    }

    public enum Event: Sendable, Equatable {
        /// A set was ticked done. The caller says whether a rest belongs after it
        /// (see `event(completing:in:defaultRestSeconds:at:)`).
        case setCompleted(setID: UUID, restSeconds: Int, startsRest: Bool, at: Date)
        /// A done set was unticked; a rest it started is cancelled.
        case setReopened(setID: UUID)
        /// +15 s / -15 s.
        case adjustTapped(seconds: Int, at: Date)
        case skipTapped
        /// The clock passed `endsAt`.
        case timerElapsed(at: Date)
    }

    public enum Effect: Sendable, Equatable {
        case startCountdown(endsAt: Date)
        case cancelCountdown
        /// The rest is over: the page may buzz or chime.
        case restOver
    }

    /// The adjustment buttons' step.
    public static let adjustmentStep = 15

    public static func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch event {
        case .setCompleted(let setID, let restSeconds, let startsRest, let at):
            guard startsRest, restSeconds > 0 else {
                let wasRunning = state.isRunning
                state = .idle
                return wasRunning ? [.cancelCountdown] : []
            }
            let endsAt = at.addingTimeInterval(TimeInterval(restSeconds))
            state = State(endsAt: endsAt, totalSeconds: restSeconds, afterSetID: setID)
            return [.startCountdown(endsAt: endsAt)]

        case .setReopened(let setID):
            guard state.isRunning, state.afterSetID == setID else { return [] }
            state = .idle
            return [.cancelCountdown]

        case .adjustTapped(let seconds, let at):
            guard let endsAt = state.endsAt else { return [] }
            let moved = endsAt.addingTimeInterval(TimeInterval(seconds))
            if moved <= at {
                state = .idle
                return [.cancelCountdown]
            }
            state.endsAt = moved
            state.totalSeconds = max(0, state.totalSeconds + seconds)
            return [.startCountdown(endsAt: moved)]

        case .skipTapped:
            guard state.isRunning else { return [] }
            state = .idle
            return [.cancelCountdown]

        case .timerElapsed(let at):
            guard let endsAt = state.endsAt, at >= endsAt else { return [] }
            state = .idle
            return [.restOver]
        }
    }

    /// Where a set sits in its workout: all that decides the rest after it.
    public struct SetPlace: Sendable, Equatable {
        /// The rest of the set's exercise entry; nil uses the lifter's default.
        public var entryRestSeconds: Int?
        /// The kind of the next set of the same exercise, if there is one.
        public var nextSetKind: SetKind?
        /// No set follows it in its exercise and no exercise follows that one.
        public var isLastOfWorkout: Bool
        /// The next exercise of the workout is in the same superset: the round goes
        /// on to it without a rest.
        public var supersetGoesOn: Bool

        public init(entryRestSeconds: Int?, nextSetKind: SetKind?, isLastOfWorkout: Bool, supersetGoesOn: Bool = false) {
            self.entryRestSeconds = entryRestSeconds
            self.nextSetKind = nextSetKind
            self.isLastOfWorkout = isLastOfWorkout
            self.supersetGoesOn = supersetGoesOn
        }

        /// The place of a set in a workout, or nil when the set is not in it.
        public init?(of setID: UUID, in workout: Workout) {
            for (entryIndex, entry) in workout.entries.enumerated() {
                guard let index = entry.sets.firstIndex(where: { $0.id == setID }) else { continue }
                let isLastOfEntry = index == entry.sets.count - 1
                let next = workout.entries.indices.contains(entryIndex + 1) ? workout.entries[entryIndex + 1] : nil
                self.init(
                    entryRestSeconds: entry.restSeconds, nextSetKind: isLastOfEntry ? nil : entry.sets[index + 1].kind,
                    isLastOfWorkout: isLastOfEntry && next == nil,
                    supersetGoesOn: Self.sameSuperset(entry.supersetGroup, next?.supersetGroup))
                return
            }
            return nil
        }

        /// Two neighbouring exercises with the same superset group are done in rounds.
        public static func sameSuperset(_ group: Int?, _ nextGroup: Int?) -> Bool {
            group != nil && group == nextGroup
        }
    }

    /// The event for ticking a set done: the rest is the entry's own, else the
    /// lifter's default; none after the workout's last set, nor when the next set
    /// of the exercise is a drop set (drop sets follow without rest), nor inside a
    /// superset's round (the rest comes after its last exercise).
    public static func event(completing setID: UUID, at place: SetPlace, defaultRestSeconds: Int, at: Date) -> Event {
        .setCompleted(
            setID: setID, restSeconds: place.entryRestSeconds ?? defaultRestSeconds,
            startsRest: !place.isLastOfWorkout && place.nextSetKind != .drop && !place.supersetGoesOn, at: at)
    }

    /// The event for ticking a set of a workout done, or nil when the set is not in it.
    public static func event(completing setID: UUID, in workout: Workout, defaultRestSeconds: Int, at: Date) -> Event? {
        SetPlace(of: setID, in: workout).map { event(completing: setID, at: $0, defaultRestSeconds: defaultRestSeconds, at: at) }
    }
}
