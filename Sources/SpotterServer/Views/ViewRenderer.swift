import Foundation
import Hummingbird
import Mustache

/// Renders the Mustache templates shipped in the module's resources from typed
/// view models. Templates never see the database: controllers build the models.
struct ViewRenderer: Sendable {
    let library: MustacheLibrary

    /// Every template of the resources folder (and its subfolders), named by its path
    /// without `.mustache`. An asset they name (`/assets/icons.svg#plus`) is served with
    /// its version (`AssetCatalog`), so a new build's icons are never read from a cache.
    /// Every page of `pages` must find its template, or the server does not start.
    static func load(assets: AssetCatalog = .shared, pages: [any PageModel.Type] = PageModels.all) async throws -> ViewRenderer {
        guard let folder = Bundle.module.url(forResource: "views", withExtension: nil, subdirectory: "Resources")?.path,
            let files = FileManager.default.enumerator(atPath: folder)
        else {
            throw APIProblem(status: .internalServerError, code: "internal", message: "The page templates are missing.")
        }
        var library = MustacheLibrary()
        let suffix = ".mustache"
        for case let path as String in files where path.hasSuffix(suffix) {
            let text = try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
            do {
                try library.register(assets.versioningReferences(in: text), named: String(path.dropLast(suffix.count)))
            } catch {
                throw APIProblem(
                    status: .internalServerError, code: "internal", message: "The page template \(path) does not parse: \(error)")
            }
        }
        for page in pages where library.getTemplate(named: page.template) == nil {
            throw APIProblem(
                status: .internalServerError, code: "internal",
                message: "The page template \(page.template).mustache, which \(page) is rendered with, is missing.")
        }
        return ViewRenderer(library: library)
    }

    /// Tests only: set (task-locally) to be handed every template rendered and its model,
    /// so that `TemplateFieldsTests` can check each name a template reads against the
    /// model it is rendered with. Nil in the app, where it costs one task-local read.
    @TaskLocal static var renderObserver: (@Sendable (_ template: String, _ model: Any) -> Void)?

    /// An HTML response from a page's model and the template it names (its fields
    /// read by name: `ReflectedView`).
    func render<Page: PageModel>(_ model: Page, status: HTTPResponse.Status = .ok) throws -> Response {
        let template = Page.template
        Self.renderObserver?(template, model)
        guard let html = library.render(ReflectedView.present(model) as Any, withTemplate: template) else {
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

    /// The page shown when a page request fails (a refused sign-in goes to the
    /// sign-in page instead: `ErrorMiddleware`).
    func errorPage(_ problem: APIProblem, context: AppRequestContext) throws -> Response {
        let model = ErrorPageModel(page: PageChrome(title: "Something is off", context: context, section: nil), problem: problem)
        var response = try render(model, status: problem.status)
        for field in problem.headers { response.headers.append(field) }
        return response
    }
}
