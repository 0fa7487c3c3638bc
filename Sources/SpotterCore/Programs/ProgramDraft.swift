import Foundation

/// What a lifter may send to create a program or change one: the wizard's four steps
/// (about, progression, schedule; the fourth is the preview) or a JSON body. Every
/// field is optional so a step can say only its own part; `applied(to:)` checks what
/// is there and reports every problem at once, each on its field.
public struct ProgramDraft: Sendable, Equatable {
    // Step 1: about.
    public var name: String?
    public var summary: String?
    public var category: String?
    public var difficulty: String?
    public var weekCount: Int?
    // Step 2: progression.
    public var pattern: String?
    public var baseIntensity: Double?
    public var weeklyIncrement: Double?
    // Step 3: the weekly schedule; nil leaves the days as they are.
    public var schedule: [DayDraft]?

    public struct DayDraft: Sendable, Equatable {
        public var weekday: String
        public var templateID: UUID?
        public var notes: String?
        public var suggestedRPE: Double?

        public init(weekday: String, templateID: UUID?, notes: String? = nil, suggestedRPE: Double? = nil) {
            self.weekday = weekday
            self.templateID = templateID
            self.notes = notes
            self.suggestedRPE = suggestedRPE
        }
    }

    public init(
        name: String? = nil, summary: String? = nil, category: String? = nil, difficulty: String? = nil, weekCount: Int? = nil,
        pattern: String? = nil, baseIntensity: Double? = nil, weeklyIncrement: Double? = nil, schedule: [DayDraft]? = nil
    ) {
        self.name = name
        self.summary = summary
        self.category = category
        self.difficulty = difficulty
        self.weekCount = weekCount
        self.pattern = pattern
        self.baseIntensity = baseIntensity
        self.weeklyIncrement = weeklyIncrement
        self.schedule = schedule
    }

    /// A draft of everything `program` says, as the wizard starts an edit from.
    public init(_ program: TrainingProgram) {
        self.init(
            name: program.name, summary: program.summary, category: program.category.rawValue,
            difficulty: program.difficulty.rawValue,
            weekCount: program.weekCount, pattern: program.pattern.rawValue, baseIntensity: program.baseIntensity,
            weeklyIncrement: program.weeklyIncrement,
            schedule: (program.weeks.first?.days ?? []).map {
                DayDraft(weekday: $0.weekday.key, templateID: $0.templateID, notes: $0.notes, suggestedRPE: $0.suggestedRPE)
            })
    }

