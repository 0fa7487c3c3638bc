import Hummingbird

/// `/assets/NAME`: the stylesheet, scripts and icons; and `/sw.js`, the service worker.
struct AssetsController {
    let assets: AssetCatalog

    func addRoutes(to router: Router<AppRequestContext>) {
        // The service worker must come from the root to control every page. The
        // browser checks it for changes on every visit; it changes with every build.
        router.get("sw.js") { _, _ in
            guard let asset = assets.assets[AssetCatalog.serviceWorker] else { throw HTTPError(.notFound) }
            var headers = HTTPFields()
            headers[.contentType] = asset.contentType
            headers[.cacheControl] = "no-cache"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: asset.bytes))
        }
        // Another version than the current one (a page from before an upgrade) still
        // gets the asset, but only for a few minutes.
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
