import Foundation

/// Personal records of one exercise, found by walking its sessions in order.
///
/// A record must beat the best before it strictly. The first session of an
/// exercise sets the baselines and earns no marks. Warm-ups never count, and
/// only done sets with a weight do. Weights compare in kilograms, so a history
/// mixing kg and lb is judged fairly. Everything is computed from the sessions
/// given, so editing or deleting a set and computing again gives the right
/// records (a deleted record set is no longer a record).
public enum PersonalRecords {
    public enum Kind: String, Sendable, CaseIterable, Codable {
        case heaviestWeight, bestE1RM, bestSetVolume, mostRepsAtWeight, bestSessionVolume

        public var displayName: String {
            switch self {
            case .heaviestWeight: "Heaviest weight"
            case .bestE1RM: "Best e1RM"
            case .bestSetVolume: "Best set volume"
            case .mostRepsAtWeight: "Most reps at this weight"
            case .bestSessionVolume: "Best session volume"
            }
        }
    }

    /// One session of the exercise: its sets in the order they were done.
    public struct Session: Sendable, Equatable {
        public var id: UUID
        public var startedAt: Date
        public var sets: [WorkoutSet]

        public init(id: UUID, startedAt: Date, sets: [WorkoutSet]) {
            self.id = id
            self.startedAt = startedAt
            self.sets = sets
        }
    }

    /// The bests so far, in kilograms.
    public struct Bests: Sendable, Equatable {
        public var heaviest: Double = 0
        public var e1RM: Double = 0
        public var setVolume: Double = 0
        public var sessionVolume: Double = 0
        /// For each rep count 1-12, the heaviest weight lifted for at least that many reps.
        public var weightForReps: [Int: Double] = [:]

        public init() {}

        /// Whether any set counted yet (every counted set has a weight above zero).
        public var hasHistory: Bool { heaviest > 0 }
    }

    public struct Result: Sendable, Equatable {
        /// The record kinds each set set, by set id (sets without one are absent).
        public var setRecords: [UUID: [Kind]]
        /// Sessions whose total volume was a record.
        public var sessionRecords: Set<UUID>
        /// The bests after the last session.
        public var bests: Bests
    }

    /// Whether a set counts at all: done, not a warm-up, reps above zero, a weight above zero.
    static func counts(_ set: WorkoutSet) -> Bool {
        set.done && set.kind != .warmup && (set.reps ?? 0) > 0 && (set.weight?.value ?? 0) > 0
    }

    /// Walks `sessions` (in any order; they are sorted by start) and marks records.
    /// With `previous`, the bests of the sessions before these, every session is
    /// judged against them (that is how a workout in progress or a newly finished
    /// one is marked without reading the whole history); without, the first
    /// session is the baseline.
    public static func find(in sessions: [Session], after previous: Bests? = nil) -> Result {
        var bests = previous ?? Bests()
        var setRecords: [UUID: [Kind]] = [:]
        var sessionRecords = Set<UUID>()
        var seenAny = bests.hasHistory
        for session in sessions.sorted(by: { $0.startedAt < $1.startedAt }) {
            let baseline = !seenAny
            var sessionVolume = 0.0
            for set in session.sets where counts(set) {
                seenAny = true
                let kilograms = set.weight!.converted(to: .kg)
                let reps = set.reps!
                var kinds: [Kind] = []
                if kilograms > bests.heaviest + epsilon {
                    kinds.append(.heaviestWeight)
                    bests.heaviest = kilograms
                }
                if let estimate = OneRepMax.estimate(set)?.converted(to: .kg), estimate > bests.e1RM + epsilon {
                    kinds.append(.bestE1RM)
                    bests.e1RM = estimate
                }
                let volume = kilograms * Double(reps)
                sessionVolume += volume
                if volume > bests.setVolume + epsilon {
                    kinds.append(.bestSetVolume)
                    bests.setVolume = volume
                }
                if OneRepMax.repsCounted.contains(reps) {
                    // More reps than ever at this weight or heavier. A weight never
                    // lifted before is a weight record, not a rep record.
                    let bestReps = bests.weightForReps.filter { $0.value + epsilon >= kilograms }.keys.max() ?? 0
                    if bestReps > 0, reps > bestReps { kinds.append(.mostRepsAtWeight) }
                }
                // A rep max is the heaviest weight lifted for at least that many reps:
                // 90 kg x 13 is also a 12-rep max (the table stops at 12).
                for count in 1...min(reps, OneRepMax.repsCounted.upperBound)
                where kilograms > (bests.weightForReps[count] ?? 0) + epsilon {
                    bests.weightForReps[count] = kilograms
                }
                if !baseline, !kinds.isEmpty { setRecords[set.id] = kinds }
            }
            if sessionVolume > 0 {
                if sessionVolume > bests.sessionVolume + epsilon, !baseline { sessionRecords.insert(session.id) }
                bests.sessionVolume = max(bests.sessionVolume, sessionVolume)
            }
        }
        return Result(setRecords: setRecords, sessionRecords: sessionRecords, bests: bests)
    }

    /// Marks one workout against the bests of the sessions before it (by exercise):
    /// each exercise's sets in the workout are one session, so a second entry of
    /// the same exercise continues the first. An exercise without history is the
    /// baseline and gets no marks. A session-volume record marks the exercise's
    /// first entry. Returns the workout with its entries' records set, and the
    /// bests after it for each exercise that now has history.
    public static func marking(_ workout: Workout, after bests: [UUID: Bests]) -> (workout: Workout, bests: [UUID: Bests]) {
        var marked = workout
        var after: [UUID: Bests] = [:]
        var order: [UUID] = []
        var sets: [UUID: [WorkoutSet]] = [:]
        for entry in workout.entries {
            if sets[entry.exerciseID] == nil { order.append(entry.exerciseID) }
            sets[entry.exerciseID, default: []].append(contentsOf: entry.sets)
        }
        for exerciseID in order {
            let session = Session(id: workout.id, startedAt: workout.startedAt, sets: sets[exerciseID] ?? [])
            let result = find(in: [session], after: bests[exerciseID])
            if result.bests.hasHistory { after[exerciseID] = result.bests }
            var first = true
            for index in marked.entries.indices where marked.entries[index].exerciseID == exerciseID {
                let ids = Set(marked.entries[index].sets.map(\.id))
                marked.entries[index].records = EntryRecords(
                    sets: result.setRecords.filter { ids.contains($0.key) },
                    sessionVolume: first && result.sessionRecords.contains(workout.id))
                first = false
            }
        }
        return (marked, after)
    }

    /// Weights within a hundredth of a gram are the same weight (kg/lb round trips).
    static let epsilon = 1e-5
}
