import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// Everything typed into the program wizard so far, as text: each step shows its own
/// fields and carries the others as hidden fields, so the wizard keeps no state on
/// the server. Intensities are typed as percentages (100, 2.5).
struct WizardValues {
    var name = ""
    var description = ""
    var category = ProgramCategory.strength.rawValue
    var difficulty = ProgramDifficulty.beginner.rawValue
    var weeks = "12"
    var pattern = ProgressionPattern.linear.rawValue
    var base = "100"
    var increment = "2.5"
    /// By weekday key: the template id ("" for rest), notes and suggested RPE.
    var days: [String: (template: String, notes: String, rpe: String)] = [:]

    static let new = WizardValues()

    init() {}

    init(_ program: TrainingProgram) {
        name = program.name
        description = program.summary
        category = program.category.rawValue
        difficulty = program.difficulty.rawValue
        weeks = String(program.weekCount)
        pattern = program.pattern.rawValue
        base = WeightFormat.trim(program.baseIntensity * 100)
        increment = WeightFormat.trim(program.weeklyIncrement * 100)
        for day in program.weeks.first?.days ?? [] {
            days[day.weekday.key] = (day.templateID.text, day.notes, day.suggestedRPE.map(WeightFormat.trim) ?? "")
        }
    }

    init(form: SubmittedForm) {
        self.init(read: { form[$0] })
    }

    init(query: Parameters) {
        self.init(read: { query.formText($0) })
    }

    private init(read: (String) -> String?) {
        if let value = read("name") { name = value }
        if let value = read("description") { description = value }
        if let value = read("category") { category = value }
        if let value = read("difficulty") { difficulty = value }
        if let value = read("weeks") { weeks = value }
        if let value = read("pattern") { pattern = value }
        if let value = read("base") { base = value }
        if let value = read("increment") { increment = value }
        for day in Weekday.allCases {
            let key = day.key
            guard let template = read("day.\(key).template") else { continue }
            days[key] = (template, read("day.\(key).notes") ?? "", read("day.\(key).rpe") ?? "")
        }
    }

    /// A program with nothing in it yet, to check a new draft over.
    static func emptyProgram(user: User, now: Date) -> TrainingProgram {
        TrainingProgram(id: UUID(), ownerID: user.id, name: "", category: .generalFitness, difficulty: .beginner, createdAt: now)
    }

    /// Which step a field belongs to.
    static func step(of field: String) -> Int {
        switch field {
        case "name", "description", "category", "difficulty", "weeks": 1
        case "pattern", "baseIntensity", "weeklyIncrement": 2
        default: 3
        }
    }

