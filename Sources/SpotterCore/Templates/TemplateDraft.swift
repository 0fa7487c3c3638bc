import Foundation

/// A template as a client sent it (the create flow, the edit page's Save, an
/// import), before validation. The order of `exercises` is the template's order.
public struct TemplateDraft: Sendable, Equatable {
    public var name: String?
    public var category: String?
    public var notes: String?
    public var exercises: [ExerciseDraft]
    /// The break cards, by their place in the timeline; nil keeps the template's
    /// (moved to the end of a timeline that got shorter).
    public var breaks: [BreakDraft]?
    /// Built in the timeline view; nil keeps the template's.
    public var guided: Bool?

    public struct BreakDraft: Sendable, Equatable {
        public var id: UUID?
        public var position: Int?
        public var seconds: Int?

        public init(id: UUID? = nil, position: Int?, seconds: Int?) {
            self.id = id
            self.position = position
            self.seconds = seconds
        }
    }

    public struct ExerciseDraft: Sendable, Equatable {
        /// The template exercise this row edits; nil for a new row.
        public var id: UUID?
        public var exerciseID: UUID?
        public var setCount: Int?
        public var repMin: Int?
        public var repMax: Int?
        public var targetWeight: Double?
        public var weightUnit: String?
        public var targetRPE: Double?
        public var restSeconds: Int?
        public var targetDurationSeconds: Int?
        public var notes: String?

        public init(
            id: UUID? = nil, exerciseID: UUID?, setCount: Int? = nil, repMin: Int? = nil, repMax: Int? = nil,
            targetWeight: Double? = nil,
            weightUnit: String? = nil, targetRPE: Double? = nil, restSeconds: Int? = nil, targetDurationSeconds: Int? = nil,
            notes: String? = nil
        ) {
            self.id = id
            self.exerciseID = exerciseID
            self.setCount = setCount
            self.repMin = repMin
            self.repMax = repMax
            self.targetWeight = targetWeight
            self.weightUnit = weightUnit
            self.targetRPE = targetRPE
            self.restSeconds = restSeconds
            self.targetDurationSeconds = targetDurationSeconds
            self.notes = notes
        }

        /// The row a template exercise shows in an edit form.
        public init(_ exercise: TemplateExercise) {
            self.init(
                id: exercise.id, exerciseID: exercise.exerciseID, setCount: exercise.setCount, repMin: exercise.reps.min,
                repMax: exercise.reps.max, targetWeight: exercise.targetWeight?.value,
                weightUnit: exercise.targetWeight?.unit.rawValue,
                targetRPE: exercise.targetRPE, restSeconds: exercise.restSeconds,
                targetDurationSeconds: exercise.targetDurationSeconds,
                notes: exercise.notes)
        }
    }

    public init(
        name: String? = nil, category: String? = nil, notes: String? = nil, exercises: [ExerciseDraft] = [],
        breaks: [BreakDraft]? = nil,
        guided: Bool? = nil
    ) {
        self.name = name
        self.category = category
        self.notes = notes
        self.exercises = exercises
        self.breaks = breaks
        self.guided = guided
    }

    /// The draft of an existing template, as its edit page starts.
    public init(_ template: WorkoutTemplate) {
        self.init(
            name: template.name, category: template.category.rawValue, notes: template.notes,
            exercises: template.exercises.map(ExerciseDraft.init),
            breaks: template.breaks.map { BreakDraft(id: $0.id, position: $0.position, seconds: $0.seconds) },
            guided: template.guided)
    }

    public static let nameLimit = 100
    public static let notesLimit = 2_000
    public static let exerciseNotesLimit = 500
    public static let exerciseLimit = 50

    /// A template name as stored (trimmed, inner spaces folded), or what is wrong
    /// with it, reported on `field` (the prep page's new name has its own field).
    public static func validName(_ name: String, field: String = "name") throws(ValidationFailure) -> String {
        try PlainText.checkedName(name, field: field, limit: nameLimit, missing: "Give the template a name.")
    }

