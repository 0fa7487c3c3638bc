import Foundation

/// What a template is for; the library filters by it.
public enum TemplateCategory: String, Sendable, CaseIterable, Codable {
    case strength, hypertrophy, calisthenics, weightlifting, beginner, custom

    public var displayName: String {
        switch self {
        case .strength: "Strength"
        case .hypertrophy: "Hypertrophy"
        case .calisthenics: "Calisthenics"
        case .weightlifting: "Weightlifting"
        case .beginner: "Beginner"
        case .custom: "Custom"
        }
    }
}

/// Reps per set as a range; equal ends mean a fixed number ("3 x 5").
public struct RepRange: Sendable, Hashable, Codable {
    public var min: Int
    public var max: Int

    public init(_ min: Int, _ max: Int) {
        self.min = min
        self.max = max
    }

    /// The default of a new template exercise: 8-12.
    public static let standard = RepRange(8, 12)
    /// The reps a set may target.
    public static let limits = 1...100

    /// "5" or "8-12".
    public var label: String { min == max ? "\(min)" : "\(min)-\(max)" }
}

/// One exercise of a template: how many sets, how many reps, and what else to aim for.
public struct TemplateExercise: Sendable, Equatable, Identifiable, Codable {
    public var id: UUID
    public var exerciseID: UUID
    public var setCount: Int
    public var reps: RepRange
    /// A fixed weight to start with; nil means "what I lifted last time".
    public var targetWeight: Mass?
    public var targetRPE: Double?
    /// Rest after each set; nil uses the lifter's default.
    public var restSeconds: Int?
    /// For timed exercises (planks, carries): seconds per set.
    public var targetDurationSeconds: Int?
    public var notes: String

    public init(
        id: UUID, exerciseID: UUID, setCount: Int = 3, reps: RepRange = .standard, targetWeight: Mass? = nil,
        targetRPE: Double? = nil,
        restSeconds: Int? = nil, targetDurationSeconds: Int? = nil, notes: String = ""
    ) {
        self.id = id
        self.exerciseID = exerciseID
        self.setCount = setCount
        self.reps = reps
        self.targetWeight = targetWeight
        self.targetRPE = targetRPE
        self.restSeconds = restSeconds
        self.targetDurationSeconds = targetDurationSeconds
        self.notes = notes
    }

    /// The sets a new template exercise gets: 3 x 8-12 (and the lifter's rest, unless
    /// the row sets one; 120 s where a rest must be assumed, as in a guided plan's estimate).
    public static let defaultSetCount = 3
    public static let setCountLimits = 1...20
    public static let defaultRestSeconds = 120
    /// What a timed exercise (a plank, a hold) without a time of its own gets a set.
    public static let defaultHoldSeconds = 30

    /// The rows with a time for each timed exercise (by `kinds`) that has none, so
    /// a plank is held for 30 s a set, never planned as 8-12 reps.
    public static func withHoldDefaults(_ rows: [TemplateExercise], kinds: [UUID: ExerciseKind]) -> [TemplateExercise] {
        rows.map { row in
            var row = row
            if row.targetDurationSeconds == nil, kinds[row.exerciseID] == .duration {
                row.targetDurationSeconds = defaultHoldSeconds
            }
            return row
        }
    }
}

/// A saved routine: the exercises to do, in order, and how. Starting it copies it
/// into a new workout, so later edits never change a started or past workout.
public struct WorkoutTemplate: Sendable, Equatable, Identifiable {
    public var id: UUID
    /// nil for the built-in presets, which belong to no one and cannot be changed.
    public var ownerID: UUID?
    public var name: String
    public var category: TemplateCategory
    public var notes: String
    /// In order; positions are the indices 0..n-1.
    public var exercises: [TemplateExercise]
    /// Break cards between the exercises, by their place in the timeline (see `timeline`).
    public var breaks: [TemplateBreak]
    /// Built in the timeline view, for the guided player; the library's "Guided" chip lists these.
    public var guided: Bool
    public var pinned: Bool
    public var archivedAt: Date?
    public var createdAt: Date
    public var updatedAt: Date
    public var lastUsedAt: Date?

    public init(
        id: UUID, ownerID: UUID?, name: String, category: TemplateCategory, notes: String = "",
        exercises: [TemplateExercise] = [],
        breaks: [TemplateBreak] = [], guided: Bool = false, pinned: Bool = false, archivedAt: Date? = nil, createdAt: Date,
        updatedAt: Date? = nil, lastUsedAt: Date? = nil
    ) {
        self.id = id
        self.ownerID = ownerID
        self.name = name
        self.category = category
        self.notes = notes
        self.exercises = exercises
        self.breaks = TemplateBreak.placed(breaks, exerciseCount: exercises.count)
        self.guided = guided
        self.pinned = pinned
        self.archivedAt = archivedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.lastUsedAt = lastUsedAt
    }

    public var isPreset: Bool { ownerID == nil }
    public var isArchived: Bool { archivedAt != nil }
    public var exerciseCount: Int { exercises.count }
    public var setCount: Int { exercises.reduce(0) { $0 + $1.setCount } }

    /// Two minutes a set: warm-up, the set and its rest, as lifters plan it.
    public static let secondsPerSet = 120
    public var estimatedDurationSeconds: Int { setCount * Self.secondsPerSet }
}
