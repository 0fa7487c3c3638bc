import Foundation
import SpotterCore

/// The program use cases, for the API, the pages and the command line alike:
/// creating and editing (the wizard, a week, a day), copies, presets, activation,
/// today's day and starting it with suggested weights. Each checks ownership,
/// validates with the Core rules and writes through the repositories.
public struct ProgramService: Sendable {
    let store: SpotterStore
    let clock: @Sendable () -> Date

    public init(store: SpotterStore, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.clock = clock
    }

    var programs: ProgramRepository { ProgramRepository(store: store) }
    var templates: TemplateRepository { TemplateRepository(store: store) }
    var templateService: TemplateService { TemplateService(store: store, clock: clock) }
    var workouts: WorkoutRepository { WorkoutRepository(store: store) }
    var workoutService: WorkoutService { WorkoutService(store: store, clock: clock) }

    // MARK: Presets

    /// Presets have no date of their own; they show as created when the library began.
    static let presetDate = Date(timeIntervalSince1970: 1_762_128_000)

    /// The built-in programs, their days on the read-only template presets.
    public static let presets: [TrainingProgram] = ProgramPresets.all.map { $0.program(id: $0.id, ownerID: nil, now: presetDate) }

    public static func preset(id: UUID) -> TrainingProgram? { presets.first { $0.id == id } }

    // MARK: Reading

    public func list(user: User, includeArchived: Bool = false) async throws -> [TrainingProgram] {
        try await programs.list(userID: user.id, includeArchived: includeArchived)
    }

    /// The user's program or a preset, or 404.
    public func find(_ id: UUID, user: User) async throws -> TrainingProgram {
        if let preset = Self.preset(id: id) { return preset }
        guard let program = try await programs.find(id: id, userID: user.id) else { throw SpotterError.notFound("The program") }
        return program
    }

    /// The user's own program, if it is one.
    public func own(_ id: UUID, user: User) async throws -> TrainingProgram? {
        try await programs.find(id: id, userID: user.id)
    }

    /// The names of the user's programs whose days use the template.
    public func names(usingTemplate templateID: UUID, user: User) async throws -> [String] {
        try await programs.names(usingTemplate: templateID, userID: user.id)
    }

    /// The user's own program, or 404; a preset answers 403 ("read-only").
    public func findOwn(_ id: UUID, user: User, action: String) async throws -> TrainingProgram {
        if Self.preset(id: id) != nil {
            throw SpotterError.forbidden(
                "Preset programs are read-only, so you cannot \(action) one. Use it to make your own copy, then \(action) that.")
        }
        guard let program = try await programs.find(id: id, userID: user.id) else { throw SpotterError.notFound("The program") }
        return program
    }

    /// The names of the templates the program's days use (the user's or presets).
    public func templateNames(of program: TrainingProgram, user: User) async throws -> [UUID: String] {
        var names: [UUID: String] = [:]
        for id in program.templateIDs {
            if let preset = TemplatePresets.preset(id: id) { names[id] = preset.name }
        }
        let own = program.templateIDs.filter { names[$0] == nil }
        guard !own.isEmpty else { return names }
        return names.merging(try await templates.names(ids: own, userID: user.id)) { preset, _ in preset }
    }

    /// The templates a program's day may name: the user's own, not archived.
    public func choosableTemplates(user: User) async throws -> [WorkoutTemplate] {
        try await templates.list(userID: user.id, filter: TemplateFilter(sort: .name))
    }

    // MARK: Creating and editing

