import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// The Programs tab: the lifter's programs and the presets, a program's weeks and
/// today's place in it, the four-step wizard, week and day edits, activation and
/// starting today's session. Every action calls one `ProgramService` method.
struct ProgramPagesController {
    let services: AppServices

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.get("programs", use: list)
        router.get("programs/new", use: newWizard)
        router.post("programs/new", use: stepNew)
        router.get("programs/chart", use: chart)
        router.post("programs/active/start", use: startToday)
        router.post("programs/active/skip-week", use: skipWeek)
        router.post("programs/active/deactivate", use: deactivate)
        router.post("programs/active/pause", use: pause)
        router.post("programs/active/resume", use: unpause)
        router.get("programs/:id", use: detail)
        router.get("programs/:id/edit", use: editWizard)
        router.post("programs/:id/edit", use: stepEdit)
        router.post("programs/:id/use", use: usePreset)
        router.post("programs/:id/activate", use: activate)
        router.post("programs/:id/duplicate", use: duplicate)
        router.post("programs/:id/archive", use: archive)
        router.get("programs/:id/delete", use: confirmDelete)
        router.post("programs/:id/delete", use: delete)
        router.get("programs/:id/weeks/:number", use: weekPage)
        router.post("programs/:id/weeks/:number", use: saveWeek)
        router.get("programs/:id/days/:dayId", use: dayPage)
        router.post("programs/:id/days/:dayId", use: saveDay)
    }

    private var service: ProgramService { services.programs }

    // MARK: List and detail

    @Sendable func list(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let query = request.uri.queryParameters
        let showPresets = query.get("tab") == "presets"
        let filter = try ProgramFilter(query)
        let showArchived = !showPresets && query.get("archived") == "1"
        let all = showPresets ? ProgramService.presets : try await service.list(user: user, includeArchived: showArchived)
        let status = try await service.status(user: user)
        let model = ProgramListPage(
            page: PageChrome(title: "Programs", context: context, section: .programs),
            showPresets: showPresets,
            cards: filter.apply(to: all).map { ProgramCardView($0, status: status) },
            search: filter.search,
            categories: [OptionView(value: "", label: "All", selected: filter.category == nil)]
                + ProgramCategory.allCases.map {
                    OptionView(value: $0.rawValue, label: $0.displayName, selected: $0 == filter.category)
                },
            difficulties: [OptionView(value: "", label: "Any level", selected: filter.difficulty == nil)]
                + ProgramDifficulty.allCases.map {
                    OptionView(value: $0.rawValue, label: $0.displayName, selected: $0 == filter.difficulty)
                },
            showArchived: showArchived,
            filtered: filter.isFiltering,
            hasAny: !all.isEmpty,
            notice: Notice.from(request))
        return try services.views.render(model)
    }

    @Sendable func detail(_ request: Request, context: SignedInContext) async throws -> Response {
        try await renderDetail(id: try context.programID(), request: request, context: context, error: nil)
    }

    private func renderDetail(
        id: UUID, request: Request, context: SignedInContext, error: String?, status code: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let user = context.user
        let program = try await service.find(id, user: user)
        let status = try await service.status(user: user)
        let mine = status?.program.id == program.id ? status : nil
        let names = try await service.templateNames(of: program, user: user)
        var summary: CompletionView?
        if let mine, mine.progress.isComplete {
            summary = CompletionView(
                weeks: program.weekCount, sessions: mine.progress.sessionsDone,
                adherence: mine.progress.adherence.map { "\(ProgramProgress.percent($0))%" } ?? "–",
                records: try await service.recordCount(mine, user: user))
        }
        let editable = !program.isPreset
        let resume = mine == nil ? try await service.resumePoint(of: program, user: user) : nil
        let projection = mine == nil ? try await service.projection(of: program, user: user) : nil
        let model = ProgramDetailPage(
            page: PageChrome(
                title: program.name, context: context, section: .programs,
                backLink: program.isPreset ? "/programs?tab=presets" : "/programs"),
            id: program.id.text, path: "/programs/\(program.id.text)", name: program.name,
            meta: program.metaLine, length: program.lengthLabel,
            description: program.summary.isEmpty ? nil : program.summary,
            pattern: Self.patternLine(program),
            isPreset: program.isPreset, archived: program.isArchived,
            chart: SVGChart.weeklyIntensity(id: "program-chart", title: "Intensity by week", weeks: program.weeks),
            weeks: Self.weekViews(
                program, names: names, progress: mine?.progress, editable: editable, unfold: mine?.progress.currentWeek ?? 1),
            status: mine.map(ProgramStatusView.init), summary: summary,
            replaces: status.flatMap { $0.program.id == program.id ? nil : $0.program.name },
            resume: resume.flatMap { ResumeView($0, names: names) },
            projection: projection.flatMap { ProjectionView($0.projection, program: program, names: $0.names) },
            today: CalendarDay.string(of: services.clock(), timeZone: user.settings.zone), newId: UUID().text,
            workoutId: UUID().text,
            notice: Notice.from(request), error: error)
        return try services.views.render(model, status: code)
    }

    static func patternLine(_ program: TrainingProgram) -> String {
        let base = "base \(WeightFormat.trim(program.baseIntensity * 100))%"
        let step = program.weeklyIncrement > 0 ? ", +\(WeightFormat.trim(program.weeklyIncrement * 100))% a step" : ""
        return "\(program.pattern.displayName) · \(base)\(step)"
    }

    /// The weeks as the detail page and the wizard's preview list them; `unfold` is
    /// the week shown open (nil: all of them).
    static func weekViews(
        _ program: TrainingProgram, names: [UUID: String], progress: ProgramProgress?, editable: Bool, unfold: Int? = nil
    ) -> [ProgramWeekView] {
        program.weeks.map { week in
            let status = progress?.weeks.first { $0.week.number == week.number }
            let states = Dictionary(status?.days.map { ($0.day.id, $0.state) } ?? [], uniquingKeysWith: { first, _ in first })
            let stateLabel: String? = status.map {
                switch $0.state {
                case .done: "Done"
                case .skipped: "Skipped"
                case .current: "This week"
                case .upcoming: "Upcoming"
                }
            }
            return ProgramWeekView(
                number: week.number, label: week.label, intensity: "\(WeightFormat.trim(week.modifier * 100))%",
                deload: week.isDeload,
                state: status?.state.rawValue, stateLabel: stateLabel,
                progress: status.map { "\($0.done)/\($0.scheduled)" },
                days: week.days.map {
                    ProgramDayView($0, name: names[$0.templateID] ?? "Unknown template", state: states[$0.id], editable: editable)
                },
                editable: editable, open: unfold == nil || unfold == week.number)
        }
    }

    /// The intensity chart for the wizard's live preview (`program-wizard.js`).
    @Sendable func chart(_ request: Request, context: SignedInContext) async throws -> Response {
        let values = WizardValues(query: request.uri.queryParameters)
        guard let svg = values.chart() else { return ViewRenderer.html("", status: .ok) }
        return ViewRenderer.html(svg)
    }

    // MARK: The wizard

    @Sendable func newWizard(_ request: Request, context: SignedInContext) async throws -> Response {
        try await renderWizard(WizardValues.new, step: 1, failure: nil, editing: nil, context: context)
    }

    @Sendable func editWizard(_ request: Request, context: SignedInContext) async throws -> Response {
        let program = try await service.findOwn(try context.programID(), user: context.user, action: "edit")
        let step = request.uri.queryParameters.get("step").flatMap(Int.init).map { min(max($0, 1), 4) } ?? 1
        return try await renderWizard(WizardValues(program), step: step, failure: nil, editing: program, context: context)
    }

    @Sendable func stepNew(_ request: Request, context: SignedInContext) async throws -> Response {
        try await step(request, context: context, editing: nil)
    }

    @Sendable func stepEdit(_ request: Request, context: SignedInContext) async throws -> Response {
        let program = try await service.findOwn(try context.programID(), user: context.user, action: "edit")
        return try await step(request, context: context, editing: program)
    }

    /// One press of a wizard button: `goto` is the step to show (checking every step
    /// before it) or `save`, which checks them all and creates or saves the program.
    private func step(_ request: Request, context: SignedInContext, editing: TrainingProgram?) async throws -> Response {
        let user = context.user
        var request = request
        let form = try await SubmittedForm.read(&request)
        let values = WizardValues(form: form)
        let current = Int(form["step"]).map { min(max($0, 1), 4) } ?? 1
        let target = form["goto"]
        let base = editing ?? WizardValues.emptyProgram(user: user, now: services.clock())
        if target == "save" {
            if let (step, failure) = try await firstProblem(values, through: 3, base: base, user: user) {
                return try await renderWizard(
                    values, step: step, failure: failure, editing: editing, context: context, status: .badRequest)
            }
            do {
                let program: TrainingProgram
                if let editing {
                    program = try await service.save(id: editing.id, draft: values.draft(through: 3), user: user)
                } else {
                    program = try await service.create(
                        id: UUID(uuidString: form["id"]) ?? UUID(), draft: values.draft(through: 3), user: user)
                }
                return .seeOther("/programs/\(program.id.text)?notice=\(editing == nil ? "programCreated" : "saved")")
            } catch SpotterError.conflict(let field, let message) where field == "name" {
                return try await renderWizard(
                    values, step: 1, failure: ValidationFailure(field: "name", message: message), editing: editing,
                    context: context,
                    status: .conflict)
            }
        }
        let wanted = target == "next" ? min(current + 1, 4) : Int(target).map { min(max($0, 1), 4) } ?? current
        if wanted > current,
            let (step, failure) = try await firstProblem(values, through: min(wanted - 1, 3), base: base, user: user)
        {
            return try await renderWizard(
                values, step: step, failure: failure, editing: editing, context: context, status: .badRequest)
        }
        return try await renderWizard(values, step: wanted, failure: nil, editing: editing, context: context)
    }

    /// The first step (up to `last`) with a problem, and its problems.
    private func firstProblem(_ values: WizardValues, through last: Int, base: TrainingProgram, user: User) async throws -> (
        Int, ValidationFailure
    )? {
        var issues = values.numberIssues(through: last)
        do {
            _ = try await service.check(values.draft(through: last), over: base, user: user)
        } catch SpotterError.invalid(let failure) {
            issues += failure.issues.filter { issue in !issues.contains { $0.field == issue.field } }
        }
        for step in 1...last {
            let mine = issues.filter { WizardValues.step(of: $0.field) == step }
            if !mine.isEmpty { return (step, ValidationFailure(mine)) }
        }
        return nil
    }

    private func renderWizard(
        _ values: WizardValues, step: Int, failure: ValidationFailure?, editing: TrainingProgram?, context: SignedInContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let user = context.user
        let templates = try await service.choosableTemplates(user: user)
        let exerciseNames = try await services.exercises.exercises(
            ids: Set(templates.flatMap { $0.exercises.map(\.exerciseID) }), userID: user.id
        )
        .mapValues(\.name)
        var preview: [ProgramWeekView] = []
        var previewLine: String?
        if step == 4 {
            let base = editing ?? WizardValues.emptyProgram(user: user, now: services.clock())
            if let program = try? await service.check(values.draft(through: 3), over: base, user: user) {
                let names = Dictionary(templates.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
                preview = Self.weekViews(program, names: names, progress: nil, editable: false)
                previewLine =
                    "\(program.lengthLabel) · \(counted(program.sessionCount, "session")) · \(Self.patternLine(program))"
            }
        }
        let action = editing.map { "/programs/\($0.id.text)/edit" } ?? "/programs/new"
        let title = editing.map { "Edit \($0.name)" } ?? "New program"
        let model = values.page(
            chrome: PageChrome(
                title: title, context: context, section: .programs,
                backLink: editing.map { "/programs/\($0.id.text)" } ?? "/programs"),
            action: action, step: step, failure: failure, isEdit: editing != nil, templates: templates,
            exerciseNames: exerciseNames,
            preview: preview, previewLine: previewLine)
        return try services.views.render(model, status: status)
    }

    // MARK: Actions

    @Sendable func usePreset(_ request: Request, context: SignedInContext) async throws -> Response {
        var request = request
        let form = try await SubmittedForm.read(&request)
        let program = try await service.use(
            presetID: try context.programID(), as: UUID(uuidString: form["newId"]) ?? UUID(), user: context.user)
        return .seeOther("/programs/\(program.id.text)?notice=programCopied")
    }

    @Sendable func activate(_ request: Request, context: SignedInContext) async throws -> Response {
        var request = request
        let form = try await SubmittedForm.read(&request)
        let id = try context.programID()
        do {
            _ = try await service.activate(
                id, startDay: form["startDay"], resume: form["resume"] == "1", user: context.user)
        } catch SpotterError.invalid(let failure) {
            return try await renderDetail(
                id: id, request: request, context: context, error: failure.first.message, status: .badRequest)
        } catch SpotterError.conflict(_, let message) {
            return try await renderDetail(id: id, request: request, context: context, error: message, status: .conflict)
        }
        return .seeOther("/programs/\(id.text)?notice=programActivated")
    }

    @Sendable func deactivate(_ request: Request, context: SignedInContext) async throws -> Response {
        let active = try await service.status(user: context.user)
        try await service.deactivate(user: context.user)
        return .seeOther(active.map { "/programs/\($0.program.id.text)?notice=programDeactivated" } ?? "/programs")
    }

    @Sendable func pause(_ request: Request, context: SignedInContext) async throws -> Response {
        let status = try await service.pause(user: context.user)
        return .seeOther("/programs/\(status.program.id.text)?notice=programPaused")
    }

    @Sendable func unpause(_ request: Request, context: SignedInContext) async throws -> Response {
        let status = try await service.unpause(user: context.user)
        return .seeOther("/programs/\(status.program.id.text)?notice=programResumed")
    }

    @Sendable func skipWeek(_ request: Request, context: SignedInContext) async throws -> Response {
        let status = try await service.skipWeek(user: context.user)
        return .seeOther("/programs/\(status.program.id.text)?notice=weekSkipped")
    }

    /// Starts the active program's next day; with a workout in progress, asks first.
    @Sendable func startToday(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        var request = request
        let form = try await SubmittedForm.read(&request)
        let replace = form["replace"] == "1"
        let workoutID = UUID(uuidString: form["workoutId"]) ?? UUID()
        let hidden = [HiddenField(name: "workoutId", value: workoutID.text)]
        if !replace, try await services.workouts.find(workoutID, user: user) == nil,
            let conflict = try await StartConflictPage.render(
                user: user, services: services, context: context, action: "/programs/active/start", hidden: hidden)
        {
            return conflict
        }
        _ = try await service.startToday(workoutID: workoutID, replaceActive: replace, user: user)
        return .seeOther("/workout")
    }

    @Sendable func duplicate(_ request: Request, context: SignedInContext) async throws -> Response {
        var request = request
        let form = try await SubmittedForm.read(&request)
        let copy = try await service.duplicate(
            try context.programID(), as: UUID(uuidString: form["newId"]) ?? UUID(), user: context.user)
        return .seeOther("/programs/\(copy.id.text)?notice=programDuplicated")
    }

    @Sendable func archive(_ request: Request, context: SignedInContext) async throws -> Response {
        var request = request
        let form = try await SubmittedForm.read(&request)
        let id = try context.programID()
        let archived = form["archived"] != "0"
        do {
            _ = try await service.setArchived(id, archived: archived, user: context.user)
        } catch SpotterError.conflict(_, let message) {
            return try await renderDetail(id: id, request: request, context: context, error: message, status: .conflict)
        }
        return .seeOther("/programs/\(id.text)?notice=\(archived ? "programArchived" : "programRestored")")
    }

    @Sendable func confirmDelete(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let program = try await service.findOwn(try context.programID(), user: user, action: "delete")
        let active = try await service.status(user: user)?.program.id == program.id
        let model = ProgramDeletePage(
            page: PageChrome(
                title: "Delete program", context: context, section: .programs, backLink: "/programs/\(program.id.text)"),
            id: program.id.text, name: program.name, active: active)
        return try services.views.render(model)
    }

    @Sendable func delete(_ request: Request, context: SignedInContext) async throws -> Response {
        try await service.delete(try context.programID(), user: context.user)
        return .seeOther("/programs?notice=programDeleted")
    }

    // MARK: A week, a day

    @Sendable func weekPage(_ request: Request, context: SignedInContext) async throws -> Response {
        let (program, number) = try await week(context)
        guard let week = program.week(number) else { throw SpotterError.notFound("Week \(number)") }
        return try renderWeek(
            program, number: number, phase: week.phase?.rawValue ?? "", modifier: WeightFormat.trim(week.modifier * 100),
            deload: week.isDeload, failure: nil, context: context)
    }

    @Sendable func saveWeek(_ request: Request, context: SignedInContext) async throws -> Response {
        let (program, number) = try await week(context)
        var request = request
        let form = try await SubmittedForm.read(&request)
        let typed = form["modifier"].trimmingCharacters(in: .whitespaces)
        let percent = WizardValues.number(typed)
        do {
            guard let percent else {
                throw SpotterError.invalid(field: "modifier", "Enter the intensity as a percentage, like 105.")
            }
            _ = try await service.changeWeek(
                program.id, week: number,
                change: ProgramWeekChange(phase: form["phase"], modifier: percent / 100, isDeload: form["deload"] == "1"),
                user: context.user)
        } catch SpotterError.invalid(let failure) {
            return try renderWeek(
                program, number: number, phase: form["phase"], modifier: typed, deload: form["deload"] == "1", failure: failure,
                context: context, status: .badRequest)
        }
        return .seeOther("/programs/\(program.id.text)?notice=saved")
    }

    private func week(_ context: SignedInContext) async throws -> (TrainingProgram, Int) {
        let program = try await service.findOwn(try context.programID(), user: context.user, action: "edit")
        guard let number = context.parameters.get("number").flatMap(Int.init), program.week(number) != nil else {
            throw SpotterError.notFound("The week")
        }
        return (program, number)
    }

    private func renderWeek(
        _ program: TrainingProgram, number: Int, phase: String, modifier: String, deload: Bool, failure: ValidationFailure?,
        context: SignedInContext, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let model = ProgramWeekEditPage(
            page: PageChrome(
                title: "Week \(number)", context: context, section: .programs, backLink: "/programs/\(program.id.text)"),
            programName: program.name, action: "/programs/\(program.id.text)/weeks/\(number)", number: number,
            phases: [OptionView(value: "", label: "None", selected: phase.isEmpty)]
                + TrainingPhase.allCases.map {
                    OptionView(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == phase)
                },
            modifier: FieldView(modifier, failure: failure, field: "modifier"), deload: deload,
            error: failure?.message(for: "phase"))
        return try services.views.render(model, status: status)
    }

    @Sendable func dayPage(_ request: Request, context: SignedInContext) async throws -> Response {
        let (program, week, day) = try await day(context)
        return try await renderDay(
            program, week: week, day: day, templateID: day.templateID.text, notes: day.notes,
            rpe: day.suggestedRPE.map(WeightFormat.trim) ?? "", failure: nil, context: context)
    }

    @Sendable func saveDay(_ request: Request, context: SignedInContext) async throws -> Response {
        let (program, week, day) = try await day(context)
        var request = request
        let form = try await SubmittedForm.read(&request)
        let rpeText = form["rpe"].trimmingCharacters(in: .whitespaces)
        do {
            var rpe: Double?? = .some(nil)
            if !rpeText.isEmpty {
                guard let value = WizardValues.number(rpeText) else {
                    throw SpotterError.invalid(field: "suggestedRPE", "Enter the RPE as a number from 1 to 10, like 8 or 7.5.")
                }
                rpe = .some(value)
            }
            guard let templateID = UUID(uuidString: form["templateId"]) else {
                throw SpotterError.invalid(field: "templateId", "Pick one of your templates.")
            }
            _ = try await service.changeDay(
                program.id, day: day.id,
                change: ProgramDayChange(templateID: templateID, notes: form["notes"], suggestedRPE: rpe), user: context.user)
        } catch SpotterError.invalid(let failure) {
            return try await renderDay(
                program, week: week, day: day, templateID: form["templateId"], notes: form["notes"], rpe: rpeText,
                failure: failure, context: context, status: .badRequest)
        }
        return .seeOther("/programs/\(program.id.text)?notice=saved")
    }

    private func day(_ context: SignedInContext) async throws -> (TrainingProgram, Int, ProgramDay) {
        let program = try await service.findOwn(try context.programID(), user: context.user, action: "edit")
        let dayID = try context.parameters.uuid("dayId", resource: "The day")
        for week in program.weeks {
            if let day = week.days.first(where: { $0.id == dayID }) { return (program, week.number, day) }
        }
        throw SpotterError.notFound("The day")
    }

    private func renderDay(
        _ program: TrainingProgram, week: Int, day: ProgramDay, templateID: String, notes: String, rpe: String,
        failure: ValidationFailure?,
        context: SignedInContext, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let user = context.user
        let templates = try await service.choosableTemplates(user: user)
        let names = try await services.exercises.exercises(
            ids: Set(templates.flatMap { $0.exercises.map(\.exerciseID) }), userID: user.id
        ).mapValues(\.name)
        let model = ProgramDayEditPage(
            page: PageChrome(
                title: "Week \(week) · \(day.weekday.displayName)", context: context, section: .programs,
                backLink: "/programs/\(program.id.text)"),
            programName: program.name, title: "Week \(week) · \(day.weekday.displayName)",
            action: "/programs/\(program.id.text)/days/\(day.id.text)",
            groups: WizardValues.groups(templates, selected: templateID, names: names, includeRest: false),
            notes: FieldView(notes, failure: failure, field: "notes"),
            rpe: FieldView(rpe, failure: failure, field: "suggestedRPE"),
            templateError: failure?.message(for: "templateId"))
        return try services.views.render(model, status: status)
    }
}

extension TrainingProgram {
    /// "Strength · Intermediate"; a beginner program for beginners says it once.
    var metaLine: String {
        category.displayName == difficulty.displayName
            ? category.displayName : "\(category.displayName) · \(difficulty.displayName)"
    }
}
