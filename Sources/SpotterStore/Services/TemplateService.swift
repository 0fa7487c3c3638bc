import Foundation
import SpotterCore

/// The template use cases, for the API, the pages and the command line alike:
/// creating and editing, starting, "start and tweak", updating from a workout,
/// saving a workout as a template, copies, files. Each checks ownership, validates
/// with the Core rules and writes through the repositories.
public struct TemplateService: Sendable {
    let store: SpotterStore
    let clock: @Sendable () -> Date

    public init(store: SpotterStore, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.clock = clock
    }

    var templates: TemplateRepository { TemplateRepository(store: store) }
    var exercises: ExerciseRepository { ExerciseRepository(store: store) }
    var workouts: WorkoutRepository { WorkoutRepository(store: store) }
    var workoutService: WorkoutService { WorkoutService(store: store, clock: clock) }
    var programService: ProgramService { ProgramService(store: store, clock: clock) }

    /// The user's template or a preset, or 404.
    public func find(_ id: UUID, user: User) async throws -> WorkoutTemplate {
        guard let template = try await templates.findAny(id: id, userID: user.id) else {
            throw SpotterError.notFound("The template")
        }
        return template
    }

    /// The user's own template, if it is one (a workout's template, a PUT's target).
    public func own(_ id: UUID, user: User) async throws -> WorkoutTemplate? {
        try await templates.find(id: id, userID: user.id)
    }

    /// The user's templates that `filter` lets through (see `TemplateFilter`).
    public func list(user: User, filter: TemplateFilter = .init()) async throws -> [WorkoutTemplate] {
        try await templates.list(userID: user.id, filter: filter)
    }

    /// Whether the user has a template of their own, archived ones too.
    public func hasAny(user: User) async throws -> Bool {
        !(try await templates.names(userID: user.id).isEmpty)
    }

    /// The templates Home offers to start: pinned first, then the most recently used.
    public func quickStart(user: User, limit: Int) async throws -> [WorkoutTemplate] {
        try await templates.quickStart(userID: user.id, limit: limit)
    }

    /// The preset routines everyone can use.
    public func presets() async throws -> [WorkoutTemplate] {
        try await templates.presets()
    }

    public func preset(_ id: UUID) async throws -> WorkoutTemplate? {
        try await templates.preset(id: id)
    }

    /// Deletes one of the user's templates; a template a program uses is kept, and
    /// the refusal names the programs.
    public func delete(_ id: UUID, user: User) async throws {
        let template = try await findOwn(id, user: user, action: "delete")
        try await templates.delete(id: template.id, userID: user.id)
    }

    /// The user's own template, or 404; a preset answers 403 ("read-only").
    public func findOwn(_ id: UUID, user: User, action: String) async throws -> WorkoutTemplate {
        if TemplatePresets.preset(id: id) != nil {
            throw SpotterError.forbidden(
                "Presets are read-only, so you cannot \(action) one. Use it to make your own copy, then \(action) that.")
        }
        guard let template = try await templates.find(id: id, userID: user.id) else {
            throw SpotterError.notFound("The template")
        }
        return template
    }

    /// A name for a new template, checked as the template name and free among the
    /// user's templates; problems are reported on `field`.
    public func freeName(_ name: String, field: String = "name", user: User) async throws -> String {
        let clean = try validated { () throws(ValidationFailure) in try TemplateDraft.validName(name, field: field) }
        if try await templates.names(userID: user.id).contains(NameKey(clean)) {
            throw SpotterError.templateNameTaken(clean, field: field)
        }
        return clean
    }

