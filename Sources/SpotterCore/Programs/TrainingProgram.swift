import Foundation

/// What a program is for; the Programs tab filters by it.
public enum ProgramCategory: String, CaseIterable, Codable, Sendable {
    case beginner, strength, hypertrophy, powerlifting, bodybuilding, crossfit, generalFitness = "general-fitness"

    public var displayName: String {
        switch self {
        case .beginner: "Beginner"
        case .strength: "Strength"
        case .hypertrophy: "Hypertrophy"
        case .powerlifting: "Powerlifting"
        case .bodybuilding: "Bodybuilding"
        case .crossfit: "CrossFit"
        case .generalFitness: "General fitness"
        }
    }
}

/// Who a program is written for.
public enum ProgramDifficulty: String, CaseIterable, Codable, Sendable {
    case beginner, intermediate, advanced

    public var displayName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

/// A day of the week, Monday first (ISO 8601 numbers: Monday 1 ... Sunday 7).
public enum Weekday: Int, CaseIterable, Codable, Sendable, Comparable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }

    /// "monday", as forms and the API name it.
    public var key: String { String(describing: self) }
    public var displayName: String { key.prefix(1).uppercased() + key.dropFirst() }
    /// "Mon".
    public var shortName: String { String(displayName.prefix(3)) }

    public init?(key: String) {
        guard let day = Self.allCases.first(where: { $0.key == key.lowercased() }) else { return nil }
        self = day
    }
}

/// One training day of a program week: which template to do, with the program's notes
/// and the effort to aim for.
public struct ProgramDay: Sendable, Equatable, Identifiable, Codable {
    public var id: UUID
    public var weekday: Weekday
    public var templateID: UUID
    public var notes: String
    /// 1-10 in half steps; nil when the program does not say.
    public var suggestedRPE: Double?

    public init(id: UUID, weekday: Weekday, templateID: UUID, notes: String = "", suggestedRPE: Double? = nil) {
        self.id = id
        self.weekday = weekday
        self.templateID = templateID
        self.notes = notes
        self.suggestedRPE = suggestedRPE
    }
}

/// One week of a program: its phase, how heavy (the factor suggested weights are
/// multiplied by), whether it is a deload, and its training days in weekday order.
public struct ProgramWeek: Sendable, Equatable, Codable {
    /// 1-based.
    public var number: Int
    public var phase: TrainingPhase?
    public var modifier: Double
    public var isDeload: Bool
    public var days: [ProgramDay]

    public init(number: Int, phase: TrainingPhase? = nil, modifier: Double = 1, isDeload: Bool = false, days: [ProgramDay] = []) {
        self.number = number
        self.phase = phase
        self.modifier = modifier
        self.isDeload = isDeload
        self.days = days.sorted { $0.weekday < $1.weekday }
    }

    /// "Strength", "Deload" or nil: what the week is labelled with.
    public var label: String? { isDeload ? TrainingPhase.deload.displayName : phase?.displayName }
}

/// A multi-week plan: weeks of training days, each day a template, with an intensity
/// modifier per week made by a progression pattern (and editable week by week).
public struct TrainingProgram: Sendable, Equatable, Identifiable {
    public var id: UUID
    /// nil for a built-in preset, which belongs to no one and cannot be changed.
    public var ownerID: UUID?
    public var name: String
    public var summary: String
    public var category: ProgramCategory
    public var difficulty: ProgramDifficulty
    public var pattern: ProgressionPattern
    public var baseIntensity: Double
    public var weeklyIncrement: Double
    /// Numbered 1...n, in order.
    public var weeks: [ProgramWeek]
    public var archivedAt: Date?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: UUID, ownerID: UUID?, name: String, summary: String = "", category: ProgramCategory, difficulty: ProgramDifficulty,
        pattern: ProgressionPattern = .constant, baseIntensity: Double = 1, weeklyIncrement: Double = 0,
        weeks: [ProgramWeek] = [],
        archivedAt: Date? = nil, createdAt: Date, updatedAt: Date? = nil
    ) {
        self.id = id
        self.ownerID = ownerID
        self.name = name
        self.summary = summary
        self.category = category
        self.difficulty = difficulty
        self.pattern = pattern
        self.baseIntensity = baseIntensity
        self.weeklyIncrement = weeklyIncrement
        self.weeks = weeks
        self.archivedAt = archivedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }

    public var isPreset: Bool { ownerID == nil }
    public var isArchived: Bool { archivedAt != nil }
    public var weekCount: Int { weeks.count }
    /// The most training days any week has ("4 days/week").
    public var daysPerWeek: Int { weeks.map(\.days.count).max() ?? 0 }
    public var sessionCount: Int { weeks.reduce(0) { $0 + $1.days.count } }
    /// Every template the program's days use, each once, in first-use order.
    public var templateIDs: [UUID] {
        var seen = Set<UUID>()
        return weeks.flatMap(\.days).map(\.templateID).filter { seen.insert($0).inserted }
    }

    public func week(_ number: Int) -> ProgramWeek? {
        weeks.indices.contains(number - 1) ? weeks[number - 1] : nil
    }

    /// "12 weeks · 4 days/week".
    public var lengthLabel: String {
        "\(counted(weekCount, "week")) · \(daysPerWeek) \(daysPerWeek == 1 ? "day" : "days")/week"
    }

    public static let weekLimits = 1...52
    public static let nameLimit = 80
    public static let summaryLimit = 500
    public static let notesLimit = 500
    public static let modifierLimits = 0.3...2.0
    public static let baseIntensityLimits = 0.5...1.5
    public static let incrementLimits = 0.0...0.1
    public static let rpeLimits = 1.0...10.0
}

/// The program, week and day a workout was started from.
public struct ProgramLink: Sendable, Equatable, Hashable, Codable {
    public var programID: UUID
    public var week: Int
    public var dayID: UUID

    public init(programID: UUID, week: Int, dayID: UUID) {
        self.programID = programID
        self.week = week
        self.dayID = dayID
    }
}