    /// Creates a program from the wizard's draft (all steps) or the API's body. A
    /// retry with the same id is checked like the first attempt, then answered with it.
    public func create(id: UUID, draft: ProgramDraft, user: User) async throws -> TrainingProgram {
        let now = clock()
        var draft = draft
        draft.name = draft.name ?? ""
        draft.category = draft.category ?? ProgramCategory.generalFitness.rawValue
        draft.difficulty = draft.difficulty ?? ProgramDifficulty.beginner.rawValue
        draft.weekCount = draft.weekCount ?? 4
        draft.schedule = draft.schedule ?? []
        let base = TrainingProgram(
            id: id, ownerID: user.id, name: "", category: .generalFitness, difficulty: .beginner, createdAt: now)
        let allowed = try await templateIDs(user: user)
        let program = try validated { () throws(ValidationFailure) in
            try draft.applied(to: base, templates: allowed, newID: UUID.init)
        }
        if let existing = try await programs.find(id: id, userID: user.id) { return existing }
        try Self.checkNotPreset(id)
        return try await programs.insert(program, userID: user.id)
    }

    /// Checks a draft against a program without saving it: the wizard's preview and its step checks.
    public func check(_ draft: ProgramDraft, over base: TrainingProgram, user: User) async throws -> TrainingProgram {
        let allowed = try await templateIDs(user: user)
        return try validated { () throws(ValidationFailure) in try draft.applied(to: base, templates: allowed, newID: UUID.init) }
    }

    /// Saves an edited draft over the stored program, in one transaction; `archived`
    /// archives or restores it in the same write, so a refused archive (the active
    /// program) changes none of the other fields either.
    public func save(id: UUID, draft: ProgramDraft, archived: Bool? = nil, user: User) async throws -> TrainingProgram {
        let program = try await findOwn(id, user: user, action: "edit")
        if archived == true, try await programs.active(userID: user.id)?.programID == id {
            throw Self.activeCannotBeArchived(program)
        }
        let allowed = try await templateIDs(user: user)
        let now = clock()
        return try await programs.update(id: id, userID: user.id, now: now) { stored in
            // The templates it already uses stay allowed, archived or not: an edit of its name need not touch its days.
            let allowed = allowed.union(stored.templateIDs)
            var changed = try validated { () throws(ValidationFailure) in
                try draft.applied(to: stored, templates: allowed, newID: UUID.init)
            }
            if let archived { changed.archivedAt = archived ? (stored.archivedAt ?? now) : nil }
            return changed
        }
    }

    /// Changes one week's phase, modifier or deload flag.
    public func changeWeek(_ id: UUID, week number: Int, change: ProgramWeekChange, user: User) async throws -> TrainingProgram {
        let program = try await findOwn(id, user: user, action: "edit")
        guard program.week(number) != nil else { throw SpotterError.notFound("Week \(number) of \(program.name)") }
        return try await programs.update(id: id, userID: user.id, now: clock()) { stored in
            var changed = stored
            guard let week = stored.week(number) else { throw SpotterError.notFound("Week \(number) of \(stored.name)") }
            changed.weeks[number - 1] = try validated { () throws(ValidationFailure) in try change.applied(to: week) }
            return changed
        }
    }

    /// Changes one day's template, notes or suggested RPE.
    public func changeDay(_ id: UUID, day dayID: UUID, change: ProgramDayChange, user: User) async throws -> TrainingProgram {
        let program = try await findOwn(id, user: user, action: "edit")
        guard program.weeks.contains(where: { $0.days.contains { $0.id == dayID } }) else {
            throw SpotterError.notFound("The day")
        }
        let allowed = try await templateIDs(user: user)
        return try await programs.update(id: id, userID: user.id, now: clock()) { stored in
            var changed = stored
            for (w, week) in stored.weeks.enumerated() {
                for (d, day) in week.days.enumerated() where day.id == dayID {
                    changed.weeks[w].days[d] = try validated { () throws(ValidationFailure) in
                        try change.applied(to: day, templates: allowed)
                    }
                    return changed
                }
            }
            throw SpotterError.notFound("The day")
        }
    }

    public func duplicate(_ id: UUID, as newID: UUID, user: User) async throws -> TrainingProgram {
        let source = try await findOwn(id, user: user, action: "duplicate")
        try Self.checkNotPreset(newID)
        return try await programs.copy(source, as: newID, userID: user.id, now: clock()) { taken in
            Self.copyName(of: source.name, taken: taken)
        }
    }

