import Foundation

/// A lifter's training max for one lift, from a day on: the weight that
/// percentage programs (5/3/1, nSuns) take their sets from. Each change is kept,
/// so the lift's history shows how the max moved; the newest day wins.
public struct TrainingMax: Sendable, Equatable, Identifiable {
    /// Where the number came from.
    public enum Source: String, Sendable, CaseIterable, Codable {
        /// The lifter typed it.
        case typed
        /// The lifter took the offer made from their recent e1RM.
        case estimated
    }

    public var id: UUID
    public var exerciseID: UUID
    public var weight: Mass
    /// The day it holds from, "yyyy-MM-dd" in the lifter's calendar.
    public var day: String
    public var source: Source
    public var createdAt: Date

    public init(id: UUID, exerciseID: UUID, weight: Mass, day: String, source: Source, createdAt: Date) {
        self.id = id
        self.exerciseID = exerciseID
        self.weight = weight
        self.day = day
        self.source = source
        self.createdAt = createdAt
    }

    /// The max in force on `day`: the newest set on or before it (of two on one
    /// day, the later one). Nil before the first.
    public static func inForce(_ maxes: [TrainingMax], on day: String) -> TrainingMax? {
        maxes.filter { $0.day <= day }.max { ($0.day, $0.createdAt) < ($1.day, $1.createdAt) }
    }

    /// Why `exercise` takes no training max, or nil when it takes one: only lifts
    /// measured by weight x reps have a max to take percentages of.
    public static func refusal(for exercise: Exercise) -> String? {
        guard exercise.kind != .weightReps else { return nil }
        return "\(exercise.name) is measured as \(exercise.kind.displayName.lowercased()); "
            + "training maxes are for weight × reps lifts."
    }

    /// Newest first: by day, then by when it was saved.
    public static func newestFirst(_ maxes: [TrainingMax]) -> [TrainingMax] {
        maxes.sorted { ($0.day, $0.createdAt, $0.id.uuidString) > ($1.day, $1.createdAt, $1.id.uuidString) }
    }
}

/// A training max as typed: checked before anything is stored.
public struct TrainingMaxDraft: Sendable, Equatable {
    public var weight: Double?
    public var weightUnit: String?
    /// Nil means today.
    public var day: String?
    /// Nil means typed.
    public var source: String?

    /// From a broomstick to past the heaviest squat on record, in kilograms.
    public static let weightRangeKilograms = 1.0...600.0

    public init(weight: Double?, weightUnit: String? = nil, day: String? = nil, source: String? = nil) {
        self.weight = weight
        self.weightUnit = weightUnit
        self.day = day
        self.source = source
    }

    /// The max, or every problem with it. `today` is the lifter's date: a max from
    /// a future day is a typo.
    public func validated(id: UUID, exerciseID: UUID, unit: MassUnit, today: String, now: Date) throws(ValidationFailure)
        -> TrainingMax
    {
        var issues: [FieldIssue] = []
        let chosenUnit = FieldChecks.unit(weightUnit, fallback: unit, issues: &issues)
        var mass: Mass?
        let range = Self.weightRangeKilograms
        if let weight, weight.isFinite, range.contains(Mass(weight, chosenUnit).converted(to: .kg)) {
            mass = Mass((weight * 100).rounded() / 100, chosenUnit)
        } else {
            // Rounded inward, so the limits the message names are allowed: 2.3 to 1322.7 lb.
            let low = WeightFormat.trim((Mass(range.lowerBound, .kg).converted(to: chosenUnit) * 10).rounded(.up) / 10)
            let high = WeightFormat.trim((Mass(range.upperBound, .kg).converted(to: chosenUnit) * 10).rounded(.down) / 10)
            let what = weight == nil ? "Enter the training max" : "The training max must be"
            issues.append(
                .init(field: "weight", message: "\(what) from \(low) to \(high) \(chosenUnit.rawValue)."))
        }
        let trimmedDay = FieldChecks.pastDay(day ?? today, today: today, issues: &issues)
        var chosenSource = TrainingMax.Source.typed
        if let source {
            if let value = TrainingMax.Source(rawValue: source) {
                chosenSource = value
            } else {
                issues.append(.init(field: "source", message: "The source must be typed or estimated."))
            }
        }
        guard issues.isEmpty, let mass else { throw ValidationFailure(issues) }
        return TrainingMax(
            id: id, exerciseID: exerciseID, weight: mass, day: trimmedDay, source: chosenSource, createdAt: now)
    }
}

/// The training max offered from a lift's recent sessions: a share of the best
/// e1RM (Epley, sets of 1-12 reps) of the last weeks, rounded down to the lifter's
/// plate step so the max never rises above the share. 5/3/1 starts at 90%.
public struct TrainingMaxOffer: Sendable, Equatable {
    public var weight: Mass
    public var share: Double
    public var bestE1RM: Mass
    /// The day of the session with the best e1RM.
    public var bestDay: String
    public var weeks: Int

    public static let defaultShare = 0.9
    public static let defaultWeeks = 8

    /// "90% of your best e1RM of the last 8 weeks (141 kg on 2026-11-20)".
    public var reason: String {
        let percent = WeightFormat.trim(share * 100)
        let best = "\(WeightFormat.trim(bestE1RM.value)) \(bestE1RM.unit.rawValue)"
        return "\(percent)% of your best e1RM of the last \(weeks) weeks (\(best) on \(bestDay))"
    }

    /// The offer from sessions as (their day, their best e1RM in kilograms), all
    /// within the window already; nil when none has an e1RM. `step` is the
    /// lifter's plate step in `unit`.
    public static func make(
        sessions: [(day: String, e1rmKilograms: Double)], share: Double = defaultShare, weeks: Int = defaultWeeks,
        unit: MassUnit, step: Double
    ) -> TrainingMaxOffer? {
        // The earliest day wins a tie, so the offer names the day the best was first lifted.
        let ranked = sessions.filter { $0.e1rmKilograms > 0 }.sorted {
            $0.e1rmKilograms != $1.e1rmKilograms ? $0.e1rmKilograms > $1.e1rmKilograms : $0.day < $1.day
        }
        guard let best = ranked.first else { return nil }
        let e1rm = Mass(best.e1rmKilograms, .kg).converted(to: unit)
        // A hair of slack so 0.9 x 125 = 112.49999… still reads as 112.5.
        let raw = e1rm * share + 1e-9
        let floored = step > 0 ? (raw / step).rounded(.down) * step : (raw * 100).rounded(.down) / 100
        // An offer the lifter could not save (under 1 kg, over 600 kg) is no offer.
        guard TrainingMaxDraft.weightRangeKilograms.contains(Mass(floored, unit).converted(to: .kg)) else { return nil }
        return TrainingMaxOffer(
            weight: Mass((floored * 100).rounded() / 100, unit), share: share,
            bestE1RM: Mass((e1rm * 10).rounded() / 10, unit), bestDay: best.day, weeks: weeks)
    }
}
