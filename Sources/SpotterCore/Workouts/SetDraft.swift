import Foundation

/// A set as a client sent it, before validation.
public struct SetDraft: Sendable, Equatable, Decodable {
    public var kind: String?
    public var reps: Int?
    public var weight: Double?
    public var weightUnit: String?
    public var durationSeconds: Int?
    public var distanceMeters: Double?
    public var rpe: Double?
    public var done: Bool?
    public var note: String?

    public init(
        kind: String? = nil, reps: Int? = nil, weight: Double? = nil, weightUnit: String? = nil, durationSeconds: Int? = nil,
        distanceMeters: Double? = nil, rpe: Double? = nil, done: Bool? = nil, note: String? = nil
    ) {
        self.kind = kind
        self.reps = reps
        self.weight = weight
        self.weightUnit = weightUnit
        self.durationSeconds = durationSeconds
        self.distanceMeters = distanceMeters
        self.rpe = rpe
        self.done = done
        self.note = note
    }

    public static let repsRange = 0...1_000
    public static let maxWeightKilograms = 2_000.0
    public static let maxDurationSeconds = 24 * 3_600
    public static let maxDistanceMeters = 1_000_000.0
    public static let noteLimit = 500

    /// The set after applying this draft to `base` (fields left out keep their
    /// value), or every problem found. `unit` is the lifter's unit, used when the
    /// draft has a weight without one.
    public func applied(to base: WorkoutSet, unit: MassUnit) throws(ValidationFailure) -> WorkoutSet {
        var set = base
        var issues: [FieldIssue] = []
        if let kind {
            if let value = SetKind(rawValue: kind) {
                set.kind = value
            } else {
                issues.append(.init(field: "kind", message: "Set kind must be one of: warmup, working, drop, failure."))
            }
        }
        if let reps {
            if Self.repsRange.contains(reps) {
                set.reps = reps
            } else {
                issues.append(.init(field: "reps", message: "Reps must be between 0 and 1000."))
            }
        }
        let chosenUnit = FieldChecks.unit(weightUnit, fallback: set.weight?.unit ?? unit, issues: &issues)
        if let weight {
            let limit = Mass(Self.maxWeightKilograms, .kg).converted(to: chosenUnit)
            if !weight.isFinite || weight < 0 || weight > limit + 1e-9 {
                let shown = chosenUnit == .kg ? "2000 kg" : String(format: "%.1f lb", (limit * 10).rounded(.down) / 10)
                issues.append(.init(field: "weight", message: "Weight must be a number from 0 to \(shown)."))
            } else {
                set.weight = Mass(weight, chosenUnit)
            }
        } else if weightUnit != nil, let current = set.weight {
            set.weight = Mass(current.value, chosenUnit)
        }
        if let durationSeconds {
            if (0...Self.maxDurationSeconds).contains(durationSeconds) {
                set.durationSeconds = durationSeconds
            } else {
                issues.append(
                    .init(field: "durationSeconds", message: "Duration must be between 0 and 86400 seconds (24 hours)."))
            }
        }
        if let distanceMeters {
            if distanceMeters.isFinite, (0...Self.maxDistanceMeters).contains(distanceMeters) {
                set.distanceMeters = distanceMeters
            } else {
                issues.append(.init(field: "distanceMeters", message: "Distance must be between 0 and 1000000 metres."))
            }
        }
        if let rpe {
            if rpe.isFinite, (6...10).contains(rpe), (rpe * 2).rounded() == rpe * 2 {
                set.rpe = rpe
            } else {
                issues.append(.init(field: "rpe", message: "RPE must be 6 to 10 in steps of 0.5."))
            }
        }
        if let note {
            let trimmed = note.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.count <= Self.noteLimit {
                set.note = trimmed
            } else {
                issues.append(.init(field: "note", message: "The note is too long: at most \(Self.noteLimit) characters."))
            }
        }
        if let done { set.done = done }
        guard issues.isEmpty else { throw ValidationFailure(issues) }
        return set
    }
}

/// Two devices may change the same set while one is offline. The change made
/// last, by the time on the device that made it, wins; an older change is not
/// applied, and its sender is told the set's current state (never dropped silently).
public enum SetSync {
    public enum Decision: Sendable, Equatable {
        case apply
        /// The stored set is newer; the sender gets it back.
        case keepStored
    }

    public static func decide(stored: Date?, incoming: Date) -> Decision {
        guard let stored else { return .apply }
        return incoming >= stored ? .apply : .keepStored
    }
}
