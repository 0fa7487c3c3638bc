import Foundation
import Hummingbird
import SpotterCore
import SpotterImport
import SpotterStore

/// `/api/v1/imports` and `/api/v1/export`: another app's export uploaded and
/// previewed, then imported with the lifter's choices; and the lifter's own history
/// as a file. The same reading, planning and importing as Settings -> Import and
/// Export: the upload waits under a random id of the lifter's own between the steps.
struct ImportsAPIController {
    let services: AppServices

    func addRoutes(to group: RouterGroup<SignedInContext>) {
        group.post("imports", use: upload)
        group.get("imports/:id", use: preview)
        group.post("imports/:id/commit", use: commit)
        group.get("export", use: export)
        group.post("restore", use: restore)
    }

    /// The file as the body (or as the `file` field of a form), the app in `app`
    /// (or read from the file's header). Refused at once when it does not read.
    @Sendable func upload(_ request: Request, context: SignedInContext) async throws -> EditedResponse<ImportPreviewResponse> {
        let user = context.user
        let now = services.clock()
        let query = request.uri.queryParameters
        let app = try Self.app(query.get("app"))
        await services.imports.removeStale(now: now)
        let token = try await services.imports.reserve(userID: user.id, expectedBytes: request.expectedBodyBytes)
        let destination = services.imports.receivingURL(token: token, userID: user.id)
        let limit = services.imports.fileLimit
        var received: StreamedUpload?
        do {
            let upload =
                request.headers[.contentType]?.lowercased().hasPrefix("multipart/form-data") == true
                ? try await StreamedUpload.receive(request, fileField: "file", to: destination, limit: limit) { _ in }
                : try await StreamedUpload.receiveRaw(
                    request, fileName: query.get("fileName") ?? "", to: destination, limit: limit)
            received = upload
            let file = try ImportUploadCheck.read(upload, at: destination, source: app?.rawValue ?? "", unit: user.settings.unit)
            let kept = ImportUploads.Upload(token: token, source: file.source, fileName: upload.fileName ?? "", uploadedAt: now)
            try await services.imports.keep(kept, userID: user.id)
            let preview = try await previewResponse(kept, unit: user.settings.unit, user: user)
            services.imports.letGo(token: token, userID: user.id)
            return .created(preview)
        } catch let error as ImportError {
            await services.imports.remove(token: token, userID: user.id)
            let tooLarge = received?.tooLarge == true
            throw APIProblem(
                status: tooLarge ? .contentTooLarge : .badRequest, code: tooLarge ? "too_large" : "bad_file",
                message: error.message, field: "file")
        } catch {
            await services.imports.remove(token: token, userID: user.id)
            throw error
        }
    }

    /// The preview again, with the weights read in `unit` when the file does not say.
    @Sendable func preview(_ request: Request, context: SignedInContext) async throws -> ImportPreviewResponse {
        let user = context.user
        let upload = try await pending(context)
        return try await previewResponse(
            upload, unit: try Self.unit(request.uri.queryParameters.get("unit"), or: user.settings.unit), user: user)
    }

    /// Imports a previewed upload with the lifter's unit and mappings. Sent again (an
    /// answer lost on the way), it answers what the import did and imports nothing.
    @Sendable func commit(_ request: Request, context: SignedInContext) async throws -> ImportResultResponse {
        let user = context.user
        let id = context.parameters.get("id") ?? ""
        let input = try await request.decodeJSON(as: ImportCommitInput.self, context: context, ifEmpty: ImportCommitInput())
        // The body is checked before anything else, a repeated commit too: a client
        // that sends a bad one learns it at once, not only on a new upload.
        let unit = try Self.unit(input.unit, or: user.settings.unit)
        // The targets are checked before the file is read; the names once it is planned,
        // from the plan's own list (one reading of the file, not two).
        let known = Set(try await services.exercises.list(userID: user.id).map(\.id))
        var chosen: [String: UUID] = [:]
        for (name, target) in input.mappings ?? [:] {
            guard let id = UUID(uuidString: target), known.contains(id) else {
                throw SpotterError.invalid(field: "mappings", "\"\(name)\" is mapped to an exercise that is not in your library.")
            }
            chosen[name] = id
        }
        if let done = try await services.imports.imported(token: id, userID: user.id), let result = done.result {
            return ImportResultResponse(id: id, result)
        }
        let upload = try await pending(context)
        let outcome = try await services.withPlannedImport(upload, unit: unit, userID: user.id, chosen: chosen) { file, plan in
            let names = Set(plan.matches.map(\.name))
            if let stranger = chosen.keys.sorted().first(where: { !names.contains($0) }) {
                throw SpotterError.invalid(
                    field: "mappings", "\"\(stranger)\" is no exercise name of this file. Map the names the preview lists.")
            }
            return try await HistoryImporter(store: services.store).commit(
                plan, from: file, userID: user.id, now: services.clock())
        }
        let result = ImportUploads.ImportOutcomeRecord(
            workouts: outcome.workouts, sets: outcome.sets, newExercises: outcome.newExercises,
            alreadyImported: outcome.alreadyImported)
        try await services.imports.markImported(upload, result: result, userID: user.id)
        return ImportResultResponse(id: id, result)
    }

