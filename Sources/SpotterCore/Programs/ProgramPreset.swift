import Foundation

/// A built-in program from the preset library. Its days name template presets by id
/// (the program-day templates of `TemplatePresets`); "Use this program" copies the
/// program and those templates into the lifter's own.
public struct ProgramPreset: Sendable, Identifiable {
    /// Fixed for ever, so links and API clients can name a preset.
    public let id: UUID
    public let name: String
    /// Two lines, written for Spotter.
    public let summary: String
    public let category: ProgramCategory
    public let difficulty: ProgramDifficulty
    public let weekCount: Int
    public let pattern: ProgressionPattern
    public let baseIntensity: Double
    public let weeklyIncrement: Double
    /// The weekly schedules in rotation: week n uses `rotation[(n - 1) % rotation.count]`
    /// (Starting Strength alternates A/B/A and B/A/B weeks); most presets have one.
    public let rotation: [[Day]]
    /// Weeks whose phase the pattern does not set (a test week at the end): week number -> phase.
    public let phases: [Int: TrainingPhase]

    public struct Day: Sendable, Equatable {
        public let weekday: Weekday
        /// A `TemplatePreset` id.
        public let template: UUID
        public let notes: String
        public let suggestedRPE: Double?

        public init(_ weekday: Weekday, _ template: UUID, notes: String = "", rpe: Double? = nil) {
            self.weekday = weekday
            self.template = template
            self.notes = notes
            self.suggestedRPE = rpe
        }
    }

    public init(
        id: UUID, name: String, summary: String, category: ProgramCategory, difficulty: ProgramDifficulty, weeks: Int,
        pattern: ProgressionPattern, baseIntensity: Double = 1, weeklyIncrement: Double = 0, rotation: [[Day]],
        phases: [Int: TrainingPhase] = [:]
    ) {
        self.id = id
        self.name = name
        self.summary = summary
        self.category = category
        self.difficulty = difficulty
        self.weekCount = weeks
        self.pattern = pattern
        self.baseIntensity = baseIntensity
        self.weeklyIncrement = weeklyIncrement
        self.rotation = rotation
        self.phases = phases
    }

    /// Every template preset the program's days use, each once.
    public var templatePresetIDs: [UUID] {
        var seen = Set<UUID>()
        return rotation.flatMap { $0.map(\.template) }.filter { seen.insert($0).inserted }
    }

    /// The most training days a week of the preset has.
    public var daysPerWeek: Int { rotation.map(\.count).max() ?? 0 }

    /// The preset as a program: weeks from its pattern, days from its rotation with
    /// each template preset replaced by `templateIDs[preset]` (the read-only preset
    /// itself when missing). Day ids are derived from the program's id, week and day,
    /// so the read-only preset shows the same ids on every request.
    public func program(id: UUID, ownerID: UUID?, templateIDs: [UUID: UUID] = [:], now: Date) -> TrainingProgram {
        let plan = pattern.weeks(weekCount, base: baseIntensity, increment: weeklyIncrement)
        let weeks = plan.enumerated().map { index, week in
            let schedule = rotation.isEmpty ? [] : rotation[index % rotation.count]
            let days = schedule.map { day in
                ProgramDay(
                    id: Self.dayID(id, week: index + 1, weekday: day.weekday), weekday: day.weekday,
                    templateID: templateIDs[day.template] ?? day.template, notes: day.notes, suggestedRPE: day.suggestedRPE)
            }
            return ProgramWeek(
                number: index + 1, phase: phases[index + 1] ?? week.phase, modifier: week.modifier, isDeload: week.isDeload,
                days: days)
        }
        return TrainingProgram(
            id: id, ownerID: ownerID, name: name, summary: summary, category: category, difficulty: difficulty, pattern: pattern,
            baseIntensity: baseIntensity, weeklyIncrement: weeklyIncrement, weeks: weeks, createdAt: now)
    }

    /// A stable id for a day: the program id with its last three bytes set from the week and weekday.
    static func dayID(_ base: UUID, week: Int, weekday: Weekday) -> UUID {
        var bytes = base.uuid
        bytes.13 = bytes.13 ^ UInt8(truncatingIfNeeded: week)
        bytes.14 = bytes.14 ^ 0x5A
        bytes.15 = bytes.15 ^ UInt8(truncatingIfNeeded: weekday.rawValue)
        return UUID(uuid: bytes)
    }
}

/// The program preset library (the programs are listed in `ProgramPresets+Library.swift`).
public enum ProgramPresets {
    public static func preset(id: UUID) -> ProgramPreset? { all.first { $0.id == id } }
}