    /// `TemplateNaming.copyName` within the program name limit, which is shorter than
    /// a template's: a long name is cut before its " (Copy n)".
    static func copyName(of name: String, taken: Set<NameKey>) -> String {
        let copy = TemplateNaming.copyName(of: name, taken: taken)
        guard copy.count > TrainingProgram.nameLimit, let cut = copy.range(of: " (Copy", options: .backwards) else { return copy }
        let base = String(copy[..<cut.lowerBound])
        var number = 1
        while true {
            let tail = number == 1 ? " (Copy)" : " (Copy \(number))"
            let candidate = NameKey.displayForm(of: String(base.prefix(TrainingProgram.nameLimit - tail.count))) + tail
            if !taken.contains(NameKey(candidate)) { return candidate }
            number += 1
        }
    }

    /// Archives or restores a program. The active program cannot be archived.
    public func setArchived(_ id: UUID, archived: Bool, user: User) async throws -> TrainingProgram {
        let program = try await findOwn(id, user: user, action: "archive")
        if archived, try await programs.active(userID: user.id)?.programID == id { throw Self.activeCannotBeArchived(program) }
        let now = clock()
        return try await programs.update(id: id, userID: user.id, now: now) { stored in
            var changed = stored
            changed.archivedAt = archived ? (stored.archivedAt ?? now) : nil
            return changed
        }
    }

    /// Deletes a program; its workouts stay in history. An active one stops being active.
    public func delete(_ id: UUID, user: User) async throws {
        _ = try await findOwn(id, user: user, action: "delete")
        try await programs.delete(id: id, userID: user.id)
    }

    /// "Use this program": the preset becomes the user's own, with its day templates
    /// copied into the user's templates. A template the user already copied from the
    /// same preset (same name, same exercises) is used again instead of copied twice.
    public func use(presetID: UUID, as newID: UUID, user: User) async throws -> TrainingProgram {
        guard let preset = ProgramPresets.preset(id: presetID) else { throw SpotterError.notFound("The preset") }
        if let existing = try await programs.find(id: newID, userID: user.id) { return existing }
        // Refused before any template is copied, so a refusal leaves nothing behind.
        try Self.checkNotPreset(newID)
        if try await programs.idTaken(newID) { throw SpotterError.idInUse }
        let mine = try await templates.list(userID: user.id, filter: TemplateFilter())
        var copies: [UUID: UUID] = [:]
        for templatePresetID in preset.templatePresetIDs {
            guard let source = try await templates.preset(id: templatePresetID) else { continue }
            if let same = mine.first(where: { Self.sameRoutine($0, source) }) {
                copies[templatePresetID] = same.id
            } else {
                copies[templatePresetID] = try await templateService.use(presetID: templatePresetID, as: UUID(), user: user).id
            }
        }
        let program = preset.program(id: newID, ownerID: user.id, templateIDs: copies, now: clock())
        return try await programs.copy(program, as: newID, userID: user.id, now: clock()) { taken in
            TemplateNaming.freeName(preset.name, taken: taken)
        }
    }

    /// Whether a template is a plain copy of a preset: its name (or a copy name of it,
    /// "... (Copy 2)", which a copy gets when the lifter has a template of that name
    /// already) and its exercises' plan.
    static func sameRoutine(_ mine: WorkoutTemplate, _ preset: WorkoutTemplate) -> Bool {
        func plan(_ template: WorkoutTemplate) -> [String] {
            template.exercises.map { "\($0.exerciseID) \($0.setCount) \($0.reps.label) \($0.restSeconds ?? 0)" }
        }
        // Two names share their name before " (Copy n)" when their first copy names match.
        func base(_ name: String) -> NameKey { NameKey(TemplateNaming.copyName(of: name, taken: [])) }
        return base(mine.name) == base(preset.name) && plan(mine) == plan(preset)
    }

    // MARK: Following a program