    /// The lifter's history as a file: `format=json` (everything, for another Spotter
    /// server) or `csv` (every set in Strong's columns).
    @Sendable func export(_ request: Request, context: SignedInContext) async throws -> Response {
        let pages = ExportPagesController(services: services)
        switch request.uri.queryParameters.get("format") ?? "json" {
        case "json": return try await pages.everything(request, context: context)
        case "csv": return try await pages.strongCSV(request, context: context)
        default: throw SpotterError.invalid(field: "format", "format is json (everything) or csv (every set, Strong's columns).")
        }
    }

    /// A full export (`GET /api/v1/export`, or `spotter export`) read into this account,
    /// which must be empty: everything of the other account, nothing lost.
    @Sendable func restore(_ request: Request, context: SignedInContext) async throws -> EditedResponse<RestoreResponse> {
        let user = context.user
        return try await services.restores.admit(user.id) {
            var request = request
            let limit = services.imports.fileLimit
            let data: Data
            do {
                // Copied out of the body at once, so the body's buffer is let go before decoding.
                data = Data(buffer: try await request.collectBody(upTo: limit))
            } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
                throw APIProblem(
                    status: .contentTooLarge, code: "too_large",
                    message: "The file is larger than \(limit / 1_048_576) MB, more than the API reads.",
                    field: "file")
            }
            do {
                let importer = AccountImporter(store: services.store, images: services.images)
                let outcome = try await importer.restore(data, userID: user.id, now: services.clock())
                return .created(RestoreResponse(outcome))
            } catch let error as ImportError {
                throw APIProblem(status: .badRequest, code: "bad_file", message: error.message, field: "file")
            }
        }
    }

    // MARK: Helpers

    /// `app`: an app's name, or nothing to read it from the file.
    static func app(_ raw: String?) throws -> ImportSource? {
        guard let raw, !raw.isEmpty else { return nil }
        guard let app = ImportSource(rawValue: raw) else {
            throw SpotterError.invalid(field: "app", "app is strong, hevy or fitnotes, or left out to read it from the file.")
        }
        return app
    }

    /// `unit`: kg or lb for a file that does not say; nothing for the lifter's own.
    static func unit(_ raw: String?, or fallback: MassUnit) throws -> MassUnit {
        guard let raw else { return fallback }
        guard let unit = MassUnit(rawValue: raw) else { throw SpotterError.invalid(field: "unit", "unit is kg or lb.") }
        return unit
    }

    /// The lifter's upload of `id` waiting to be imported; another lifter's, one
    /// imported already or gone is not found.
    private func pending(_ context: SignedInContext) async throws -> ImportUploads.Upload {
        guard let upload = try await services.imports.find(token: context.parameters.get("id") ?? "", userID: context.user.id)
        else {
            throw SpotterError.notFound("The upload")
        }
        return upload
    }

    private func previewResponse(_ upload: ImportUploads.Upload, unit: MassUnit, user: User) async throws -> ImportPreviewResponse
    {
        let plan = try await services.plannedImport(upload, unit: unit, userID: user.id)
        let library = try await services.exercises.list(userID: user.id)
        return ImportPreviewResponse(
            upload: upload, summary: ImportSummary(plan: plan), library: library, unit: unit, now: services.clock())
    }
}