    /// The template this draft describes, applied over `base` (name, category and
    /// notes left out keep their value; the exercise list is always replaced). Rows
    /// keep their id when they name one of `base`'s exercises, else get `newID()`.
    /// Fields left out of a row take the defaults: 3 x 8-12, and the lifter's rest.
    /// Every problem is reported at once, with the row it is in.
    public func applied(to base: WorkoutTemplate, unit: MassUnit, newID: () -> UUID) throws(ValidationFailure) -> WorkoutTemplate
    {
        var template = base
        var issues: [FieldIssue] = []
        if let name {
            do { template.name = try Self.validName(name) } catch { issues += error.issues }
        }
        if let category {
            if let value = TemplateCategory(rawValue: category.lowercased()) {
                template.category = value
            } else {
                let names = TemplateCategory.allCases.map(\.rawValue).joined(separator: ", ")
                issues.append(.init(field: "category", message: "The category must be one of: \(names)."))
            }
        }
        if let notes {
            let trimmed = notes.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.count > Self.notesLimit {
                issues.append(.init(field: "notes", message: "The notes are too long: at most \(Self.notesLimit) characters."))
            } else {
                template.notes = trimmed
            }
        }
        if exercises.count > Self.exerciseLimit {
            issues.append(.init(field: "exercises", message: "A template holds at most \(Self.exerciseLimit) exercises."))
        }
        let known = Set(base.exercises.map(\.id))
        var seen = Set<UUID>()
        var rows: [TemplateExercise] = []
        for (index, row) in exercises.enumerated() {
            let reuse = row.id.flatMap { known.contains($0) && seen.insert($0).inserted ? $0 : nil }
            switch row.exercise(id: reuse ?? newID(), unit: unit, position: index) {
            case .success(let exercise): rows.append(exercise)
            case .failure(let failure): issues += failure.issues
            }
        }
        if let guided { template.guided = guided }
        if let breaks {
            switch Self.validBreaks(breaks, exerciseCount: exercises.count, known: Set(base.breaks.map(\.id)), newID: newID) {
            case .success(let valid): template.breaks = valid
            case .failure(let failure): issues += failure.issues
            }
        }
        guard issues.isEmpty else { throw ValidationFailure(issues) }
        template.exercises = rows
        template.breaks = TemplateBreak.placed(template.breaks, exerciseCount: rows.count)
        return template
    }

    /// The break cards of a draft, or what is wrong with them. Fields are named
    /// `breaks[1].seconds`, and messages say which break ("Break 2: ...").
    public static func validBreaks(
        _ breaks: [BreakDraft], exerciseCount: Int, known: Set<UUID>, newID: () -> UUID
    ) -> Result<[TemplateBreak], ValidationFailure> {
        var issues: [FieldIssue] = []
        if breaks.count > TemplateBreak.limit {
            issues.append(.init(field: "breaks", message: "A template holds at most \(TemplateBreak.limit) breaks."))
        }
        let length = exerciseCount + breaks.count
        var places = Set<Int>()
        var seen = Set<UUID>()
        var valid: [TemplateBreak] = []
        for (index, item) in breaks.enumerated() {
            func problem(_ field: String, _ message: String) {
                issues.append(.init(field: "breaks[\(index)].\(field)", message: "Break \(index + 1): \(message)"))
            }
            let seconds = item.seconds ?? TemplateBreak.defaultSeconds
            let limits = TemplateBreak.secondsLimits
            if !limits.contains(seconds) {
                problem(
                    "seconds",
                    seconds < limits.lowerBound
                        ? "a break lasts at least \(limits.lowerBound) seconds. Remove it instead of making it shorter."
                        : "a break lasts at most \(limits.upperBound / 60) minutes.")
            }
            guard let position = item.position else {
                problem("position", "say where in the timeline it goes (0 is first).")
                continue
            }
            if !(0..<length).contains(position) {
                problem("position", "the timeline has \(length) places, so the position must be from 0 to \(length - 1).")
            } else if !places.insert(position).inserted {
                problem("position", "another break is already at position \(position).")
            }
            let reuse = item.id.flatMap { known.contains($0) && seen.insert($0).inserted ? $0 : nil }
            valid.append(TemplateBreak(id: reuse ?? newID(), position: position, seconds: seconds))
        }
        guard issues.isEmpty else { return .failure(ValidationFailure(issues)) }
        return .success(valid)
    }
}

