import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// Creating (three steps) and editing templates. Both keep the draft in the page:
/// adding, removing and moving rows send the form back and get it again changed,
/// and only Save writes, in one transaction. Cancel is a link: nothing to undo.
struct TemplateFormPagesController {
    let services: AppServices

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.get("templates/new", use: stepOne)
        router.post("templates/new/exercises", use: stepTwo)
        router.post("templates/new", use: stepThree)
        router.get("templates/:id/edit", use: editPage)
        router.post("templates/:id/edit", use: edit)
    }

    // MARK: Create

    /// Step 1: name and category.
    @Sendable func stepOne(_ request: Request, context: SignedInContext) async throws -> Response {
        return try renderStepOne(name: "", category: TemplateCategory.custom.rawValue, error: nil, context: context, status: .ok)
    }

    /// Step 2: pick exercises, once the name is known to be good and free.
    @Sendable func stepTwo(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        var request = request
        let form = try await SubmittedForm.read(&request)
        let category = TemplateCategory(rawValue: form["category"]) ?? .custom
        let name: String
        do {
            name = try await services.templates.freeName(form["name"], user: user)
        } catch let error as SpotterError {
            return try renderStepOne(
                name: NameKey.displayForm(of: form["name"]), category: category.rawValue,
                error: try Self.failure(error).first.message,
                context: context, status: Self.status(error))
        }
        return try await renderStepTwo(
            name: name, category: category.rawValue, chosen: Set(form.values("exercise")), error: nil, user: user,
            context: context)
    }

    /// Step 3: sets, reps, rest and notes per exercise; the shared draft form.
    @Sendable func stepThree(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        var request = request
        let submitted = try await SubmittedForm.read(&request)
        var form = TemplateForm(submitted)
        // Made when step 3 is first drawn and carried in the page: a double tap
        // on Create saves the same template twice, not two templates.
        let newID = UUID(uuidString: submitted["newId"]) ?? UUID()
        if submitted["step"] == "exercises" {
            let chosen = Self.tickOrder(submitted.values("exercise"), order: submitted.values("pickOrder")).compactMap(
                UUID.init(uuidString:))
            guard !chosen.isEmpty else {
                return try await renderStepTwo(
                    name: form.name, category: form.category, chosen: [], error: "Choose at least one exercise.", user: user,
                    context: context)
            }
            form.rows = chosen.map { TemplateForm.Row(TemplateExercise(id: UUID(), exerciseID: $0), weight: nil, isNew: true) }
            return try await render(form, mode: .create(newID), failure: nil, user: user, context: context)
        }
        let command = TemplateForm.Command(submitted["do"])
        guard command == .save else {
            form.perform(command, adding: UUID(uuidString: submitted["addExercise"]))
            return try await render(form, mode: .create(newID), failure: nil, user: user, context: context)
        }
        do {
            let template = try await services.templates.create(id: newID, draft: form.draft, user: user)
            return .seeOther("/templates/\(template.id.text)?notice=\(Notice.templateCreated.rawValue)")
        } catch let error as SpotterError {
            return try await render(
                form, mode: .create(newID), failure: Self.failure(error), user: user, context: context, status: Self.status(error)
            )
        }
    }

    /// The chosen exercises in the order they were ticked (`order`, from the page
    /// script); any chosen one it does not name follows in the list's order.
    static func tickOrder(_ chosen: [String], order: [String]) -> [String] {
        let picked = Set(chosen)
        var seen = Set<String>()
        let ordered = order.filter { picked.contains($0) && seen.insert($0).inserted }
        return ordered + chosen.filter { seen.insert($0).inserted }
    }

    // MARK: Edit

    @Sendable func editPage(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let template = try await services.templates.findOwn(try context.templateID(), user: user, action: "edit")
        return try await render(TemplateForm(template), mode: .edit(template.id), failure: nil, user: user, context: context)
    }

    @Sendable func edit(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let template = try await services.templates.findOwn(try context.templateID(), user: user, action: "edit")
        var request = request
        let submitted = try await SubmittedForm.read(&request)
        var form = TemplateForm(submitted)
        let command = TemplateForm.Command(submitted["do"])
        guard command == .save else {
            form.perform(command, adding: UUID(uuidString: submitted["addExercise"]))
            return try await render(form, mode: .edit(template.id), failure: nil, user: user, context: context)
        }
        do {
            _ = try await services.templates.save(id: template.id, draft: form.draft, user: user)
            return .seeOther("/templates/\(template.id.text)?notice=\(Notice.templateSaved.rawValue)")
        } catch let error as SpotterError {
            return try await render(
                form, mode: .edit(template.id), failure: Self.failure(error), user: user, context: context,
                status: Self.status(error))
        }
    }

    // MARK: Rendering

    enum Mode {
        /// With the id the new template will get.
        case create(UUID)
        case edit(UUID)
    }

    private func render(
        _ form: TemplateForm, mode: Mode, failure: ValidationFailure?, user: User, context: SignedInContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let library = try await services.exercises.list(userID: user.id)
        let ids = Set(form.rows.compactMap { UUID(uuidString: $0.exerciseID) })
        let exercises = try await services.exercises.exercises(ids: ids, userID: user.id)
        let (title, action, back): (String, String, String)
        switch mode {
        case .create: (title, action, back) = ("New template", "/templates/new", "/templates")
        case .edit(let id):
            let path = "/templates/\(id.text)"
            (title, action, back) = ("Edit template", path + "/edit", path)
        }
        let category = TemplateCategory(rawValue: form.category) ?? .custom
        let isCreate = if case .create = mode { true } else { false }
        let newID = if case .create(let id) = mode { id.text } else { "" }
        let model = TemplateFormPage(
            page: PageChrome(title: title, context: context, section: .workout, backLink: back),
            action: action, step: isCreate ? "Step 3 of 3 · Sets and reps" : nil, showDetails: true,
            name: FieldView(form.name, failure: failure, field: "name"),
            categories: TemplateCategory.allCases.map {
                OptionView(value: $0.rawValue, label: $0.displayName, selected: $0 == category)
            },
            notes: FieldView(form.notes, failure: failure, field: "notes"),
            rows: TemplateFormPage.rows(form, exercises: exercises, unit: user.settings.unit, failure: failure),
            addGroups: TemplateFormPage.addGroups(library),
            formError: TemplateFormPage.formError(failure, shownFields: ["name", "notes"]),
            isPrep: false, choices: [], saveAsNew: false, newName: FieldView(""),
            primaryLabel: isCreate ? "Create template" : "Save template", primaryCommand: "save", cancelLink: back,
            unit: user.settings.unit.rawValue, hasRows: !form.rows.isEmpty, newId: newID)
        return try services.views.render(model, status: status)
    }

    private func renderStepOne(
        name: String, category: String, error: String?, context: SignedInContext, status: HTTPResponse.Status
    ) throws -> Response {
        let model = TemplateStepOnePage(
            page: PageChrome(title: "New template", context: context, section: .workout, backLink: "/templates"),
            name: FieldView(name, error: error),
            categories: TemplateCategory.allCases.map {
                OptionView(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == category)
            })
        return try services.views.render(model, status: status)
    }

    private func renderStepTwo(
        name: String, category: String, chosen: Set<String>, error: String?, user: User, context: SignedInContext
    ) async throws -> Response {
        let library = try await services.exercises.list(userID: user.id)
        let groups = TemplateFormPage.addGroups(library).map { group in
            ExerciseGroupView(
                label: group.label,
                options: group.options.map { OptionView(value: $0.value, label: $0.label, selected: chosen.contains($0.value)) })
        }
        let model = TemplateStepTwoPage(
            page: PageChrome(title: "New template", context: context, section: .workout, backLink: "/templates/new"),
            name: name, category: category, groups: groups, error: error)
        return try services.views.render(model, status: error == nil ? .ok : .badRequest)
    }

    /// The validation failure to show in the form, or the error itself when it is
    /// not about the input (a missing template answers its own page).
    static func failure(_ error: SpotterError) throws -> ValidationFailure {
        switch error {
        case .invalid(let failure): return failure
        case .conflict(let field, let message): return ValidationFailure(field: field ?? "form", message: message)
        default: throw error
        }
    }

    static func status(_ error: SpotterError) -> HTTPResponse.Status {
        if case .conflict = error { return .conflict }
        return .badRequest
    }
}