    /// Creates a template from a draft (the create flow, the API's PUT of a new id).
    public func create(id: UUID, draft: TemplateDraft, user: User) async throws -> WorkoutTemplate {
        let now = clock()
        var draft = draft
        draft.name = draft.name ?? ""
        draft.category = draft.category ?? TemplateCategory.custom.rawValue
        let base = WorkoutTemplate(id: id, ownerID: user.id, name: "", category: .custom, createdAt: now)
        var template = try validated { () throws(ValidationFailure) in
            try draft.applied(to: base, unit: user.settings.unit, newID: UUID.init)
        }
        template.exercises = TemplateExercise.withHoldDefaults(
            template.exercises, kinds: try await kinds(of: template.exercises, user: user))
        return try await templates.save(template, userID: user.id)
    }

    /// Saves an edited draft over the stored template in one transaction.
    public func save(id: UUID, draft: TemplateDraft, user: User) async throws -> WorkoutTemplate {
        _ = try await findOwn(id, user: user, action: "edit")
        let unit = user.settings.unit
        let ids = Set(draft.exercises.compactMap(\.exerciseID))
        let kinds = try await exercises.exercises(ids: ids, userID: user.id).mapValues(\.kind)
        return try await templates.update(id: id, userID: user.id, now: clock()) { stored in
            var changed = try validated { () throws(ValidationFailure) in
                try draft.applied(to: stored, unit: unit, newID: UUID.init)
            }
            changed.exercises = TemplateExercise.withHoldDefaults(changed.exercises, kinds: kinds)
            return changed
        }
    }

    /// Renames, recategorises, pins or archives a template; its exercises stay.
    public func change(
        _ id: UUID, name: String? = nil, category: String? = nil, notes: String? = nil, pinned: Bool? = nil,
        archived: Bool? = nil,
        user: User
    ) async throws -> WorkoutTemplate {
        _ = try await findOwn(id, user: user, action: "change")
        let now = clock()
        let unit = user.settings.unit
        return try await templates.update(id: id, userID: user.id, now: now) { stored in
            // Only the template's own fields are checked; its exercises stay as stored.
            let draft = TemplateDraft(name: name, category: category, notes: notes)
            var changed = try validated { () throws(ValidationFailure) in
                try draft.applied(to: stored, unit: unit, newID: UUID.init)
            }
            (changed.exercises, changed.breaks) = (stored.exercises, stored.breaks)
            if let pinned { changed.pinned = pinned }
            if let archived { changed.archivedAt = archived ? (stored.archivedAt ?? now) : nil }
            return changed
        }
    }

    public func duplicate(_ id: UUID, as newID: UUID, user: User) async throws -> WorkoutTemplate {
        let source = try await findOwn(id, user: user, action: "duplicate")
        return try await templates.copy(source, as: newID, userID: user.id, now: clock()) { taken in
            TemplateNaming.copyName(of: source.name, taken: taken)
        }
    }

    /// "Use this template": the preset becomes the user's own template.
    public func use(presetID: UUID, as newID: UUID, user: User) async throws -> WorkoutTemplate {
        guard let preset = try await templates.preset(id: presetID) else { throw SpotterError.notFound("The preset") }
        return try await templates.copy(preset, as: newID, userID: user.id, now: clock()) { taken in
            TemplateNaming.freeName(preset.name, taken: taken)
        }
    }

    /// "Use and start now": copies the preset into the lifter's library as `newID`
    /// and starts a workout `workoutID` from the copy. A retry with the same ids (a
    /// double tap, a lost answer) finds the copy and the workout made the first time
    /// and makes neither again.
    public func useAndStart(
        presetID: UUID, as newID: UUID, workoutID: UUID, replaceActive: Bool, user: User
    ) async throws -> (template: WorkoutTemplate, workout: Workout) {
        let copy = try await use(presetID: presetID, as: newID, user: user)
        return (copy, try await start(copy.id, workoutID: workoutID, today: nil, replaceActive: replaceActive, user: user))
    }

