import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// The template library: the list (the one place templates are managed), the
/// presets, a template's read-only detail, and the management services.templates.
struct TemplatePagesController {
    let services: AppServices

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.get("templates", use: library)
        router.get("templates/presets", use: presets)
        router.get("templates/export", use: exportAll)
        router.get("templates/import", use: importPage)
        router.post("templates/import", use: importFile)
        router.get("templates/:id", use: detail)
        router.get("templates/:id/export", use: exportOne)
        router.get("templates/:id/manage", use: manage)
        router.post("templates/:id/pin", use: pin)
        router.post("templates/:id/archive", use: archive)
        router.post("templates/:id/duplicate", use: duplicate)
        router.post("templates/:id/use", use: usePreset)
        router.get("templates/:id/rename", use: renamePage)
        router.post("templates/:id/rename", use: rename)
        router.get("templates/:id/delete", use: confirmDelete)
        router.post("templates/:id/delete", use: delete)
    }

    @Sendable func library(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let query = request.uri.queryParameters
        var failure: ValidationFailure?
        var filter = TemplateFilter()
        do { filter = try TemplateQuery(query).filter } catch SpotterError.invalid(let problem) { failure = problem }
        let templates = try await services.templates.list(user: user, filter: filter)
        // Whether the library is empty at all, which the filters alone cannot say.
        let hasAny = filter == TemplateFilter() ? !templates.isEmpty : try await services.templates.hasAny(user: user)
        let model = TemplateLibraryPage(
            page: PageChrome(title: "Templates", context: context, section: .workout, backLink: "/workout"),
            cards: try await cards(templates, user: user),
            search: query.formText("search") ?? "",
            categories: [OptionView(value: "", label: "All", selected: filter.category == nil)]
                + TemplateCategory.allCases.map {
                    OptionView(value: $0.rawValue, label: $0.displayName, selected: $0 == filter.category)
                },
            sorts: TemplateSort.allCases.map {
                OptionView(value: $0.rawValue, label: $0.displayName, selected: $0 == filter.sort)
            },
            showArchived: filter.includeArchived,
            guidedOnly: filter.guidedOnly,
            filtered: filter.search != "" || filter.category != nil || filter.guidedOnly,
            hasAny: hasAny,
            error: failure?.first.message,
            notice: Notice.from(request))
        return try services.views.render(model, status: failure == nil ? .ok : .badRequest)
    }

    @Sendable func presets(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let category = request.uri.queryParameters.get("category").flatMap(TemplateCategory.init(rawValue:))
        let all = try await services.templates.presets()
        let cards = try await cards(all.filter { category == nil || $0.category == category }, user: user)
        var groups: [TemplatePresetGroup] = []
        for (preset, card) in zip(TemplatePresets.all.filter { category == nil || $0.category == category }, cards) {
            if groups.last?.routine == preset.routine {
                groups[groups.count - 1].cards.append(card)
            } else {
                groups.append(TemplatePresetGroup(routine: preset.routine, category: preset.category.displayName, cards: [card]))
            }
        }
        let model = TemplatePresetsPage(
            page: PageChrome(title: "Preset library", context: context, section: .workout, backLink: "/templates"),
            groups: groups,
            categories: [OptionView(value: "", label: "All", selected: category == nil)]
                + TemplateCategory.allCases.filter { $0 != .custom }.map {
                    OptionView(value: $0.rawValue, label: $0.displayName, selected: $0 == category)
                })
        return try services.views.render(model)
    }

    @Sendable func detail(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let template = try await services.templates.find(try context.templateID(), user: user)
        let names = try await services.exercises.exercises(ids: Set(template.exercises.map(\.exerciseID)), userID: user.id)
            .mapValues(\.name)
        let suggested = try await services.templates.suggestedWeights(for: template.exercises, user: user)
        let zone = user.settings.zone
        let model = TemplateDetailPage(
            page: PageChrome(
                title: template.name, context: context, section: .workout,
                backLink: template.isPreset ? "/templates/presets" : "/templates"),
            card: TemplateCardView(template, names: names, now: services.clock(), timeZone: zone),
            notes: template.notes.isEmpty ? nil : template.notes,
            // The timeline: exercises numbered, break cards between them where the template has any.
            exercises: template.timeline.reduce(into: [TemplateExerciseView]()) { views, entry in
                let number = views.filter { !$0.isBreak }.count + 1
                switch entry {
                case .pause(let pause):
                    views.append(
                        TemplateExerciseView(
                            number: 0, name: "Break", prescription: DurationFormat.short(pause.seconds), weightNote: nil,
                            rest: "", exerciseNotes: nil,
                            isBreak: true))
                case .exercise(let item):
                    views.append(
                        TemplateExerciseView(
                            number: number, name: names[item.exerciseID] ?? "Unknown exercise",
                            prescription: TemplateText.prescription(item),
                            weightNote: item.targetWeight.map { TemplateText.weight($0) }
                                ?? suggested[item.exerciseID].map { "Suggested " + TemplateText.weight($0) + " (last time)" },
                            rest: TemplateText.rest(item.restSeconds, fallback: user.settings.defaultRestSeconds),
                            exerciseNotes: item.notes.isEmpty ? nil : item.notes, isBreak: false))
                }
            },
            created: template.isPreset ? nil : TemplateText.date(template.createdAt, timeZone: zone),
            setCount: template.setCount,
            newId: UUID().text,
            workoutId: UUID().text,
            notice: Notice.from(request))
        return try services.views.render(model)
    }

    // MARK: Managing

    /// Everything the library can do to one template, on a page of its own.
    @Sendable func manage(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let template = try await services.templates.findOwn(try context.templateID(), user: user, action: "change")
        let model = TemplateManagePage(
            page: PageChrome(title: "Manage template", context: context, section: .workout, backLink: "/templates"),
            card: try await cards([template], user: user)[0], newId: UUID().text)
        return try services.views.render(model)
    }

    @Sendable func pin(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        var request = request
        let form = try await SubmittedForm.read(&request)
        _ = try await services.templates.change(try context.templateID(), pinned: form["pinned"] == "1", user: user)
        return .seeOther("/templates")
    }

    @Sendable func archive(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        var request = request
        let form = try await SubmittedForm.read(&request)
        let archived = form["archived"] == "1"
        _ = try await services.templates.change(try context.templateID(), archived: archived, user: user)
        return .seeOther("/templates?notice=\(archived ? Notice.templateArchived.rawValue : Notice.templateRestored.rawValue)")
    }

    @Sendable func duplicate(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        var request = request
        let form = try await SubmittedForm.read(&request)
        let copy = try await services.templates.duplicate(
            try context.templateID(), as: UUID(uuidString: form["newId"]) ?? UUID(), user: user)
        return .seeOther("/templates/\(copy.id.text)?notice=\(Notice.templateCopied.rawValue)")
    }

    @Sendable func usePreset(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        var request = request
        let form = try await SubmittedForm.read(&request)
        let presetID = try context.templateID()
        let newID = UUID(uuidString: form["newId"]) ?? UUID()
        guard form["start"] == "1" else {
            let copy = try await services.templates.use(presetID: presetID, as: newID, user: user)
            return .seeOther("/templates/\(copy.id.text)?notice=\(Notice.presetUsed.rawValue)")
        }
        // "Use and start now": the copy and the workout take the ids the page gave, so a
        // second tap finds both instead of making more.
        let workoutID = UUID(uuidString: form["workoutId"]) ?? UUID()
        let replace = form["replace"] == "1"
        if !replace, try await services.workouts.find(workoutID, user: user) == nil,
            let conflict = try await StartConflictPage.render(
                user: user, services: services, context: context, action: "/templates/\(presetID.text)/use",
                hidden: [
                    HiddenField(name: "newId", value: newID.text), HiddenField(name: "workoutId", value: workoutID.text),
                    HiddenField(name: "start", value: "1"),
                ])
        {
            return conflict
        }
        _ = try await services.templates.useAndStart(
            presetID: presetID, as: newID, workoutID: workoutID, replaceActive: replace, user: user)
        return .seeOther("/workout")
    }

    @Sendable func renamePage(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let template = try await services.templates.findOwn(try context.templateID(), user: user, action: "rename")
        return try renderRename(template, name: template.name, error: nil, context: context, status: .ok)
    }

    @Sendable func rename(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        var request = request
        let form = try await SubmittedForm.read(&request)
        let template = try await services.templates.findOwn(try context.templateID(), user: user, action: "rename")
        do {
            _ = try await services.templates.change(template.id, name: form["name"], user: user)
            return .seeOther("/templates?notice=\(Notice.templateSaved.rawValue)")
        } catch let error as SpotterError {
            guard case .invalid = error else {
                guard case .conflict(_, let message) = error else { throw error }
                return try renderRename(template, name: form["name"], error: message, context: context, status: .conflict)
            }
            return try renderRename(template, name: form["name"], error: error.message, context: context, status: .badRequest)
        }
    }

    private func renderRename(
        _ template: WorkoutTemplate, name: String, error: String?, context: SignedInContext, status: HTTPResponse.Status
    ) throws -> Response {
        let model = TemplateRenamePage(
            page: PageChrome(title: "Rename template", context: context, section: .workout, backLink: "/templates"),
            id: template.id.text, name: FieldView(name, error: error))
        return try services.views.render(model, status: status)
    }

    @Sendable func confirmDelete(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let template = try await services.templates.findOwn(try context.templateID(), user: user, action: "delete")
        let programs = try await services.programs.names(usingTemplate: template.id, user: user)
        let model = TemplateDeletePage(
            page: PageChrome(title: "Delete template?", context: context, section: .workout, backLink: "/templates"),
            id: template.id.text, name: template.name,
            blockedBy: programs.isEmpty ? nil : SpotterError.templateInPrograms(programs).message)
        return try services.views.render(model)
    }

    @Sendable func delete(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let template = try await services.templates.findOwn(try context.templateID(), user: user, action: "delete")
        do {
            try await services.templates.delete(template.id, user: user)
        } catch SpotterError.conflict(_, let message) {
            let model = TemplateDeletePage(
                page: PageChrome(title: "Delete template?", context: context, section: .workout, backLink: "/templates"),
                id: template.id.text, name: template.name, blockedBy: message)
            return try services.views.render(model, status: .conflict)
        }
        return .seeOther("/templates?notice=\(Notice.templateDeleted.rawValue)")
    }

    // MARK: Sharing

    @Sendable func exportAll(_ request: Request, context: SignedInContext) async throws -> Response {
        try await TemplateFile.response(exporting: nil, user: context.user, service: services.templates)
    }

    @Sendable func exportOne(_ request: Request, context: SignedInContext) async throws -> Response {
        try await TemplateFile.response(exporting: try context.templateID(), user: context.user, service: services.templates)
    }

    @Sendable func importPage(_ request: Request, context: SignedInContext) async throws -> Response {
        return try renderImport(error: nil, context: context, status: .ok)
    }

    @Sendable func importFile(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        var request = request
        let form = try await SubmittedForm.read(&request)
        guard let file = form.file("file"), !file.isEmpty else {
            return try renderImport(error: "Choose a template file exported from Spotter.", context: context, status: .badRequest)
        }
        do {
            _ = try await services.templates.importFile(Data(file), user: user)
            return .seeOther("/templates?notice=\(Notice.templatesImported.rawValue)")
        } catch let error as SpotterError {
            guard case .invalid = error else { throw error }
            return try renderImport(error: error.message, context: context, status: .badRequest)
        }
    }

    private func renderImport(error: String?, context: SignedInContext, status: HTTPResponse.Status) throws -> Response {
        let model = TemplateImportPage(
            page: PageChrome(title: "Import templates", context: context, section: .workout, backLink: "/templates"), error: error
        )
        return try services.views.render(model, status: status)
    }

    // MARK: Helpers

    func cards(_ templates: [WorkoutTemplate], user: User) async throws -> [TemplateCardView] {
        try await TemplateCards(services: services).cards(templates, user: user)
    }
}