    /// A decimal as a phone keyboard types it: "2,5" or " 2.5 ".
    static func number(_ text: String) -> Double? {
        Double(text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "."))
    }

    /// Numbers that are not numbers, before the draft's own checks.
    func numberIssues(through last: Int) -> [FieldIssue] {
        var issues: [FieldIssue] = []
        if Int(weeks.trimmingCharacters(in: .whitespaces)) == nil {
            issues.append(.init(field: "weeks", message: "Enter the length as a whole number of weeks, 1 to 52."))
        }
        if last >= 2 {
            if Self.number(base) == nil {
                issues.append(.init(field: "baseIntensity", message: "Enter the base intensity as a percentage, like 100."))
            }
            if Self.number(increment) == nil {
                issues.append(
                    .init(field: "weeklyIncrement", message: "Enter the weekly increment as a percentage, like 2.5 (0 for none).")
                )
            }
        }
        if last >= 3 {
            for (key, day) in days
            where !day.template.isEmpty && !day.rpe.trimmingCharacters(in: .whitespaces).isEmpty && Self.number(day.rpe) == nil {
                issues.append(
                    .init(
                        field: "schedule.\(key).suggestedRPE", message: "Enter the RPE as a number from 1 to 10, like 8 or 7.5."))
            }
        }
        return issues
    }

    /// The draft of steps 1 to `last`.
    func draft(through last: Int) -> ProgramDraft {
        var draft = ProgramDraft(
            name: name, summary: description, category: category, difficulty: difficulty,
            weekCount: Int(weeks.trimmingCharacters(in: .whitespaces)) ?? 4)
        if last >= 2 {
            draft.pattern = pattern
            draft.baseIntensity = Self.number(base).map { $0 / 100 } ?? 1
            draft.weeklyIncrement = Self.number(increment).map { $0 / 100 } ?? 0
        }
        if last >= 3 {
            draft.schedule = Weekday.allCases.compactMap { day in
                guard let value = days[day.key] else { return nil }
                return ProgramDraft.DayDraft(
                    weekday: day.key, templateID: UUID(uuidString: value.template), notes: value.notes,
                    suggestedRPE: value.template.isEmpty ? nil : Self.number(value.rpe))
            }
        }
        return draft
    }

    /// The intensity chart of steps 1 and 2 as typed, or nil while they do not make one.
    func chart() -> String? {
        guard let count = Int(weeks.trimmingCharacters(in: .whitespaces)), TrainingProgram.weekLimits.contains(count),
            let pattern = ProgressionPattern(rawValue: pattern), let base = Self.number(base),
            let increment = Self.number(increment),
            TrainingProgram.baseIntensityLimits.contains(base / 100), TrainingProgram.incrementLimits.contains(increment / 100)
        else { return nil }
        let plan = pattern.weeks(count, base: base / 100, increment: increment / 100)
        let weeks = plan.enumerated().map {
            ProgramWeek(number: $0 + 1, phase: $1.phase, modifier: $1.modifier, isDeload: $1.isDeload)
        }
        return SVGChart.weeklyIntensity(id: "program-chart", title: "Intensity by week", weeks: weeks)
    }

    /// The templates as a picker's groups, by category, each with its exercises.
    static func groups(_ templates: [WorkoutTemplate], selected: String, names: [UUID: String], includeRest: Bool)
        -> [ProgramWizardPage.TemplateGroup]
    {
        var groups: [ProgramWizardPage.TemplateGroup] = []
        if includeRest {
            groups.append(
                .init(label: nil, options: [.init(value: "", label: "Rest day", selected: selected.isEmpty, exercises: "")]))
        }
        for category in TemplateCategory.allCases {
            let options = templates.filter { $0.category == category }.map { template in
                ProgramWizardPage.TemplateOption(
                    value: template.id.text, label: template.name, selected: template.id.text == selected,
                    exercises: template.exercises.map { "\(names[$0.exerciseID] ?? "Exercise") \($0.setCount)×\($0.reps.label)" }
                        .joined(separator: " · "))
            }
            if !options.isEmpty { groups.append(.init(label: category.displayName, options: options)) }
        }
        return groups
    }

    /// The wizard page for `step`, every other step's values carried along.
    func page(
        chrome: PageChrome, action: String, step: Int, failure: ValidationFailure?, isEdit: Bool, templates: [WorkoutTemplate],
        exerciseNames: [UUID: String], preview: [ProgramWeekView], previewLine: String?
    ) -> ProgramWizardPage {
        var hidden: [HiddenField] = []
        if step != 1 {
            hidden += [
                ("name", name), ("description", description), ("category", category), ("difficulty", difficulty),
                ("weeks", weeks),
            ]
            .map { HiddenField(name: $0.0, value: $0.1) }
        }
        if step != 2 {
            hidden += [("pattern", pattern), ("base", base), ("increment", increment)].map {
                HiddenField(name: $0.0, value: $0.1)
            }
        }
        if step != 3 {
            for day in Weekday.allCases {
                guard let value = days[day.key] else { continue }
                hidden += [
                    HiddenField(name: "day.\(day.key).template", value: value.template),
                    HiddenField(name: "day.\(day.key).notes", value: value.notes),
                    HiddenField(name: "day.\(day.key).rpe", value: value.rpe),
                ]
            }
        }
        let labels = ["About", "Progression", "Schedule", "Preview"]
        let patternDetails: [ProgressionPattern: String] = [
            .constant: "Every week at the base intensity.",
            .linear: "One increment heavier every week.",
            .wave: "Three-week waves, each wave a step above the last.",
            .threeUpOneDeload: "Three weeks up, then a lighter deload week at 90%.",
            .block: "Hypertrophy, strength and peaking blocks, heavier each block.",
        ]
        var model = ProgramWizardPage(
            page: chrome, action: action, step: step,
            steps: labels.enumerated().map { .init(number: $0 + 1, label: $1, current: $0 + 1 == step, done: $0 + 1 < step) },
            isEdit: isEdit, hidden: hidden,
            name: FieldView(name, failure: failure, field: "name"),
            description: FieldView(description, failure: failure, field: "description"),
            categories: ProgramCategory.allCases.map {
                OptionView(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == category)
            },
            difficulties: ProgramDifficulty.allCases.map {
                OptionView(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == difficulty)
            },
            weeks: FieldView(weeks, failure: failure, field: "weeks"),
            patterns: ProgressionPattern.allCases.map {
                .init(
                    value: $0.rawValue, label: $0.displayName, detail: patternDetails[$0] ?? "", selected: $0.rawValue == pattern)
            },
            baseIntensity: FieldView(base, failure: failure, field: "baseIntensity"),
            weeklyIncrement: FieldView(increment, failure: failure, field: "weeklyIncrement"),
            chart: step == 2 ? chart() : nil,
            days: Weekday.allCases.map { day in
                let value = days[day.key] ?? ("", "", "")
                let groups = Self.groups(templates, selected: value.template, names: exerciseNames, includeRest: true)
                return .init(
                    key: day.key, label: day.displayName, groups: groups,
                    notes: FieldView(value.notes, failure: failure, field: "schedule.\(day.key).notes"),
                    rpe: FieldView(value.rpe, failure: failure, field: "schedule.\(day.key).suggestedRPE"),
                    templateError: failure?.message(for: "schedule.\(day.key).templateId")
                        ?? failure?.message(for: "schedule.\(day.key)"),
                    rest: value.template.isEmpty,
                    exerciseLine: groups.flatMap(\.options).first { $0.selected && !$0.value.isEmpty }?.exercises ?? "")
            },
            scheduleError: failure?.message(for: "schedule"),
            hasTemplates: !templates.isEmpty,
            preview: preview, previewLine: previewLine,
            error: failure.flatMap { failure in failure.issues.count > 0 ? "Check the fields marked below." : nil })
        (model.isStep1, model.isStep2, model.isStep3, model.isStep4) = (step == 1, step == 2, step == 3, step == 4)
        return model
    }
}
