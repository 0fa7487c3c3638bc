import Foundation

/// What the lifter did last time, shown beside each set while logging.
public enum PreviousPerformance {
    /// One earlier session of an exercise: its done sets in order.
    public struct Session: Sendable, Equatable {
        public var startedAt: Date
        public var sets: [WorkoutSet]
        /// How hard that whole session felt, 1-10, if the lifter said.
        public var sessionRPE: Int?
        /// The lifter's note on the exercise in that session.
        public var notes: String
        /// The program day the workout was started from, if any.
        public var program: ProgramLink?

        public init(
            startedAt: Date, sets: [WorkoutSet], sessionRPE: Int? = nil, notes: String = "", program: ProgramLink? = nil
        ) {
            self.startedAt = startedAt
            self.sets = sets
            self.sessionRPE = sessionRPE
            self.notes = notes
            self.program = program
        }
    }

    /// What the lifter wrote last time about the exercise, to read while logging it
    /// again: the last session's note on the exercise, then its sets' notes ("Set 2:
    /// grip slipped", warm-ups as "Warm-up"); nil when that session has none.
    public static func lastNotes(history: [Session]) -> String? {
        guard let last = history.max(by: { $0.startedAt < $1.startedAt }) else { return nil }
        var working = 0
        var parts = last.notes.isEmpty ? [] : [last.notes]
        for set in last.sets {
            if set.kind != .warmup { working += 1 }
            guard !set.note.isEmpty else { continue }
            parts.append("\(set.kind == .warmup ? "Warm-up" : "Set \(working)"): \(set.note)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
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