    /// Starts a workout from a template (copy-at-start). `today` is the tweaked
    /// list of "start and tweak"; it changes this workout only. The template of the
    /// active program's day due today, started as it is, starts as that day
    /// (`ProgramService.startToday`: the program's weights, and the day counted), from
    /// wherever the lifter tapped Start.
    public func start(
        _ id: UUID, workoutID: UUID, today: [TemplateDraft.ExerciseDraft]?, replaceActive: Bool, user: User
    ) async throws -> Workout {
        // Checked before a retry is recognised: a retry with a bad body is refused as the first attempt was.
        let template = try await find(id, user: user)
        let exercises = try await plan(of: template, today: today, user: user)
        if let existing = try await workoutService.find(workoutID, user: user) { return existing }
        if today == nil, try await programService.isDueToday(templateID: template.id, user: user) {
            return try await programService.startToday(workoutID: workoutID, replaceActive: replaceActive, user: user)
        }
        let now = clock()
        let suggested = try await suggestedWeights(for: exercises, user: user)
        let entries = TemplateStart.entries(from: exercises, suggestedWeights: suggested, now: now, newID: UUID.init)
        return try await workoutService.start(
            .init(
                id: workoutID, name: template.name, replaceActive: replaceActive, entries: entries,
                templateID: template.isPreset ? nil : template.id),
            user: user, now: now)
    }

    /// Today's exercise list: the template's, or the tweaked one checked like a draft.
    public func plan(of template: WorkoutTemplate, today: [TemplateDraft.ExerciseDraft]?, user: User) async throws
        -> [TemplateExercise]
    {
        guard let today else { return template.exercises }
        let draft = TemplateDraft(exercises: today)
        let tweaked = try validated { () throws(ValidationFailure) in
            try draft.applied(to: template, unit: user.settings.unit, newID: UUID.init)
        }
        guard !tweaked.exercises.isEmpty else {
            throw SpotterError.invalid(field: "exercises", "Keep at least one exercise for today, or start an empty workout.")
        }
        let ids = Set(tweaked.exercises.map(\.exerciseID))
        let visible = try await exercises.exercises(ids: ids, userID: user.id)
        if let index = tweaked.exercises.firstIndex(where: { visible[$0.exerciseID] == nil }) {
            throw SpotterError.invalid(field: "exercises[\(index)].exerciseId", "Exercise \(index + 1) is not in your library.")
        }
        // A row swapped to another exercise is a new row, not the template's one.
        let exerciseByRow = Dictionary(template.exercises.map { ($0.id, $0.exerciseID) }, uniquingKeysWith: { first, _ in first })
        let rows = tweaked.exercises.map { row in
            var row = row
            if let exercise = exerciseByRow[row.id], exercise != row.exerciseID { row.id = UUID() }
            return row
        }
        return TemplateExercise.withHoldDefaults(rows, kinds: visible.mapValues(\.kind))
    }

    /// The suggested weight of each exercise: its last working weight.
    public func suggestedWeights(for exercises: [TemplateExercise], user: User) async throws -> [UUID: Mass] {
        let ids = Set(exercises.filter { $0.targetWeight == nil }.map(\.exerciseID))
        let history = try await workouts.previousSessions(userID: user.id, exerciseIDs: ids, excluding: nil, limit: 3)
        return history.compactMapValues(SuggestedWeight.from)
    }

    /// Where an update of a template takes its plan from.
    public enum PlanSource {
        /// A finished (or running) workout started from the template.
        case workout(UUID)
        /// Today's list on the prep page.
        case today([TemplateDraft.ExerciseDraft])
    }