    /// Makes the program the active one. A program the lifter stopped following
    /// resumes where they left it (`resume` true, or left out with no `startDay`), the
    /// days it stood stopped counted as a pause; otherwise it starts over at week 1 on
    /// `startDay` ("yyyy-MM-dd", today when nil), and a session already done on that
    /// day belongs to the old run.
    public func activate(_ id: UUID, startDay: String?, resume: Bool? = nil, user: User) async throws -> ProgramStatus {
        let program = try await findOwn(id, user: user, action: "activate")
        if program.isArchived {
            throw SpotterError.conflict(field: nil, message: "\(program.name) is archived. Restore it first, then activate it.")
        }
        let today = today(for: user)
        let day = startDay.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        if resume == true, day != nil {
            throw SpotterError.invalid(
                field: "resume", "Send startDay to start over, or resume to pick up where you left off, not both.")
        }
        let run: ActiveProgram
        if resume != false, day == nil, let stop = try await programs.stopped(programID: id, userID: user.id) {
            run = stop.resumed(on: today)
        } else if resume == true {
            if let status = try await status(user: user), status.program.id == id { return status }
            throw SpotterError.conflict(
                field: "resume",
                message:
                    "You have not followed \(program.name) before: there is no place to resume. Activate it to start at week 1.")
        } else {
            let start = day ?? today
            guard CalendarDay.parse(start) != nil, abs(ProgramProgress.daysBetween(today, start)) <= 366 else {
                throw SpotterError.invalid(field: "startDay", "Pick a start day as YYYY-MM-DD, within a year of today.")
            }
            run = ActiveProgram(programID: id, startDay: start, activatedAt: clock())
        }
        try await programs.activate(run, userID: user.id, day: today)
        guard let status = try await status(user: user) else { throw SpotterError.notFound("The program") }
        return status
    }

    /// Where activating a program the lifter stopped following would pick up, or nil
    /// when they never stopped it (or it is the active one).
    public func resumePoint(of program: TrainingProgram, user: User) async throws -> ProgramProgress? {
        guard let stop = try await programs.stopped(programID: program.id, userID: user.id) else { return nil }
        return try await progress(of: program, active: stop.resumed(on: today(for: user)), user: user)
    }

    public func deactivate(user: User) async throws {
        guard try await programs.deactivate(userID: user.id, day: today(for: user)) else {
            throw SpotterError.conflict(field: nil, message: "You have no active program to deactivate.")
        }
    }

    /// Holds the active program still from today: its days stop falling due, and
    /// resuming picks up at the same day, never late for the pause.
    public func pause(user: User) async throws -> ProgramStatus {
        guard let status = try await status(user: user) else { throw Self.noActiveProgram }
        let name = status.program.name
        switch status.progress.today {
        case .paused(let since, _, _):
            throw SpotterError.conflict(field: nil, message: "\(name) is paused already, since \(since).")
        case .completed:
            throw SpotterError.conflict(field: nil, message: "\(name) is complete: there is nothing to pause.")
        case .notStarted(let day):
            throw SpotterError.conflict(
                field: nil, message: "\(name) starts on \(day): change its start day instead of pausing it.")
        case .train, .rest:
            var pause = status.active.pause
            pause.since = today(for: user)
            return try await savePause(pause, user: user)
        }
    }

    /// Runs a paused program again from today; the days it was paused do not count.
    public func unpause(user: User) async throws -> ProgramStatus {
        guard let status = try await status(user: user) else { throw Self.noActiveProgram }
        guard status.active.pause.since != nil else {
            throw SpotterError.conflict(field: nil, message: "\(status.program.name) is not paused: it is running.")
        }
        return try await savePause(ProgramPause(days: status.active.pause.days(by: today(for: user))), user: user)
    }

    private func savePause(_ pause: ProgramPause, user: User) async throws -> ProgramStatus {
        guard try await programs.savePause(pause, userID: user.id), let status = try await status(user: user) else {
            throw Self.noActiveProgram
        }
        return status
    }

