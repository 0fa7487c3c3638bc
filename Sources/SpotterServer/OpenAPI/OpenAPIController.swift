import Foundation
import Hummingbird

/// Serves the API contract, `openapi.yaml`, kept in the module's resources.
struct OpenAPIController {
    static let document: ByteBuffer = {
        let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml", subdirectory: "Resources")
        return ByteBuffer(bytes: url.flatMap { FileManager.default.contents(atPath: $0.path) } ?? Data())
    }()

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("openapi.yaml") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "application/yaml; charset=utf-8"
            headers[.cacheControl] = "public, max-age=300"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: Self.document))
        }
    }
}