    /// What a choice would do to the template, without saving it.
    public func preview(_ id: UUID, choice: TemplateUpdate, from source: PlanSource, user: User) async throws
        -> TemplateUpdatePreview
    {
        let template = try await findOwn(id, user: user, action: "update")
        let plan: [TemplateExercise]
        switch source {
        case .workout(let workoutID):
            guard let workout = try await workouts.find(id: workoutID, userID: user.id) else {
                throw SpotterError.notFound("The workout")
            }
            guard workout.templateID == template.id else {
                throw SpotterError.invalid(
                    field: "workoutId", "This workout was not started from \(template.name), so it cannot update it.")
            }
            plan = TemplateFromWorkout.plan(of: workout, weights: true, newID: UUID.init)
            guard !plan.isEmpty else {
                throw SpotterError.invalid(field: "workoutId", "This workout has no completed working sets to take values from.")
            }
        case .today(let rows):
            plan = try await self.plan(of: template, today: rows, user: user)
        }
        var after = template
        after.exercises = choice.apply(to: template.exercises, plan: plan)
        return TemplateUpdatePreview(
            before: template, after: after, changes: TemplateDiff.changes(from: template.exercises, to: after.exercises),
            choice: choice,
            plan: plan)
    }

    /// Applies a previewed choice to the template as stored when the change is
    /// written (inside its transaction), so a save made in between is built on,
    /// not overwritten. Applying the same choice twice changes nothing more.
    public func applyUpdate(_ preview: TemplateUpdatePreview, user: User) async throws -> WorkoutTemplate {
        let (choice, plan) = (preview.choice, preview.plan)
        return try await templates.update(id: preview.before.id, userID: user.id, now: clock()) { stored in
            var changed = stored
            changed.exercises = choice.apply(to: stored.exercises, plan: plan)
            return changed
        }
    }

    /// Saves a finished workout as a new template: exercises in order, set count =
    /// completed working sets, rep range = fewest..most completed reps.
    public func saveAsTemplate(workoutID: UUID, newID: UUID, name: String?, category: String?, user: User) async throws
        -> WorkoutTemplate
    {
        guard let workout = try await workouts.find(id: workoutID, userID: user.id) else {
            throw SpotterError.notFound("The workout")
        }
        let exercises = TemplateFromWorkout.plan(of: workout, weights: false, newID: UUID.init)
        guard !exercises.isEmpty else {
            throw SpotterError.invalid(
                field: "workoutId", "This workout has no completed working sets, so there is nothing to save as a template.")
        }
        let zone = user.settings.zone
        let draft = TemplateDraft(
            name: name ?? TemplateFromWorkout.suggestedName(for: workout, timeZone: zone),
            category: category ?? TemplateCategory.custom.rawValue,
            exercises: exercises.map(TemplateDraft.ExerciseDraft.init))
        // A retry (the template made already) is checked like the first attempt before it is answered.
        if let existing = try await templates.find(id: newID, userID: user.id) {
            let base = WorkoutTemplate(id: newID, ownerID: user.id, name: "", category: .custom, createdAt: existing.createdAt)
            _ = try validated { () throws(ValidationFailure) in
                try draft.applied(to: base, unit: user.settings.unit, newID: UUID.init)
            }
            return existing
        }
        return try await create(id: newID, draft: draft, user: user)
    }

    /// Saves today's list from the prep page as a new template.
    public func saveToday(_ plan: [TemplateExercise], from template: WorkoutTemplate, name: String, user: User) async throws
        -> WorkoutTemplate
    {
        let rows = TemplateUpdate.newTemplatePlan(today: plan, template: template.exercises)
        let draft = TemplateDraft(
            name: name, category: template.category.rawValue, notes: template.notes,
            exercises: rows.map(TemplateDraft.ExerciseDraft.init))
        return try await create(id: UUID(), draft: draft, user: user)
    }

    /// How the exercises without a time are measured (for `withHoldDefaults`).
    private func kinds(of rows: [TemplateExercise], user: User) async throws -> [UUID: ExerciseKind] {
        let missing = Set(rows.filter { $0.targetDurationSeconds == nil }.map(\.exerciseID))
        guard !missing.isEmpty else { return [:] }
        return try await exercises.exercises(ids: missing, userID: user.id).mapValues(\.kind)
    }

}

/// A template before and after an update choice, and the changes in between.
public struct TemplateUpdatePreview: Sendable {
    public let before: WorkoutTemplate
    public let after: WorkoutTemplate
    public let changes: [TemplateDiff.Change]
    public let choice: TemplateUpdate
    public let plan: [TemplateExercise]
}