    /// "Skip to next week": closes the current week of the active program.
    public func skipWeek(user: User) async throws -> ProgramStatus {
        guard let status = try await status(user: user) else { throw Self.noActiveProgram }
        guard let week = status.progress.currentWeek else {
            throw SpotterError.conflict(field: nil, message: "\(status.program.name) is complete: there is no week left to skip.")
        }
        if case .notStarted(let day) = status.progress.today {
            throw SpotterError.conflict(
                field: nil, message: "\(status.program.name) starts on \(day): there is no week to skip yet.")
        }
        try Self.refuseWhilePaused(status, to: "skip a week")
        try await programs.skip(week: week, programID: status.program.id, userID: user.id, day: today(for: user))
        guard let after = try await self.status(user: user) else { throw Self.noActiveProgram }
        return after
    }

    /// The active program and where the lifter stands in it, or nil.
    public func status(user: User) async throws -> ProgramStatus? {
        guard let active = try await programs.active(userID: user.id),
            let program = try await programs.find(id: active.programID, userID: user.id)
        else { return nil }
        let progress = try await progress(of: program, active: active, user: user)
        return ProgramStatus(
            program: program, active: active, progress: progress, templateNames: try await templateNames(of: program, user: user))
    }

    /// How many personal records the program's counted workouts set.
    public func recordCount(_ status: ProgramStatus, user: User) async throws -> Int {
        try await programs.recordCount(workoutIDs: status.progress.countedWorkouts, userID: user.id)
    }

    /// Starts the next day of the active program: its template copied into a new
    /// workout, each weight suggested by the RPE rule times the week's modifier with
    /// the reason kept beside it, the day's suggested RPE as the target where the
    /// template has none, and the workout linked to the program, week and day.
    public func startToday(workoutID: UUID, replaceActive: Bool, user: User) async throws -> Workout {
        if let existing = try await workoutService.find(workoutID, user: user) { return existing }
        guard let status = try await status(user: user) else { throw Self.noActiveProgram }
        if case .notStarted(let day) = status.progress.today {
            throw SpotterError.conflict(
                field: nil, message: "\(status.program.name) starts on \(day). Change its start day to begin now.")
        }
        try Self.refuseWhilePaused(status, to: "start its next session")
        guard let weekNumber = status.progress.currentWeek, let week = status.program.week(weekNumber),
            let day = status.progress.next
        else {
            throw SpotterError.conflict(
                field: nil, message: "\(status.program.name) is complete. Restart it or pick another program.")
        }
        let template = try await templateService.find(day.templateID, user: user)
        let (unit, step) = (user.settings.unit, user.settings.roundingStep)
        // The base is the same program day last time, which may be several sessions of
        // the lift back (a lift trained five days a week, a deload week between):
        // `baseDepth` workouts back, counted in entries (a lift the template holds
        // twice has two a workout).
        let rows = Dictionary(template.exercises.map { ($0.exerciseID, 1) }, uniquingKeysWith: +)
        let history = try await workouts.previousSessions(
            userID: user.id, exerciseIDs: Set(rows.keys), excluding: nil, limit: Self.baseDepth * (rows.values.max() ?? 1))
        let suggestions = WeightSuggestion.forProgramDay(
            template.exercises, history: history, program: status.program, day: day, week: week, unit: unit, plateStep: step)
        let planned = template.exercises.map { item in
            var item = item
            item.targetWeight = nil
            item.targetRPE = item.targetRPE ?? day.suggestedRPE
            return item
        }
        let now = clock()
        var entries = TemplateStart.entries(from: planned, suggestedWeights: [:], now: now, newID: UUID.init)
        for index in entries.indices {
            guard let suggestion = suggestions[index] else { continue }
            entries[index].suggestion = suggestion.reason
            for set in entries[index].sets.indices { entries[index].sets[set].weight = suggestion.weight }
        }
        let workout = try await workoutService.start(
            .init(
                id: workoutID, name: template.name, replaceActive: replaceActive, entries: entries,
                templateID: template.isPreset ? nil : template.id,
                program: ProgramLink(programID: status.program.id, week: weekNumber, dayID: day.id)),
            user: user, now: now)
        if !day.notes.isEmpty, workout.notes.isEmpty {
            return try await workoutService.update(workout.id, change: WorkoutChange(notes: day.notes), user: user, now: now)
        }
        return workout
    }