    /// The program this draft describes, over `base`. Changing the length or the
    /// progression re-plans every week's modifier, deload and phase from the pattern;
    /// a new schedule replaces every week's days (new days get `newID()`). Week and
    /// day edits made one by one stay when neither changes. `templates` are the ids a
    /// day may name (the lifter's own templates, not archived).
    public func applied(to base: TrainingProgram, templates: Set<UUID>, newID: () -> UUID) throws(ValidationFailure)
        -> TrainingProgram
    {
        var program = base
        var issues: [FieldIssue] = []
        if let name {
            if let clean = PlainText.name(
                name, limit: TrainingProgram.nameLimit, missing: "Give the program a name.", issues: &issues)
            {
                program.name = clean
            }
        }
        if let summary {
            let clean = summary.trimmingCharacters(in: .whitespacesAndNewlines)
            if clean.count > TrainingProgram.summaryLimit {
                issues.append(
                    .init(
                        field: "description",
                        message: "The description is too long: at most \(TrainingProgram.summaryLimit) characters."))
            } else if let issue = PlainText.issue(field: "description", in: clean) {
                issues.append(issue)
            } else {
                program.summary = clean
            }
        }
        if let category {
            if let value = ProgramCategory(rawValue: category.lowercased()) {
                program.category = value
            } else {
                issues.append(
                    .init(
                        field: "category", message: "Choose a category: \(Self.list(ProgramCategory.allCases.map(\.rawValue)))."))
            }
        }
        if let difficulty {
            if let value = ProgramDifficulty(rawValue: difficulty.lowercased()) {
                program.difficulty = value
            } else {
                issues.append(.init(field: "difficulty", message: "Choose beginner, intermediate or advanced."))
            }
        }
        var replan = false
        if let weekCount {
            if TrainingProgram.weekLimits.contains(weekCount) {
                replan = replan || weekCount != base.weekCount
            } else {
                issues.append(.init(field: "weeks", message: "A program lasts 1 to 52 weeks."))
            }
        }
        if let pattern {
            if let value = ProgressionPattern(rawValue: pattern) {
                replan = replan || value != base.pattern; program.pattern = value
            } else {
                issues.append(
                    .init(
                        field: "pattern",
                        message: "Choose a progression: \(Self.list(ProgressionPattern.allCases.map(\.rawValue)))."))
            }
        }
        if let baseIntensity {
            if TrainingProgram.baseIntensityLimits.contains(baseIntensity) {
                replan = replan || baseIntensity != base.baseIntensity
                program.baseIntensity = baseIntensity
            } else {
                issues.append(.init(field: "baseIntensity", message: "The base intensity must be between 50% and 150%."))
            }
        }
        if let weeklyIncrement {
            if TrainingProgram.incrementLimits.contains(weeklyIncrement) {
                replan = replan || weeklyIncrement != base.weeklyIncrement
                program.weeklyIncrement = weeklyIncrement
            } else {
                issues.append(.init(field: "weeklyIncrement", message: "The weekly increment must be between 0% and 10%."))
            }
        }
        var days: [ProgramDay]?
        // A schedule that says what the first week already has changes no week: the
        // wizard sends it back unchanged when only the name or the progression changed,
        // and weeks edited one by one (or rotating ones) must keep their own days.
        if let schedule {
            do {
                let checked = try Self.days(schedule, templates: templates, newID: newID)
                if Self.trainingDays(schedule) != Self.trainingDays(Self(base).schedule ?? []) { days = checked }
            } catch { issues += error.issues }
        }
        if !issues.isEmpty { throw ValidationFailure(issues) }

        let count = weekCount ?? base.weekCount
        if replan || base.weeks.count != count || days != nil {
            let plan = program.pattern.weeks(count, base: program.baseIntensity, increment: program.weeklyIncrement)
            let firstDays = days ?? base.weeks.first?.days ?? []
            program.weeks = plan.enumerated().map { index, week in
                let old = base.weeks.indices.contains(index) ? base.weeks[index] : nil
                var result = old ?? ProgramWeek(number: index + 1)
                if replan || old == nil {
                    (result.phase, result.modifier, result.isDeload) = (week.phase, week.modifier, week.isDeload)
                }
                if days != nil || old == nil {
                    // A day on a weekday the week had keeps its id, so the workouts done
                    // from it still count; the first week of a new program keeps the
                    // new days' ids and every other week gets its own.
                    let kept = Dictionary((old?.days ?? []).map { ($0.weekday, $0.id) }, uniquingKeysWith: { first, _ in first })
                    result.days = firstDays.map { day in
                        var copy = day
                        copy.id = kept[day.weekday] ?? (index == 0 && days != nil ? day.id : newID())
                        return copy
                    }
                }
                return result
            }
        }
        if replan, let heaviest = program.weeks.max(by: { $0.modifier < $1.modifier }),
            heaviest.modifier > TrainingProgram.modifierLimits.upperBound
        {
            let percent = (heaviest.modifier * 1000).rounded() / 10
            throw ValidationFailure(
                field: program.weeklyIncrement > 0 ? "weeklyIncrement" : "baseIntensity",
                message:
                    "Week \(heaviest.number) would be at \(WeightFormat.trim(percent))% of the base weights; the most is 200%. Lower the base or the weekly step, or shorten the program."
            )
        }
        if program.weeks.allSatisfy(\.days.isEmpty) {
            throw ValidationFailure(field: "schedule", message: "Pick a template for at least one day of the week.")
        }
        return program
    }

