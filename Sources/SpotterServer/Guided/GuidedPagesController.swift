import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// The guided workout's pages: the timeline builder (new and edit), playing a
/// template, the full-screen player with its actions (they work without script
/// too: each is a form that answers the player again), stopping, and the summary.
struct GuidedPagesController {
    let services: AppServices

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.get("templates/new/timeline", use: newTimeline)
        router.post("templates/new/timeline", use: createTimeline)
        router.get("templates/:id/timeline", use: editTimeline)
        router.post("templates/:id/timeline", use: saveTimeline)
        router.post("templates/:id/play", use: play)
        router.get("workouts/:id/play", use: player)
        router.post("workouts/:id/play", use: act)
        router.get("workouts/:id/play/stop", use: confirmStop)
        router.post("workouts/:id/play/stop", use: stop)
    }

    private var service: GuidedService { services.guided }

    // MARK: Builder

    @Sendable func newTimeline(_ request: Request, context: SignedInContext) async throws -> Response {
        let form = TimelineForm(name: "", category: TemplateCategory.custom.rawValue, notes: "", items: [])
        return try await render(form, mode: .create(UUID()), failure: nil, context: context)
    }

    @Sendable func createTimeline(_ request: Request, context: SignedInContext) async throws -> Response {
        var request = request
        let submitted = try await SubmittedForm.read(&request)
        // Made when the page is first drawn and carried in it: a double tap on Save makes one template.
        let newID = UUID(uuidString: submitted["newId"]) ?? UUID()
        return try await submit(submitted, mode: .create(newID), context: context)
    }

    @Sendable func editTimeline(_ request: Request, context: SignedInContext) async throws -> Response {
        let template = try await services.templates.findOwn(try context.templateID(), user: context.user, action: "edit")
        return try await render(TimelineForm(template), mode: .edit(template.id), failure: nil, context: context)
    }

    @Sendable func saveTimeline(_ request: Request, context: SignedInContext) async throws -> Response {
        let template = try await services.templates.findOwn(try context.templateID(), user: context.user, action: "edit")
        var request = request
        return try await submit(try await SubmittedForm.read(&request), mode: .edit(template.id), context: context)
    }

    private func submit(_ submitted: SubmittedForm, mode: TemplateFormPagesController.Mode, context: SignedInContext) async throws
        -> Response
    {
        let user = context.user
        var form = TimelineForm(submitted)
        let command = TimelineForm.Command(submitted["do"])
        guard command == .save else {
            form.perform(command, adding: UUID(uuidString: submitted["addExercise"]), timed: submitted["addMode"] == "timed")
            return try await render(form, mode: mode, failure: nil, context: context)
        }
        do {
            let template: WorkoutTemplate
            switch mode {
            case .create(let id): template = try await services.templates.create(id: id, draft: form.draft, user: user)
            case .edit(let id): template = try await services.templates.save(id: id, draft: form.draft, user: user)
            }
            let notice = if case .create = mode { Notice.templateCreated } else { Notice.templateSaved }
            return .seeOther("/templates/\(template.id.text)?notice=\(notice.rawValue)")
        } catch let error as SpotterError {
            return try await render(
                form, mode: mode, failure: try TemplateFormPagesController.failure(error), context: context,
                status: TemplateFormPagesController.status(error))
        }
    }

    private func render(
        _ form: TimelineForm, mode: TemplateFormPagesController.Mode, failure: ValidationFailure?, context: SignedInContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let user = context.user
        let library = try await services.exercises.list(userID: user.id)
        let ids = Set(form.items.compactMap { UUID(uuidString: $0.exerciseID) })
        let exercises = try await services.exercises.exercises(ids: ids, userID: user.id)
        let (title, action, back, newID, label): (String, String, String, String, String)
        switch mode {
        case .create(let id):
            (title, action, back, newID, label) = (
                "New guided workout", "/templates/new/timeline", "/templates", id.text, "Create"
            )
        case .edit(let id):
            let path = "/templates/\(id.text)"
            (title, action, back, newID, label) = ("Edit timeline", path + "/timeline", path, "", "Save")
        }
        let model = TimelinePage(
            page: PageChrome(title: title, context: context, section: .workout, backLink: back), action: action, newId: newID,
            form: form,
            exercises: exercises, library: library, failure: failure, cancelLink: back, primaryLabel: label,
            defaultRest: user.settings.defaultRestSeconds)
        return try services.views.render(model, status: status)
    }

    // MARK: Player

    @Sendable func play(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let id = try context.templateID()
        var request = request
        let form = try await SubmittedForm.read(&request)
        let replace = form["replace"] == "1"
        let template = try await services.templates.find(id, user: user)
        // Refused before anything is asked or started.
        if (try? GuidedPlayer.start(
            template.playerItems(defaultRestSeconds: user.settings.defaultRestSeconds), at: services.clock())) == nil
        {
            return .seeOther("/templates/\(id.text)?notice=\(Notice.nothingToPlay.rawValue)")
        }
        if !replace,
            let conflict = try await StartConflictPage.render(
                user: user, services: services, context: context, action: "/templates/\(id.text)/play", hidden: [])
        {
            return conflict
        }
        let workoutID = UUID(uuidString: form["workoutId"]) ?? UUID()
        _ = try await service.play(templateID: id, workoutID: workoutID, replaceActive: replace, user: user)
        return .seeOther("/workouts/\(workoutID.text)/play")
    }

    @Sendable func player(_ request: Request, context: SignedInContext) async throws -> Response {
        try await renderPlayer(try context.guidedWorkoutID(), context: context)
    }

    private func renderPlayer(_ id: UUID, error: String? = nil, context: SignedInContext) async throws -> Response {
        let user = context.user
        let snapshot = try await service.snapshot(id, user: user)
        let response = GuidedResponse(snapshot, unit: user.settings.unit)
        let json = try JSONCoding.scriptIsland(response)
        var page = PageChrome(
            title: snapshot.workout?.name ?? "Guided workout", context: context, section: .workout, backLink: "/workout")
        page.script = AssetCatalog.shared.url(for: "guided-player.js")
        page.stylesheet = AssetCatalog.shared.url(for: "player.css")
        var model = PlayerPage(response, workoutName: page.title, unit: user.settings.unit, page: page, json: json)
        model.error = error
        return try services.views.render(model, status: error == nil ? .ok : .badRequest)
    }

    /// A player button without script: the action, then the player again.
    @Sendable func act(_ request: Request, context: SignedInContext) async throws -> Response {
        let id = try context.guidedWorkoutID()
        var request = request
        let form = try await SubmittedForm.read(&request)
        guard let action = GuidedService.Action(rawValue: form["do"]) else { return .seeOther("/workouts/\(id.text)/play") }
        let input = GuidedActionInput(
            item: Int(form["item"]), set: Int(form["set"]), phase: form["phase"].isEmpty ? nil : form["phase"],
            reps: form["reps"].isEmpty ? nil : Int(form["reps"]) ?? -1,
            weight: form["weight"].isEmpty ? nil : Double(form["weight"].replacingOccurrences(of: ",", with: ".")) ?? -1,
            weightUnit: form["weight"].isEmpty ? nil : context.user.settings.unit.rawValue)
        do {
            _ = try await service.send(
                action, expected: try input.expected(), values: input.values, workoutID: id, user: context.user)
        } catch SpotterError.invalid(let failure) {
            return try await renderPlayer(id, error: failure.first.message, context: context)
        }
        return .seeOther("/workouts/\(id.text)/play")
    }

    @Sendable func confirmStop(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let snapshot = try await service.snapshot(try context.guidedWorkoutID(), user: user)
        let done = snapshot.workout?.allSets.filter(\.done).count ?? 0
        let model = PlayerStopPage(
            page: PageChrome(
                title: "Stop the workout?", context: context, section: .workout,
                backLink: "/workouts/\(snapshot.workoutID.text)/play"),
            workoutId: snapshot.workoutID.text, setsDone: done, oneSet: done == 1, hasSets: done > 0)
        return try services.views.render(model)
    }

    @Sendable func stop(_ request: Request, context: SignedInContext) async throws -> Response {
        let id = try context.guidedWorkoutID()
        var request = request
        let form = try await SubmittedForm.read(&request)
        let keep = form["keep"] == "1"
        try await service.stop(id, keep: keep, user: context.user)
        return .seeOther(keep ? "/workouts/\(id.text)/play" : "/templates?notice=\(Notice.discarded.rawValue)")
    }
}