extension TemplateService {
    /// Every template of the user, archived ones too, by name: what "export all" writes.
    public func all(user: User) async throws -> [WorkoutTemplate] {
        try await templates.list(userID: user.id, filter: TemplateFilter(includeArchived: true, sort: .name))
    }

    /// The templates as a file to share.
    public func export(_ list: [WorkoutTemplate], user: User) async throws -> TemplateExchange {
        let ids = Set(list.flatMap { $0.exercises.map(\.exerciseID) })
        let exercises = try await exercises.exercises(ids: ids, userID: user.id)
        return TemplateExchange(
            exportedAt: clock(),
            templates: list.map { template in
                TemplateExchange.entry(for: template) { id in
                    (exercises[id]?.name ?? "Unknown exercise", exercises[id]?.catalogKey)
                }
            })
    }

    /// Adds the templates of a file, all or none. Exercises are found by catalog key,
    /// else by name or alias in the user's library; names the user already has get
    /// " (Imported)". Every problem is named with the template it is in.
    public func importFile(_ data: Data, user: User) async throws -> [WorkoutTemplate] {
        let document: TemplateExchange
        do { document = try TemplateExchange.decode(data) } catch { throw SpotterError.invalid(error) }
        guard document.templates.count <= Self.importLimit else {
            throw SpotterError.invalid(
                field: "file",
                "The file holds \(document.templates.count) templates; import at most \(Self.importLimit) at a time.")
        }
        let library = try await exercises.list(userID: user.id, filter: ExerciseFilter(includeArchived: true))
        var byKey: [String: UUID] = [:]
        var byName: [NameKey: UUID] = [:]
        let kinds = Dictionary(library.map { ($0.id, $0.kind) }, uniquingKeysWith: { first, _ in first })
        for exercise in library {
            if let key = exercise.catalogKey { byKey[key] = exercise.id }
            for name in [exercise.name] + exercise.aliases where byName[NameKey(name)] == nil || name == exercise.name {
                byName[NameKey(name)] = exercise.id
            }
        }
        let now = clock()
        var result: [WorkoutTemplate] = []
        for (index, item) in document.templates.enumerated() {
            let label = "Template \(index + 1) (\(NameKey.displayForm(of: item.name)))"
            var rows: [TemplateDraft.ExerciseDraft] = []
            for exercise in item.exercises {
                guard let id = exercise.catalogKey.flatMap({ byKey[$0] }) ?? byName[NameKey(exercise.exercise)] else {
                    throw SpotterError.invalid(
                        field: "file",
                        "\(label): the exercise \"\(exercise.exercise)\" is not in your library. Create it, then import the file again."
                    )
                }
                rows.append(
                    TemplateDraft.ExerciseDraft(
                        exerciseID: id, setCount: exercise.sets, repMin: exercise.repMin, repMax: exercise.repMax,
                        targetWeight: exercise.targetWeight,
                        weightUnit: exercise.weightUnit, targetRPE: exercise.targetRPE, restSeconds: exercise.restSeconds,
                        targetDurationSeconds: exercise.targetDurationSeconds, notes: exercise.notes))
            }
            let draft = TemplateDraft(
                name: item.name, category: item.category, notes: item.notes ?? "", exercises: rows, breaks: item.breakDrafts,
                guided: item.guided)
            let base = WorkoutTemplate(id: UUID(), ownerID: user.id, name: "", category: .custom, createdAt: now)
            do {
                var template = try draft.applied(to: base, unit: user.settings.unit, newID: UUID.init)
                template.exercises = TemplateExercise.withHoldDefaults(template.exercises, kinds: kinds)
                result.append(template)
            } catch {
                throw SpotterError.invalid(field: "file", "\(label): \(error.first.message)")
            }
        }
        return try await templates.importAll(result, userID: user.id)
    }

    public static let importLimit = 500
}
