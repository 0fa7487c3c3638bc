import Foundation
import Hummingbird
import SpotterCore
import SpotterImport
import SpotterStore

/// Settings -> Import: upload another app's export, check the preview (unit, how
/// names map to the library, rows left out), then import it (`HistoryImporter`).
/// The upload waits on disk under a random token of the lifter's own between the
/// two steps and is read again, with the lifter's choices, when they confirm.
struct ImportPagesController {
    let services: AppServices

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.get("settings/import", use: uploadForm)
        router.post("settings/import", use: upload)
        router.get("settings/import/:token", use: preview)
        router.post("settings/import/:token", use: confirm)
    }

    @Sendable func uploadForm(_ request: Request, context: SignedInContext) async throws -> Response {
        return try renderUploadForm(context: context, source: "", error: nil, status: .ok)
    }

    /// Receives the file as it arrives, reads it once to refuse a bad file at once,
    /// and keeps it for the preview. Scripts that ask for JSON get the preview's
    /// address (or the error) instead of a redirect, to go on from their progress bar.
    @Sendable func upload(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let now = services.clock()
        await services.imports.removeStale(now: now)
        let token = try await services.imports.reserve(userID: user.id, expectedBytes: request.expectedBodyBytes)
        let received = services.imports.receivingURL(token: token, userID: user.id)
        let wantsJSON = request.headers[.accept]?.contains("application/json") == true
        let upload: StreamedUpload
        do {
            upload = try await StreamedUpload.receive(request, fileField: "file", to: received, limit: services.imports.fileLimit)
            {
                try CSRFMiddleware.checkStreamed(sent: $0.value("_csrf"), context: context)
            }
        } catch {
            await services.imports.remove(token: token, userID: user.id)
            throw error
        }
        let source = upload.value("source") ?? ""
        do {
            let file = try ImportUploadCheck.read(upload, at: received, source: source, unit: user.settings.unit)
            try await services.imports.keep(
                ImportUploads.Upload(token: token, source: file.source, fileName: upload.fileName ?? "", uploadedAt: now),
                userID: user.id)
        } catch let error as ImportError {
            await services.imports.remove(token: token, userID: user.id)
            let status: HTTPResponse.Status = upload.tooLarge ? .contentTooLarge : .badRequest
            if wantsJSON {
                return APIProblem(status: status, code: "bad_file", message: error.message, field: "file").jsonResponse()
            }
            return try renderUploadForm(context: context, source: source, error: error.message, status: status)
        } catch {
            await services.imports.remove(token: token, userID: user.id)
            throw error
        }
        services.imports.letGo(token: token, userID: user.id)
        let next = "/settings/import/\(token)"
        return wantsJSON ? try UploadAnswer(location: next).response() : .seeOther(next)
    }

    /// Where a script goes on to after its upload.
    struct UploadAnswer: Encodable {
        let location: String

        func response() throws -> Response {
            var headers = HTTPFields()
            headers[.contentType] = "application/json; charset=utf-8"
            return Response(
                status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: try JSONCoding.encoder.encode(self))))
        }
    }

    @Sendable func preview(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let upload = try await findUpload(context: context, user: user)
        let choices = ImportChoices(unit: user.settings.unit)
        return try await renderPreview(upload, choices: choices, user: user, context: context, error: nil, status: .ok)
    }

    /// Reads the file again with the lifter's unit and mappings, and imports it.
    @Sendable func confirm(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let upload = try await findUpload(context: context, user: user)
        var request = request
        let form = try await SubmittedForm.read(&request)
        let library = try await services.exercises.list(userID: user.id)
        let choices: ImportChoices
        do {
            choices = try ImportChoices(form: form, library: library, defaultUnit: user.settings.unit)
        } catch let failure as ValidationFailure {
            let fallback = ImportChoices(unit: user.settings.unit)
            return try await renderPreview(
                upload, choices: fallback, user: user, context: context, error: failure.first.message, status: .badRequest)
        }
        let outcome = try await services.withPlannedImport(upload, unit: choices.unit, userID: user.id, chosen: choices.mapping) {
            input, plan in
            guard plan.workoutCount > 0 else { return ImportOutcome?.none }
            return try await HistoryImporter(store: services.store).commit(
                plan, from: input, userID: user.id, now: services.clock())
        }
        guard let outcome else {
            return try await renderPreview(upload, choices: choices, user: user, context: context, error: nil, status: .ok)
        }
        await services.imports.remove(token: upload.token, userID: user.id)
        return .seeOther(ImportedNotice(outcome).path)
    }

    // MARK: Helpers

    private func findUpload(context: SignedInContext, user: User) async throws -> ImportUploads.Upload {
        let token = context.parameters.get("token") ?? ""
        guard let upload = try await services.imports.find(token: token, userID: user.id) else {
            throw APIProblem(
                status: .notFound, code: "not_found",
                message:
                    "This upload is gone: an upload is kept for a day and imported once. Choose the file again in Settings, Import history."
            )
        }
        return upload
    }

    private func renderPreview(
        _ upload: ImportUploads.Upload, choices: ImportChoices, user: User, context: SignedInContext, error: String?,
        status: HTTPResponse.Status
    ) async throws -> Response {
        // Planned without the mappings, so every new name keeps its select and shows what was chosen.
        let plan = try await services.plannedImport(upload, unit: choices.unit, userID: user.id)
        let library = try await services.exercises.list(userID: user.id)
        let model = ImportPreviewPage(
            page: PageChrome(title: "Check the import", context: context, section: .settings, backLink: "/settings/import"),
            upload: upload, summary: ImportSummary(plan: plan), library: library, choices: choices,
            lifterUnit: user.settings.unit, error: error)
        return try services.views.render(model, status: status)
    }

    private func renderUploadForm(context: SignedInContext, source: String, error: String?, status: HTTPResponse.Status) throws
        -> Response
    {
        let model = ImportUploadPage(
            page: PageChrome(title: "Import history", context: context, section: .settings, backLink: "/settings"),
            source: source, limit: services.imports.fileLimit, error: error)
        return try services.views.render(model, status: status)
    }
}
