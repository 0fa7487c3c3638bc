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

/// `/assets/NAME`: the stylesheet, scripts and icons.
struct AssetsController {
    let assets: AssetCatalog

    func addRoutes(to router: Router<AppRequestContext>) {
        // The service worker must come from the root to control every page.
        router.get("sw.js") { _, _ in
            guard let asset = assets.assets["sw.js"] else { throw HTTPError(.notFound) }
            var headers = HTTPFields()
            headers[.contentType] = asset.contentType
            headers[.cacheControl] = "no-cache"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: asset.bytes))
        }
        router.get("assets/:name") { request, context in
            guard let name = context.parameters.get("name"), let asset = assets.assets[name] else {
                throw HTTPError(.notFound)
            }
            var headers = HTTPFields()
            headers[.contentType] = asset.contentType
            headers[.eTag] = "\"\(asset.hash)\""
            let versioned = request.uri.queryParameters.get("v") == asset.hash
            headers[.cacheControl] = versioned ? "public, max-age=31536000, immutable" : "public, max-age=300"
            if request.headers[.ifNoneMatch] == "\"\(asset.hash)\"" {
                return Response(status: .notModified, headers: headers)
            }
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: asset.bytes))
        }
    }
}
