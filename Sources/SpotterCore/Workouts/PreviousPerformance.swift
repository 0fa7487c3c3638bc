import Foundation

/// What the lifter did last time, shown beside each set while logging.
public enum PreviousPerformance {
    /// One earlier session of an exercise: its done sets in order.
    public struct Session: Sendable, Equatable {
        public var startedAt: Date
        public var sets: [WorkoutSet]
        /// How hard that whole session felt, 1-10, if the lifter said.
        public var sessionRPE: Int?

        public init(startedAt: Date, sets: [WorkoutSet], sessionRPE: Int? = nil) {
            self.startedAt = startedAt
            self.sets = sets
            self.sessionRPE = sessionRPE
        }
    }

    /// The set to show beside set number `position` (0-based): the last logged set
    /// of the same exercise at the same position; else the best set of the last
    /// session with that exercise; else nothing. `history` may come in any order.
    public static func resolve(position: Int, history: [Session]) -> WorkoutSet? {
        let sessions = history.filter { !$0.sets.isEmpty }.sorted { $0.startedAt > $1.startedAt }
        if let session = sessions.first(where: { $0.sets.indices.contains(position) }) {
            return session.sets[position]
        }
        guard let last = sessions.first else { return nil }
        return best(of: last.sets)
    }

    /// The best set: working sets before warm-ups, then the heaviest (compared in
    /// kilograms), then the most reps.
    public static func best(of sets: [WorkoutSet]) -> WorkoutSet? {
        sets.max { a, b in
            let key = { (set: WorkoutSet) in (set.kind == .warmup ? 0 : 1, set.weight?.converted(to: .kg) ?? 0, set.reps ?? 0) }
            return key(a) < key(b)
        }
    }
}