    /// What the program would ask of the lifter, played from their own history (see
    /// `ProgramProjection`), with the names of its lifts.
    public func projection(of program: TrainingProgram, user: User) async throws -> (
        projection: ProgramProjection, names: [UUID: String]
    ) {
        var templates: [UUID: WorkoutTemplate] = [:]
        for id in Set(program.templateIDs) {
            if let template = try await self.templates.findAny(id: id, userID: user.id) { templates[id] = template }
        }
        let lifts = Set(templates.values.flatMap { $0.exercises.map(\.exerciseID) })
        let history = try await workouts.previousSessions(
            userID: user.id, exerciseIDs: lifts, excluding: nil, limit: Self.baseDepth)
        let projection = ProgramProjection(
            program: program, templates: templates, history: history, unit: user.settings.unit,
            plateStep: user.settings.roundingStep)
        let shown = Set(projection.lifts().map(\.exerciseID))
        let exercises = try await ExerciseRepository(store: store).exercises(ids: shown, userID: user.id)
        return (projection, exercises.mapValues(\.name))
    }

    /// Whether the active program's day due today uses this template.
    public func isDueToday(templateID: UUID, user: User) async throws -> Bool {
        guard let status = try await status(user: user), case .train(_, let day, _) = status.progress.today else {
            return false
        }
        return day.templateID == templateID
    }

    /// How many workouts back of each lift the base of a suggestion is looked for.
    static let baseDepth = 16

    // MARK: Helpers

    /// A preset's id never names a lifter's program: it answers as any id in use.
    static func checkNotPreset(_ id: UUID) throws {
        if preset(id: id) != nil { throw SpotterError.idInUse }
    }

    static func activeCannotBeArchived(_ program: TrainingProgram) -> SpotterError {
        .conflict(field: nil, message: "\(program.name) is your active program. Deactivate it first, then archive it.")
    }

    static func refuseWhilePaused(_ status: ProgramStatus, to action: String) throws {
        if case .paused(let since, _, _) = status.progress.today {
            throw SpotterError.conflict(
                field: nil, message: "\(status.program.name) is paused since \(since). Resume it to \(action).")
        }
    }

    static let noActiveProgram = SpotterError.conflict(
        field: nil, message: "You have no active program. Pick one on the Programs tab and activate it.")

    func today(for user: User) -> String { CalendarDay.string(of: clock(), timeZone: user.settings.zone) }

    private func progress(of program: TrainingProgram, active: ActiveProgram, user: User) async throws -> ProgramProgress {
        let sessions = try await programs.sessions(programID: program.id, userID: user.id, timeZone: user.settings.zone)
        let skipped = try await programs.skippedWeeks(programID: program.id, userID: user.id, since: active.startDay)
        // Started on the day of activation (or later): a session begun before the
        // activation belongs to an earlier run of the program.
        let activationDay = CalendarDay.string(of: active.activatedAt, timeZone: user.settings.zone)
        return ProgramProgress(
            program: program, startDay: active.startDay, sessions: sessions, skippedWeeks: skipped, today: today(for: user),
            pause: active.pause, countsFrom: active.startDay >= activationDay ? active.activatedAt : nil)
    }

    private func templateIDs(user: User) async throws -> Set<UUID> {
        Set(try await templates.list(userID: user.id, filter: TemplateFilter()).map(\.id))
    }

}

/// The active program, its start and where the lifter stands in it.
public struct ProgramStatus: Sendable {
    public let program: TrainingProgram
    public let active: ActiveProgram
    public let progress: ProgramProgress
    /// Names of the templates its days use, by id.
    public let templateNames: [UUID: String]

    public func name(of day: ProgramDay) -> String { templateNames[day.templateID] ?? "Workout" }
}
