import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// Starting from a template: straight away (Home, the Workout tab, the detail
/// page), or after "start and tweak" on the prep page, whose changes are for
/// today only unless the lifter chooses (and confirms) to update the template or
/// to save today's list as a new one.
struct TemplateStartPagesController {
    let services: AppServices

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.post("templates/:id/start", use: start)
        router.get("templates/:id/prep", use: prepPage)
        router.post("templates/:id/prep", use: prep)
    }

    @Sendable func start(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let id = try context.templateID()
        var request = request
        let form = try await SubmittedForm.read(&request)
        let replace = form["replace"] == "1"
        if !replace,
            let conflict = try await StartConflictPage.render(
                user: user, services: services, context: context, action: "/templates/\(id.text)/start", hidden: [])
        {
            return conflict
        }
        _ = try await services.templates.start(id, workoutID: UUID(), today: nil, replaceActive: replace, user: user)
        return .seeOther("/workout")
    }

    @Sendable func prepPage(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let template = try await services.templates.find(try context.templateID(), user: user)
        let weights = try await services.templates.suggestedWeights(for: template.exercises, user: user)
        return try await render(
            TemplateForm(template, weights: weights), template: template, choice: .keep, saveAsNew: false, newName: "",
            failure: nil, user: user, context: context)
    }

    @Sendable func prep(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let template = try await services.templates.find(try context.templateID(), user: user)
        var request = request
        let submitted = try await SubmittedForm.read(&request)
        var form = TemplateForm(submitted)
        let choice = template.isPreset ? .keep : (TemplateUpdate(rawValue: submitted["templateUpdate"]) ?? .keep)
        let saveAsNew = submitted["saveAsNew"] == "1"
        let newName = submitted["newName"]
        let command = TemplateForm.Command(submitted["do"])
        func again(_ failure: ValidationFailure?, status: HTTPResponse.Status = .badRequest) async throws -> Response {
            try await render(
                form, template: template, choice: choice, saveAsNew: saveAsNew, newName: newName, failure: failure, user: user,
                context: context, status: status)
        }
        guard command == .start else {
            form.perform(command, adding: UUID(uuidString: submitted["addExercise"]))
            return try await again(nil, status: .ok)
        }
        let rows = form.draft.exercises
        // Check everything before writing anything.
        let plan: [TemplateExercise]
        var preview: TemplateUpdatePreview?
        do {
            plan = try await services.templates.plan(of: template, today: rows, user: user)
            if choice != .keep {
                preview = try await services.templates.preview(template.id, choice: choice, from: .today(rows), user: user)
            }
            if saveAsNew { _ = try await services.templates.freeName(newName, field: "newName", user: user) }
        } catch let error as SpotterError {
            return try await again(
                try TemplateFormPagesController.failure(error), status: TemplateFormPagesController.status(error))
        }
        var carried =
            form.hiddenFields + [
                HiddenField(name: "templateUpdate", value: choice.rawValue),
                HiddenField(name: "saveAsNew", value: saveAsNew ? "1" : ""),
                HiddenField(name: "newName", value: newName), HiddenField(name: "do", value: "start"),
            ]
        if let preview, submitted["confirmed"] != "1" {
            let names = try await services.exercises.exercises(
                ids: Set((preview.before.exercises + preview.after.exercises).map(\.exerciseID)), userID: user.id
            ).mapValues(\.name)
            let model = TemplateConfirmPage(
                page: PageChrome(
                    title: "Update \(template.name)?", context: context, section: .workout,
                    backLink: "/templates/\(template.id.text)/prep"),
                intro: "\(choice.displayName) from today's list. Starting will also save these changes to \(template.name):",
                changes: TemplateChangeText.pageLines(preview.changes, names: names),
                action: "/templates/\(template.id.text)/prep", hidden: carried + [HiddenField(name: "confirmed", value: "1")],
                confirmLabel: "Update template and start", backLabel: "Back to today's list")
            return try services.views.render(model)
        }
        carried.append(HiddenField(name: "confirmed", value: "1"))
        let replace = submitted["replace"] == "1"
        if !replace,
            let conflict = try await StartConflictPage.render(
                user: user, services: services, context: context, action: "/templates/\(template.id.text)/prep", hidden: carried)
        {
            return conflict
        }
        // The template writes go first: if one of them fails (a name taken in
        // another tab a moment ago), the lifter is told before anything is
        // started or discarded.
        do {
            if saveAsNew { _ = try await services.templates.saveToday(plan, from: template, name: newName, user: user) }
            if let preview { _ = try await services.templates.applyUpdate(preview, user: user) }
        } catch let error as SpotterError {
            return try await again(
                try TemplateFormPagesController.failure(error), status: TemplateFormPagesController.status(error))
        }
        _ = try await services.templates.start(template.id, workoutID: UUID(), today: rows, replaceActive: replace, user: user)
        return .seeOther("/workout")
    }

    private func render(
        _ form: TemplateForm, template: WorkoutTemplate, choice: TemplateUpdate, saveAsNew: Bool, newName: String,
        failure: ValidationFailure?,
        user: User, context: SignedInContext, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let library = try await services.exercises.list(userID: user.id)
        let ids = Set(form.rows.compactMap { UUID(uuidString: $0.exerciseID) })
        let exercises = try await services.exercises.exercises(ids: ids, userID: user.id)
        let path = "/templates/\(template.id.text)"
        let model = TemplateFormPage(
            page: PageChrome(title: "Today: \(template.name)", context: context, section: .workout, backLink: path),
            action: path + "/prep", step: nil, showDetails: false,
            name: FieldView(template.name), categories: [], notes: FieldView(""),
            rows: TemplateFormPage.rows(form, exercises: exercises, unit: user.settings.unit, failure: failure),
            addGroups: TemplateFormPage.addGroups(library),
            formError: TemplateFormPage.formError(failure, shownFields: ["newName"]),
            isPrep: true,
            choices: template.isPreset
                ? []
                : TemplateUpdate.allCases.map { OptionView(value: $0.rawValue, label: $0.displayName, selected: $0 == choice) },
            saveAsNew: saveAsNew,
            newName: FieldView(newName.isEmpty ? "\(template.name) (Variant)" : newName, failure: failure, field: "newName"),
            primaryLabel: "Start workout", primaryCommand: "start", cancelLink: path,
            unit: user.settings.unit.rawValue, hasRows: !form.rows.isEmpty, newId: "")
        return try services.views.render(model, status: status)
    }
}