extension TemplateDraft.ExerciseDraft {
    /// This row as a template exercise, or what is wrong with it. Fields are named
    /// `exercises[2].repMax`, and messages say which row ("Exercise 3: ...").
    func exercise(id: UUID, unit: MassUnit, position: Int) -> Result<TemplateExercise, ValidationFailure> {
        var issues: [FieldIssue] = []
        func problem(_ field: String, _ message: String) {
            issues.append(.init(field: "exercises[\(position)].\(field)", message: "Exercise \(position + 1): \(message)"))
        }
        let sets = setCount ?? TemplateExercise.defaultSetCount
        if !TemplateExercise.setCountLimits.contains(sets) { problem("setCount", "sets must be from 1 to 20.") }
        let low = repMin ?? (repMax.map { Swift.min($0, RepRange.standard.min) } ?? RepRange.standard.min)
        let high = repMax ?? Swift.max(low, RepRange.standard.max)
        if !RepRange.limits.contains(low) || !RepRange.limits.contains(high) {
            problem("repMin", "reps must be from 1 to 100.")
        } else if low > high {
            problem("repMin", "the lowest reps (\(low)) are more than the highest (\(high)).")
        }
        var weight: Mass?
        if let targetWeight {
            let chosen = weightUnit.map { MassUnit(rawValue: $0) } ?? unit
            if let chosen {
                let limit = Mass(SetDraft.maxWeightKilograms, .kg).converted(to: chosen)
                if !targetWeight.isFinite || targetWeight < 0 || targetWeight > limit + 1e-9 {
                    problem("targetWeight", "the weight must be a number from 0 to \(chosen == .kg ? "2000 kg" : "4409.2 lb").")
                } else {
                    weight = Mass(targetWeight, chosen)
                }
            } else {
                problem("weightUnit", "the weight unit must be kg or lb.")
            }
        }
        if let targetRPE, !(targetRPE.isFinite && (6...10).contains(targetRPE) && (targetRPE * 2).rounded() == targetRPE * 2) {
            problem("targetRPE", "RPE must be 6 to 10 in steps of 0.5.")
        }
        // No rest means the lifter's: the one last chosen for the exercise, else their default.
        let rest = restSeconds
        if let rest, !UserSettings.restSecondsRange.contains(rest) {
            problem("restSeconds", "rest must be between 0 and \(UserSettings.restSecondsRange.upperBound) seconds.")
        }
        if let targetDurationSeconds, !(1...SetDraft.maxDurationSeconds).contains(targetDurationSeconds) {
            problem("targetDurationSeconds", "the duration must be from 1 second to 24 hours.")
        }
        let cleanNotes = (notes ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if cleanNotes.count > TemplateDraft.exerciseNotesLimit {
            problem("notes", "the notes are too long: at most \(TemplateDraft.exerciseNotesLimit) characters.")
        }
        guard let exerciseID else {
            problem("exerciseId", "choose the exercise.")
            return .failure(ValidationFailure(issues))
        }
        guard issues.isEmpty else { return .failure(ValidationFailure(issues)) }
        return .success(
            TemplateExercise(
                id: id, exerciseID: exerciseID, setCount: sets, reps: RepRange(low, high), targetWeight: weight,
                targetRPE: targetRPE,
                restSeconds: rest, targetDurationSeconds: targetDurationSeconds, notes: cleanNotes))
    }
}
