import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// `/api/v1/exercises`: the library, custom exercises and their images.
struct ExercisesAPIController {
    let services: AppServices

    func addRoutes(to group: RouterGroup<SignedInContext>) {
        group.get("exercises", use: list)
        group.post("exercises", use: create)
        group.get("exercises/:id", use: show)
        group.patch("exercises/:id", use: update)
        group.delete("exercises/:id", use: delete)
        group.get("exercises/:id/image", use: image)
        group.put("exercises/:id/image", use: uploadImage)
        group.delete("exercises/:id/image", use: deleteImage)
        group.post("exercises/:id/merge", use: merge)
    }

    @Sendable func list(_ request: Request, context: SignedInContext) async throws -> EditedResponse<
        ListResponse<ExerciseResponse>
    > {
        let user = context.user
        let query = request.uri.queryParameters
        let options = try ExerciseQuery(query)
        let exercises = try await services.exercises.list(
            userID: user.id, filter: options.filter, recentFirst: options.order == .recent)
        let page = try ListPage(query).cut(exercises, id: \.id)
        return ListPage.response(page.items.map(ExerciseResponse.init), next: page.next, request: request)
    }

    @Sendable func show(_ request: Request, context: SignedInContext) async throws -> ExerciseResponse {
        ExerciseResponse(try await findExercise(context))
    }

    @Sendable func create(_ request: Request, context: SignedInContext) async throws -> EditedResponse<ExerciseResponse> {
        let user = context.user
        let input = try await request.decodeJSON(as: ExerciseInput.self, context: context)
        let exercise = try await services.exercises.create(draft: try input.draft(), userID: user.id)
        return .created(ExerciseResponse(exercise))
    }

    @Sendable func update(_ request: Request, context: SignedInContext) async throws -> ExerciseResponse {
        let user = context.user
        let input = try await request.decodeJSON(as: ExerciseInput.self, context: context)
        let id = try context.parameters.uuid("id", resource: "The exercise")
        return ExerciseResponse(
            try await services.exercises.change(
                id, fields: { try input.draft(updating: $0) }, fieldsSent: input.sendsFields, archived: input.archived,
                userID: user.id))
    }

    /// Merges one of the lifter's own exercises into another (`into`): its sets and
    /// template rows move, and it is deleted (archived if something still used it).
    @Sendable func merge(_ request: Request, context: SignedInContext) async throws -> ExerciseMergeResponse {
        let user = context.user
        let id = try context.parameters.uuid("id", resource: "The exercise")
        let input = try await request.decodeJSON(as: ExerciseMergeInput.self, context: context)
        guard let into = input.into else {
            throw SpotterError.invalid(field: "into", "Say which exercise to merge into: its id as into.")
        }
        let outcome = try await services.exerciseMerges.merge(id, into: into, userID: user.id, now: services.clock())
        if let image = outcome.removedImage { await services.images.remove(image, userID: user.id) }
        return ExerciseMergeResponse(outcome)
    }

    @Sendable func delete(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let id = try context.parameters.uuid("id", resource: "The exercise")
        switch try await services.exercises.delete(id, userID: user.id) {
        case .deleted:
            return .noContent
        case .archived(let exercise, _):
            // Workouts use it: archived instead, and the client sees it so.
            return try ExerciseResponse(exercise).response(from: request, context: context)
        }
    }

    /// Serves an image to its owner only; anyone else gets 404 as for a missing one.
    @Sendable func image(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let exercise = try await findExercise(context)
        guard let image = exercise.image, exercise.ownerID == user.id else { throw SpotterError.notFound("The image") }
        // Another tag than before images were stripped when served, so a copy cached
        // with its metadata is fetched again.
        let etag = "\"\(image.fileName)-stripped\""
        var headers = HTTPFields()
        headers[.contentType] = image.format.contentType
        headers[.cacheControl] = "private, max-age=86400"
        headers[.eTag] = etag
        headers[.init("X-Content-Type-Options")!] = "nosniff"
        // A copy the browser holds is answered before the file is read and stripped.
        if request.headers[.ifNoneMatch] == etag {
            return Response(status: .notModified, headers: headers)
        }
        guard let bytes = try await services.images.contents(of: image, userID: user.id) else {
            throw SpotterError.notFound("The image")
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// Takes the image as the raw body (`Content-Type: image/png`, `image/jpeg` or `image/webp`).
    @Sendable func uploadImage(_ request: Request, context: SignedInContext) async throws -> ExerciseResponse {
        let user = context.user
        let exercise = try await findExercise(context)
        guard exercise.isCustom else {
            throw SpotterError.forbidden("Built-in exercises cannot be changed. You can add images only to exercises you made.")
        }
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: ImageFormat.maxByteCount)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw APIProblem(status: .contentTooLarge, code: "too_large", message: "The image is too large: at most 5 MB.")
        }
        return ExerciseResponse(
            try await services.exerciseImages.replace(
                on: exercise, with: Array(buffer: body), userID: user.id))
    }

    @Sendable func deleteImage(_ request: Request, context: SignedInContext) async throws -> ExerciseResponse {
        let user = context.user
        let exercise = try await findExercise(context)
        return ExerciseResponse(try await services.exerciseImages.remove(from: exercise, userID: user.id))
    }

    private func findExercise(_ context: SignedInContext) async throws -> Exercise {
        let user = context.user
        let id = try context.parameters.uuid("id", resource: "The exercise")
        return try await services.exercises.find(id, userID: user.id)
    }
}
