import Crypto
import Foundation
import Hummingbird

/// The stylesheet, scripts and icons, read from the module's resources once and
/// served from memory. Their URLs carry a hash of the content, so browsers may
/// keep them for a year and still see a new version at once.
struct AssetCatalog: Sendable {
    struct Asset: Sendable {
        let bytes: ByteBuffer
        let contentType: String
        let hash: String
    }

    let assets: [String: Asset]

    static let shared = AssetCatalog()

    init() {
        var assets: [String: Asset] = [:]
        let folder = Bundle.module.url(forResource: "public", withExtension: nil, subdirectory: "Resources")
        let names = folder.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) } ?? []
        for name in names {
            guard let folder, let data = try? Data(contentsOf: folder.appendingPathComponent(name)) else { continue }
            let hash = SHA256.hash(data: data).prefix(6).map { String(format: "%02x", $0) }.joined()
            assets[name] = Asset(bytes: ByteBuffer(bytes: data), contentType: Self.contentType(of: name), hash: hash)
        }
        self.assets = assets
    }

    /// The versioned URL of an asset.
    func url(for name: String) -> String {
        "/assets/\(name)?v=\(assets[name]?.hash ?? "0")"
    }

    private static func contentType(of name: String) -> String {
        switch (name as NSString).pathExtension {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "json", "webmanifest": "application/manifest+json"
        default: "application/octet-stream"
        }
    }
}
