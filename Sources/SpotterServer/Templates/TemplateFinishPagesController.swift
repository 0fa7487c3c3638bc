import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// After a workout: save it as a new template, or decide what happens to the
/// template it came from (keep, the default; or update values, structure or both,
/// confirmed after seeing the changes).
struct TemplateFinishPagesController {
    let services: AppServices

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.get("history/:id/save-template", use: saveForm)
        router.post("history/:id/save-template", use: save)
        router.post("history/:id/template-update", use: update)
    }

    @Sendable func saveForm(_ request: Request, context: SignedInContext) async throws -> Response {
        let (user, workout) = try await find(context)
        let zone = user.settings.zone
        return try await render(
            workout, name: TemplateFromWorkout.suggestedName(for: workout, timeZone: zone), category: .custom, failure: nil,
            user: user,
            context: context)
    }

    @Sendable func save(_ request: Request, context: SignedInContext) async throws -> Response {
        let (user, workout) = try await find(context)
        var request = request
        let form = try await SubmittedForm.read(&request)
        do {
            let template = try await services.templates.saveAsTemplate(
                workoutID: workout.id, newID: UUID(uuidString: form["newId"]) ?? UUID(), name: form["name"],
                category: form["category"], user: user)
            return .seeOther("/templates/\(template.id.text)?notice=\(Notice.templateCreated.rawValue)")
        } catch let error as SpotterError {
            return try await render(
                workout, name: form["name"], category: TemplateCategory(rawValue: form["category"]) ?? .custom,
                failure: try TemplateFormPagesController.failure(error), user: user, context: context,
                status: TemplateFormPagesController.status(error))
        }
    }

    @Sendable func update(_ request: Request, context: SignedInContext) async throws -> Response {
        let (user, workout) = try await find(context)
        var request = request
        let form = try await SubmittedForm.read(&request)
        let workoutPath = "/history/\(workout.id.text)"
        guard let templateID = workout.templateID, let template = try await services.templates.own(templateID, user: user) else {
            throw SpotterError.notFound("The template this workout came from")
        }
        guard form["do"] != "back", let choice = TemplateUpdate(rawValue: form["choice"]), choice != .keep else {
            return .seeOther(workoutPath + "?notice=\(Notice.templateKept.rawValue)")
        }
        let preview = try await services.templates.preview(template.id, choice: choice, from: .workout(workout.id), user: user)
        if form["confirmed"] == "1" {
            _ = try await services.templates.applyUpdate(preview, user: user)
            // The finish summary's "Yes" comes back to the summary; the history page's form goes to the template.
            return .seeOther(
                form["next"] == "summary"
                    ? workoutPath + "/summary?notice=\(Notice.templateUpdated.rawValue)"
                    : "/templates/\(template.id.text)?notice=\(Notice.templateUpdated.rawValue)")
        }
        let ids = Set((preview.before.exercises + preview.after.exercises).map(\.exerciseID))
        let names = try await services.exercises.exercises(ids: ids, userID: user.id).mapValues(\.name)
        let model = TemplateConfirmPage(
            page: PageChrome(title: "Update \(template.name)?", context: context, section: .history, backLink: workoutPath),
            intro: "\(choice.displayName) from this workout. These changes will be saved to \(template.name):",
            changes: TemplateChangeText.pageLines(preview.changes, names: names),
            action: workoutPath + "/template-update",
            hidden: [HiddenField(name: "choice", value: choice.rawValue), HiddenField(name: "confirmed", value: "1")],
            confirmLabel: "Update template", backLabel: "Keep the template as it is")
        return try services.views.render(model)
    }

    private func render(
        _ workout: Workout, name: String, category: TemplateCategory, failure: ValidationFailure?, user: User,
        context: SignedInContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let plan = TemplateFromWorkout.plan(of: workout, weights: false, newID: UUID.init)
        let skipped = TemplateFromWorkout.skippedExerciseIDs(of: workout)
        let names = try await services.exercises.exercises(ids: Set(workout.entries.map(\.exerciseID)), userID: user.id)
            .mapValues(\.name)
        let model = SaveAsTemplatePage(
            page: PageChrome(
                title: "Save as template", context: context, section: .history, backLink: "/history/\(workout.id.text)"),
            workoutID: workout.id.text,
            name: FieldView(name, failure: failure, field: "name"),
            categories: TemplateCategory.allCases.map {
                OptionView(value: $0.rawValue, label: $0.displayName, selected: $0 == category)
            },
            exercises: plan.enumerated().map { index, item in
                TemplateExerciseView(
                    number: index + 1, name: names[item.exerciseID] ?? "Unknown exercise",
                    prescription: TemplateText.prescription(item),
                    weightNote: nil, rest: TemplateText.rest(item.restSeconds, fallback: user.settings.defaultRestSeconds),
                    exerciseNotes: nil, isBreak: false)
            },
            skipped: skipped.map { names[$0] ?? "Unknown exercise" },
            error: failure.flatMap { $0.message(for: "name") == nil ? $0.first.message : nil },
            newId: UUID().text)
        return try services.views.render(model, status: status)
    }

    private func find(_ context: SignedInContext) async throws -> (User, Workout) {
        let user = context.user
        let id = try context.parameters.uuid("id", resource: "The workout")
        guard let workout = try await services.workouts.find(id, user: user), !workout.isActive else {
            throw SpotterError.notFound("The workout")
        }
        return (user, workout)
    }
}