    /// The week's days from the schedule step, or every problem with them.
    static func days(_ schedule: [DayDraft], templates: Set<UUID>, newID: () -> UUID) throws(ValidationFailure) -> [ProgramDay] {
        var issues: [FieldIssue] = []
        var days: [ProgramDay] = []
        var seen = Set<Weekday>()
        for row in schedule {
            guard let weekday = Weekday(key: row.weekday) else {
                issues.append(
                    .init(field: "schedule", message: "\"\(row.weekday)\" is not a day of the week: use monday to sunday."))
                continue
            }
            let field = "schedule.\(weekday.key)"
            guard seen.insert(weekday).inserted else {
                issues.append(
                    .init(field: field, message: "\(weekday.displayName) is in the schedule twice; give each day one template."))
                continue
            }
            // A rest day's notes and RPE are checked too, though a rest day keeps none.
            let notes = (row.notes ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if notes.count > TrainingProgram.notesLimit {
                issues.append(
                    .init(
                        field: "\(field).notes",
                        message:
                            "The notes for \(weekday.displayName) are too long: at most \(TrainingProgram.notesLimit) characters."
                    ))
            } else if let issue = PlainText.issue(field: "\(field).notes", in: notes) {
                issues.append(issue)
            }
            if let rpe = row.suggestedRPE, let issue = rpeIssue(rpe, field: "\(field).suggestedRPE") { issues.append(issue) }
            guard let templateID = row.templateID else { continue }  // a rest day
            if !templates.contains(templateID) {
                issues.append(
                    .init(
                        field: "\(field).templateId",
                        message: "The template for \(weekday.displayName) is not one of your templates."))
            }
            days.append(
                ProgramDay(id: newID(), weekday: weekday, templateID: templateID, notes: notes, suggestedRPE: row.suggestedRPE))
        }
        if issues.isEmpty, days.isEmpty {
            issues.append(.init(field: "schedule", message: "Pick a template for at least one day of the week."))
        }
        if !issues.isEmpty { throw ValidationFailure(issues) }
        return days.sorted { $0.weekday < $1.weekday }
    }

    /// The training days of a schedule as it would be stored: rest days left out, notes
    /// trimmed, in weekday order; for telling whether a schedule changes anything.
    static func trainingDays(_ schedule: [DayDraft]) -> [DayDraft] {
        schedule.compactMap { row in
            guard let day = Weekday(key: row.weekday), let template = row.templateID else { return nil }
            return DayDraft(
                weekday: day.key, templateID: template, notes: (row.notes ?? "").trimmingCharacters(in: .whitespacesAndNewlines),
                suggestedRPE: row.suggestedRPE)
        }.sorted { (Weekday(key: $0.weekday)?.rawValue ?? 0) < (Weekday(key: $1.weekday)?.rawValue ?? 0) }
    }

    /// The problem with a suggested RPE, if any: 1 to 10 in half steps.
    static func rpeIssue(_ rpe: Double, field: String) -> FieldIssue? {
        guard !TrainingProgram.rpeLimits.contains(rpe) || (rpe * 2).rounded() != rpe * 2 else { return nil }
        return FieldIssue(field: field, message: "The suggested RPE must be 1 to 10 in half steps (7, 7.5, 8).")
    }

    private static func list(_ values: [String]) -> String { values.joined(separator: ", ") }
}

/// A change to one week of a program: its phase, modifier and deload flag.
public struct ProgramWeekChange: Sendable, Equatable {
    /// "" clears the phase.
    public var phase: String?
    public var modifier: Double?
    public var isDeload: Bool?

    public init(phase: String? = nil, modifier: Double? = nil, isDeload: Bool? = nil) {
        self.phase = phase
        self.modifier = modifier
        self.isDeload = isDeload
    }

    public func applied(to week: ProgramWeek) throws(ValidationFailure) -> ProgramWeek {
        var week = week
        var issues: [FieldIssue] = []
        if let phase {
            if phase.isEmpty {
                week.phase = nil
            } else if let value = TrainingPhase(rawValue: phase.lowercased()) {
                week.phase = value
            } else {
                let names = TrainingPhase.allCases.map(\.rawValue).joined(separator: ", ")
                issues.append(.init(field: "phase", message: "Choose a phase: \(names), or none."))
            }
        }
        if let modifier {
            if TrainingProgram.modifierLimits.contains(modifier) {
                week.modifier = (modifier * 1000).rounded() / 1000
            } else {
                issues.append(
                    .init(field: "modifier", message: "The intensity must be between 30% and 200% of the base weights."))
            }
        }
        if let isDeload { week.isDeload = isDeload }
        if !issues.isEmpty { throw ValidationFailure(issues) }
        return week
    }
}

/// A change to one day of a program week: its template, notes and suggested RPE.
public struct ProgramDayChange: Sendable, Equatable {
    public var templateID: UUID?
    public var notes: String?
    /// `.some(nil)` clears it.
    public var suggestedRPE: Double??

    public init(templateID: UUID? = nil, notes: String? = nil, suggestedRPE: Double?? = nil) {
        self.templateID = templateID
        self.notes = notes
        self.suggestedRPE = suggestedRPE
    }

    public func applied(to day: ProgramDay, templates: Set<UUID>) throws(ValidationFailure) -> ProgramDay {
        var day = day
        var issues: [FieldIssue] = []
        if let templateID {
            if templates.contains(templateID) {
                day.templateID = templateID
            } else {
                issues.append(.init(field: "templateId", message: "Pick one of your templates."))
            }
        }
        if let notes {
            let clean = notes.trimmingCharacters(in: .whitespacesAndNewlines)
            if clean.count > TrainingProgram.notesLimit {
                issues.append(
                    .init(field: "notes", message: "The notes are too long: at most \(TrainingProgram.notesLimit) characters."))
            } else if let issue = PlainText.issue(field: "notes", in: clean) {
                issues.append(issue)
            } else {
                day.notes = clean
            }
        }
        if let suggestedRPE {
            if let rpe = suggestedRPE, let issue = ProgramDraft.rpeIssue(rpe, field: "suggestedRPE") {
                issues.append(issue)
            } else {
                day.suggestedRPE = suggestedRPE
            }
        }
        if !issues.isEmpty { throw ValidationFailure(issues) }
        return day
    }
}
