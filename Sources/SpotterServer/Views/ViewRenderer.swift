import Foundation
import Hummingbird
import Mustache

/// Renders the Mustache templates shipped in the module's resources from typed
/// view models. Templates never see the database: controllers build the models.
struct ViewRenderer: Sendable {
    let library: MustacheLibrary

    static func load() async throws -> ViewRenderer {
        guard let folder = Bundle.module.url(forResource: "views", withExtension: nil, subdirectory: "Resources")?.path else {
            throw APIProblem(status: .internalServerError, code: "internal", message: "The page templates are missing.")
        }
        return ViewRenderer(library: try await MustacheLibrary(directory: folder))
    }

    /// An HTML response from a template and its model.
    func render(_ model: Any, template: String, status: HTTPResponse.Status = .ok) throws -> Response {
        guard let html = library.render(model, withTemplate: template) else {
            throw APIProblem(status: .internalServerError, code: "internal", message: "The page \(template) is missing.")
        }
        return Self.html(html, status: status)
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// The page shown when a page request fails.
    func errorPage(_ problem: APIProblem, context: AppRequestContext) throws -> Response {
        if problem.status == .unauthorized {
            return .redirect(to: "/login", type: .found)
        }
        let model = ErrorPageModel(page: PageChrome(title: "Something is off", context: context, section: nil), problem: problem)
        var response = try render(model, template: "error", status: problem.status)
        for field in problem.headers { response.headers.append(field) }
        return response
    }
}
