import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// The exercise library pages: browse and filter, detail, create, edit, archive, delete.
struct ExercisePagesController {
    let services: AppServices

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.get("exercises", use: list)
        router.get("exercises/new", use: newForm)
        router.post("exercises", use: create)
        router.get("exercises/:id", use: show)
        router.get("exercises/:id/edit", use: editForm)
        router.post("exercises/:id", use: update)
        router.get("exercises/:id/delete", use: confirmDelete)
        router.post("exercises/:id/delete", use: delete)
        router.post("exercises/:id/archive", use: archive)
        router.post("exercises/:id/restore", use: restore)
        router.get("exercises/:id/merge", use: mergePage)
        router.post("exercises/:id/merge", use: merge)
    }

    @Sendable func list(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let query = request.uri.queryParameters
        let show = query.get("show") ?? ""
        var filter = ExerciseFilter(search: String((query.formText("q") ?? "").prefix(100)))
        filter.muscle = query.get("muscle").flatMap(MuscleGroup.init(rawValue:))
        filter.equipment = query.get("equipment").flatMap(Equipment.init(rawValue:))
        switch show {
        case "custom": filter.custom = true
        case "archived": filter.custom = true; filter.includeArchived = true
        default: break
        }
        var exercises = try await services.exercises.list(userID: user.id, filter: filter)
        if show == "archived" { exercises = exercises.filter(\.archived) }
        let model = ExerciseListPage(
            page: PageChrome(title: "Exercises", context: context, section: .exercises),
            query: filter.search,
            createName: filter.search.isEmpty ? nil : NameKey.displayForm(of: filter.search),
            muscles: MuscleGroup.allCases.map {
                OptionView(value: $0.rawValue, label: $0.displayName, selected: $0 == filter.muscle)
            },
            equipment: Equipment.allCases.map {
                OptionView(value: $0.rawValue, label: $0.displayName, selected: $0 == filter.equipment)
            },
            shows: [("", "All"), ("custom", "Mine"), ("archived", "Archived")].map {
                OptionView(value: $0.0, label: $0.1, selected: $0.0 == show)
            },
            exercises: exercises.map(ExerciseRow.init),
            countLabel: Self.countLabel(
                exercises.count,
                filtered: !filter.search.isEmpty || filter.muscle != nil || filter.equipment != nil || !show.isEmpty),
            notice: Notice.from(request))
        return try services.views.render(model)
    }

    @Sendable func show(_ request: Request, context: SignedInContext) async throws -> Response {
        let exercise = try await find(context)
        var trainingMax: String?
        if TrainingMax.refusal(for: exercise) == nil {
            let user = context.user
            let unit = user.settings.unit
            // To the 0.01 a max is kept to, as its own page shows it.
            trainingMax =
                try await services.trainingMaxes.current(of: [exercise.id], user: user)[exercise.id].map { max in
                    "\(PlateMath.number(max.weight.converted(to: unit))) \(unit.rawValue) since \(ProgressText.day(max.day, user.settings.zone))"
                } ?? "None yet: set one for percentage programs"
        }
        let model = ExerciseDetailPage(
            page: PageChrome(title: exercise.name, context: context, section: .exercises, backLink: "/exercises"),
            exercise: ExerciseRow(exercise),
            description: exercise.description.isEmpty ? nil : exercise.description,
            primary: exercise.primaryMuscles.map(\.displayName),
            secondary: exercise.secondaryMuscles.map(\.displayName),
            equipment: exercise.equipment.displayName,
            kind: exercise.kind.displayName,
            aliases: exercise.aliases.isEmpty ? nil : exercise.aliases.joined(separator: ", "),
            videoURL: exercise.videoURL?.watchURL,
            trainingMax: trainingMax,
            notice: Notice.from(request))
        return try services.views.render(model)
    }

    @Sendable func newForm(_ request: Request, context: SignedInContext) async throws -> Response {
        let draft = ExerciseDraft(
            name: request.uri.queryParameters.formText("name") ?? "", muscleGroups: [], equipment: nil, kind: .weightReps)
        return try renderForm(context: context, exercise: nil, draft: draft, failure: nil, status: .ok)
    }

    @Sendable func create(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        var request = request
        let form = try await SubmittedForm.read(&request)
        let draft = Self.draft(from: form)
        do {
            let (valid, image) = try Self.checkSubmission(draft: draft, form: form)
            let exercise = try await services.exercises.create(valid: valid, userID: user.id)
            if let bytes = image {
                _ = try await services.exerciseImages.replace(on: exercise, with: bytes, userID: user.id)
            }
            return .seeOther("/exercises/\(exercise.id.text)?notice=created")
        } catch {
            return try renderForm(
                context: context, exercise: nil, draft: draft, failure: try Self.formFailure(error), status: .badRequest)
        }
    }

    @Sendable func editForm(_ request: Request, context: SignedInContext) async throws -> Response {
        let exercise = try await findOwn(context)
        let draft = ExerciseDraft(
            name: exercise.name, description: exercise.description, muscleGroups: exercise.primaryMuscles,
            equipment: exercise.equipment, kind: exercise.kind, videoURL: exercise.videoURL?.watchURL ?? "")
        return try renderForm(context: context, exercise: exercise, draft: draft, failure: nil, status: .ok)
    }

    @Sendable func update(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let exercise = try await findOwn(context)
        var request = request
        let form = try await SubmittedForm.read(&request)
        let draft = Self.draft(from: form)
        do {
            let (valid, image) = try Self.checkSubmission(draft: draft, form: form)
            var updated = try await services.exercises.update(exercise.id, valid: valid, userID: user.id)
            if let bytes = image {
                updated = try await services.exerciseImages.replace(on: updated, with: bytes, userID: user.id)
            } else if form["removeImage"] == "on" {
                updated = try await services.exerciseImages.remove(from: updated, userID: user.id)
            }
            return .seeOther("/exercises/\(updated.id.text)?notice=saved")
        } catch {
            return try renderForm(
                context: context, exercise: exercise, draft: draft, failure: try Self.formFailure(error), status: .badRequest)
        }
    }

    @Sendable func confirmDelete(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let exercise = try await findOwn(context)
        let usage = try await services.exercises.usage(of: exercise.id, userID: user.id)
        let model = ExerciseDeletePage(
            page: PageChrome(
                title: "Delete \(exercise.name)?", context: context, section: .exercises,
                backLink: "/exercises/\(exercise.id.text)"),
            exercise: ExerciseRow(exercise),
            usedIn: usage.description)
        return try services.views.render(model)
    }

    @Sendable func delete(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let exercise = try await findOwn(context)
        switch try await services.exercises.delete(exercise.id, userID: user.id) {
        case .deleted:
            return .seeOther("/exercises?notice=deleted")
        case .archived:
            return .seeOther("/exercises/\(exercise.id.text)?notice=archived")
        }
    }

    @Sendable func archive(_ request: Request, context: SignedInContext) async throws -> Response {
        try await setArchived(true, context: context)
    }

    @Sendable func restore(_ request: Request, context: SignedInContext) async throws -> Response {
        try await setArchived(false, context: context)
    }

    private func setArchived(_ archived: Bool, context: SignedInContext) async throws -> Response {
        let user = context.user
        let exercise = try await findOwn(context)
        _ = try await services.exercises.setArchived(archived, id: exercise.id, userID: user.id)
        return .seeOther("/exercises/\(exercise.id.text)?notice=\(archived ? "archived" : "restored")")
    }

    // MARK: Merge

    /// "Merge into…": the exercises this one is most likely the same as (or those the
    /// search finds), and once one is picked (`into`), what would move, to confirm.
    @Sendable func mergePage(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let id = try context.parameters.uuid("id", resource: "The exercise")
        let query = request.uri.queryParameters
        let source = try await services.exerciseMerges.source(id, userID: user.id)
        guard let into = query.formText("into"), !into.isEmpty else {
            return try await renderMerge(source, search: query.formText("q") ?? "", error: nil, context: context, status: .ok)
        }
        do {
            let plan = try await services.exerciseMerges.plan(id, into: UUID(uuidString: into) ?? id, userID: user.id)
            let model = ExerciseMergeConfirmPage(
                page: PageChrome(
                    title: "Merge \(source.name)?", context: context, section: .exercises, backLink: "/exercises/\(id.text)/merge"
                ),
                source: ExerciseRow(plan.source), target: ExerciseRow(plan.target), moves: ExerciseMergeConfirmPage.moves(plan))
            return try services.views.render(model)
        } catch SpotterError.invalid(let failure) {
            return try await renderMerge(source, search: "", error: failure.first.message, context: context, status: .badRequest)
        }
    }

    @Sendable func merge(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let id = try context.parameters.uuid("id", resource: "The exercise")
        var request = request
        let form = try await SubmittedForm.read(&request)
        let source = try await services.exerciseMerges.source(id, userID: user.id)
        do {
            let outcome = try await services.exerciseMerges.merge(
                id, into: UUID(uuidString: form["into"]) ?? id, userID: user.id, now: services.clock())
            if let image = outcome.removedImage { await services.images.remove(image, userID: user.id) }
            return .seeOther("/exercises/\(outcome.plan.target.id.text)?notice=\(Notice.merged.rawValue)")
        } catch SpotterError.invalid(let failure) {
            return try await renderMerge(source, search: "", error: failure.first.message, context: context, status: .badRequest)
        }
    }

    private func renderMerge(
        _ source: Exercise, search: String, error: String?, context: SignedInContext, status: HTTPResponse.Status
    ) async throws -> Response {
        let search = String(search.prefix(100))
        let candidates = try await services.exerciseMerges.candidates(for: source, search: search, userID: context.user.id)
        let model = ExerciseMergePage(
            page: PageChrome(
                title: "Merge into…", context: context, section: .exercises, backLink: "/exercises/\(source.id.text)"),
            source: ExerciseRow(source), query: search, searched: !search.isEmpty, candidates: candidates.map(ExerciseRow.init),
            heading: search.isEmpty && !candidates.isEmpty ? "Most likely the same" : nil, error: error)
        return try services.views.render(model, status: status)
    }

    // MARK: Helpers

    static func countLabel(_ count: Int, filtered: Bool) -> String {
        if filtered { return count == 1 ? "1 match" : "\(count) matches" }
        return count == 1 ? "1 exercise" : "\(count) exercises"
    }

    static func draft(from form: SubmittedForm) -> ExerciseDraft {
        ExerciseDraft(
            name: form["name"], description: form["description"],
            muscleGroups: form.values("muscleGroups").compactMap(MuscleGroup.init(rawValue:)),
            equipment: Equipment(rawValue: form["equipment"]), kind: ExerciseKind(rawValue: form["kind"]),
            videoURL: form["videoURL"])
    }

    /// Checks the fields and the image together, so the form shows every problem at
    /// once and nothing is written while any remains. Returns the checked draft (the
    /// store takes it as it is) and the image to store.
    static func checkSubmission(draft: ExerciseDraft, form: SubmittedForm) throws(ValidationFailure) -> (
        ValidExerciseDraft, [UInt8]?
    ) {
        var issues: [FieldIssue] = []
        var valid: ValidExerciseDraft?
        do { valid = try draft.validated() } catch { issues += error.issues }
        let image = form.file("image")
        if let image {
            do { _ = try ImageFormat.validateUpload(image) } catch { issues += error.issues }
        }
        guard issues.isEmpty, let valid else { throw ValidationFailure(issues) }
        return (valid, image)
    }

    /// The problems to show beside the fields; anything else is a real error.
    static func formFailure(_ error: any Error) throws -> ValidationFailure {
        switch error {
        case let failure as ValidationFailure: return failure
        case SpotterError.invalid(let failure): return failure
        case SpotterError.conflict(let field, let message): return ValidationFailure(field: field ?? "name", message: message)
        default: throw error
        }
    }

    private func renderForm(
        context: SignedInContext, exercise: Exercise?, draft: ExerciseDraft, failure: ValidationFailure?,
        status: HTTPResponse.Status
    ) throws -> Response {
        let id = exercise?.id.text
        let model = ExerciseFormPage(
            page: PageChrome(
                title: exercise == nil ? "New exercise" : "Edit exercise", context: context, section: .exercises,
                backLink: id.map { "/exercises/\($0)" } ?? "/exercises"),
            action: id.map { "/exercises/\($0)" } ?? "/exercises",
            isNew: exercise == nil,
            name: FieldView(draft.name, failure: failure, field: "name"),
            description: FieldView(draft.description, failure: failure, field: "description"),
            videoURL: FieldView(draft.videoURL, failure: failure, field: "videoURL"),
            muscles: MuscleGroup.allCases.map {
                OptionView(value: $0.rawValue, label: $0.displayName, selected: draft.muscleGroups.contains($0))
            },
            musclesError: failure?.message(for: "muscleGroups"),
            equipment: Equipment.allCases.map {
                OptionView(value: $0.rawValue, label: $0.displayName, selected: $0 == draft.equipment)
            },
            equipmentError: failure?.message(for: "equipment"),
            kinds: ExerciseKind.allCases.map {
                OptionView(value: $0.rawValue, label: $0.displayName, selected: $0 == draft.kind)
            },
            kindError: failure?.message(for: "kind"),
            imageURL: exercise?.imageURL,
            imageError: failure?.message(for: "image"),
            hasErrors: failure != nil)
        return try services.views.render(model, status: status)
    }

    private func find(_ context: SignedInContext) async throws -> Exercise {
        let user = context.user
        let id = try context.parameters.uuid("id", resource: "The exercise")
        return try await services.exercises.find(id, userID: user.id)
    }

    private func findOwn(_ context: SignedInContext) async throws -> Exercise {
        let id = try context.parameters.uuid("id", resource: "The exercise")
        return try await services.exercises.findOwn(id, userID: context.user.id)
    }
}
