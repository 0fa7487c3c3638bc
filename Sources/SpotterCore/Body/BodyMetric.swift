import Foundation

/// A body measurement on a day: body weight, body-fat percentage, or both.
public struct BodyMetric: Sendable, Equatable, Identifiable {
    public var id: UUID
    /// The day measured, as "yyyy-MM-dd" in the lifter's calendar (a day, not a moment).
    public var day: String
    public var bodyWeight: Mass?
    public var bodyFatPercent: Double?
    public var note: String
    public var updatedAt: Date

    public init(id: UUID, day: String, bodyWeight: Mass?, bodyFatPercent: Double?, note: String = "", updatedAt: Date) {
        self.id = id
        self.day = day
        self.bodyWeight = bodyWeight
        self.bodyFatPercent = bodyFatPercent
        self.note = note
        self.updatedAt = updatedAt
    }
}

/// A new or changed body measurement as typed: checked before anything is stored.
public struct BodyMetricDraft: Sendable, Equatable {
    public var day: String?
    public var bodyWeight: Double?
    public var weightUnit: String?
    public var bodyFatPercent: Double?
    public var note: String?

    public static let weightRangeKilograms = 20.0...400.0
    public static let bodyFatRange = 2.0...70.0
    public static let noteLimit = 200

    public init(day: String?, bodyWeight: Double?, weightUnit: String? = nil, bodyFatPercent: Double?, note: String? = nil) {
        self.day = day
        self.bodyWeight = bodyWeight
        self.weightUnit = weightUnit
        self.bodyFatPercent = bodyFatPercent
        self.note = note
    }

    /// The measurement, or every problem with it. `today` is the lifter's date
    /// ("yyyy-MM-dd"): a measurement from the future is a typo.
    public func validated(id: UUID, unit: MassUnit, today: String, now: Date) throws(ValidationFailure) -> BodyMetric {
        var issues: [FieldIssue] = []
        let trimmedDay = FieldChecks.pastDay(day ?? "", today: today, issues: &issues)
        let chosenUnit = FieldChecks.unit(weightUnit, fallback: unit, issues: &issues)
        var weight: Mass?
        if let bodyWeight {
            let mass = Mass(bodyWeight, chosenUnit)
            let range = Self.weightRangeKilograms
            if bodyWeight.isFinite, range.contains(mass.converted(to: .kg)) {
                weight = mass
            } else {
                let low = WeightFormat.number(Mass(range.lowerBound, .kg), in: chosenUnit)
                let high = WeightFormat.number(Mass(range.upperBound, .kg), in: chosenUnit)
                issues.append(
                    .init(field: "bodyWeight", message: "Body weight must be from \(low) to \(high) \(chosenUnit.rawValue)."))
            }
        }
        if let bodyFatPercent, !(bodyFatPercent.isFinite && Self.bodyFatRange.contains(bodyFatPercent)) {
            issues.append(.init(field: "bodyFatPercent", message: "Body fat must be from 2 to 70 %."))
        }
        if bodyWeight == nil && bodyFatPercent == nil {
            issues.append(.init(field: "bodyWeight", message: "Enter a body weight, a body-fat percentage, or both."))
        }
        let trimmedNote = (note ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmedNote.count > Self.noteLimit {
            issues.append(.init(field: "note", message: "The note must be at most \(Self.noteLimit) characters."))
        }
        if !issues.isEmpty { throw ValidationFailure(issues) }
        return BodyMetric(
            id: id, day: trimmedDay, bodyWeight: weight, bodyFatPercent: bodyFatPercent.map { ($0 * 10).rounded() / 10 },
            note: trimmedNote, updatedAt: now)
    }
}
