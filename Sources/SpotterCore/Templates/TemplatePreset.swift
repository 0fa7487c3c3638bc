import Foundation

/// A built-in routine day from the preset library. Presets name their exercises by
/// catalog key, because catalog rows get their ids when a database is seeded; they
/// become templates (read-only, owned by no one) once those ids are known.
public struct TemplatePreset: Sendable, Equatable, Identifiable {
    /// Fixed for ever, so links and API clients can name a preset.
    public let id: UUID
    /// The routine this day belongs to ("Starting Strength").
    public let routine: String
    /// "Starting Strength - Workout A".
    public let name: String
    public let category: TemplateCategory
    public let notes: String
    public let exercises: [Exercise]

    public struct Exercise: Sendable, Equatable {
        public let catalogKey: String
        public let setCount: Int
        public let reps: RepRange
        public let restSeconds: Int
        public let targetDurationSeconds: Int?
        public let notes: String

        public init(_ catalogKey: String, sets: Int, reps: RepRange, rest: Int, seconds: Int? = nil, notes: String = "") {
            self.catalogKey = catalogKey
            self.setCount = sets
            self.reps = reps
            self.restSeconds = rest
            self.targetDurationSeconds = seconds
            self.notes = notes
        }
    }

    public init(id: UUID, routine: String, name: String, category: TemplateCategory, notes: String, exercises: [Exercise]) {
        self.id = id
        self.routine = routine
        self.name = name
        self.category = category
        self.notes = notes
        self.exercises = exercises
    }

    /// The preset as a template, with catalog keys turned into exercise ids. A key
    /// missing from `exerciseIDs` drops that exercise (a catalog that lost it).
    /// Template exercise ids are derived from the preset's, so they stay stable.
    public func template(exerciseIDs: [String: UUID], shippedAt: Date) -> WorkoutTemplate {
        let exercises = exercises.enumerated().compactMap { index, item -> TemplateExercise? in
            guard let exerciseID = exerciseIDs[item.catalogKey] else { return nil }
            return TemplateExercise(
                id: Self.derivedID(id, index), exerciseID: exerciseID, setCount: item.setCount, reps: item.reps,
                restSeconds: item.restSeconds, targetDurationSeconds: item.targetDurationSeconds, notes: item.notes)
        }
        return WorkoutTemplate(
            id: id, ownerID: nil, name: name, category: category, notes: notes, exercises: exercises, createdAt: shippedAt)
    }

    /// A stable id for the n-th exercise: the preset id with its last byte mixed with n.
    static func derivedID(_ base: UUID, _ index: Int) -> UUID {
        var bytes = base.uuid
        bytes.15 = bytes.15 ^ UInt8(truncatingIfNeeded: index + 1)
        bytes.14 = bytes.14 ^ 0xA5
        return UUID(uuid: bytes)
    }
}

/// The preset library (the routines are listed in `TemplatePresets+Library.swift`).
public enum TemplatePresets {
    /// The routines of the template library, then the days the program presets need.
    public static let all: [TemplatePreset] = library + programDays

    public static func preset(id: UUID) -> TemplatePreset? { all.first { $0.id == id } }
}
