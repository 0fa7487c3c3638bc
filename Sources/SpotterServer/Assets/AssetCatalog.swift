import Crypto
import Foundation
import Hummingbird

/// The stylesheet, scripts and icons, read from the module's resources once and
/// served from memory. Every URL carries a hash of what is served (`?v=HASH`), so
/// browsers and the service worker keep an asset for good and still load the new
/// one after an upgrade:
/// - references between assets carry the version too: a script's relative imports
///   (`from "./outbox.js"` is served as `from "./outbox.js?v=HASH"`) and any
///   `/assets/NAME` in a script, the stylesheet or a page template (`ViewRenderer`),
///   such as `/assets/icons.svg#plus`. A file is hashed after its references are
///   versioned, so a change deep down the imports changes every importer's URL too;
/// - the service worker names its cache after `build`, a hash over every other
///   asset, put in for `sw.js`'s placeholder: an upgrade makes a new cache, and the
///   worker deletes the old one.
struct AssetCatalog: Sendable {
    struct Asset: Sendable {
        let bytes: ByteBuffer
        let contentType: String
        let hash: String
    }

    let assets: [String: Asset]
    /// Changes whenever any asset changes.
    let build: String

    /// The text in `sw.js` that is served as `build`.
    static let buildPlaceholder = "__SPOTTER_BUILD__"
    /// Served at `/sw.js` rather than under `/assets/`, so never versioned by URL.
    static let serviceWorker = "sw.js"

    static let shared = AssetCatalog(
        folder: Bundle.module.url(forResource: "public", withExtension: nil, subdirectory: "Resources"))

    /// Every file of `folder` (none when it is missing).
    init(folder: URL?) {
        var files: [String: Data] = [:]
        let names = folder.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) } ?? []
        for name in names {
            guard let folder, let data = try? Data(contentsOf: folder.appendingPathComponent(name)) else { continue }
            files[name] = data
        }
        self.init(files: files)
    }

    init(files: [String: Data]) {
        var versioner = Versioner(files: files)
        var assets: [String: Asset] = [:]
        for name in files.keys where name != Self.serviceWorker {
            assets[name] = versioner.asset(name)
        }
        let build = Self.hash(Data(assets.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.hash)\n" }.joined().utf8))
        if let worker = files[Self.serviceWorker] {
            let text = String(decoding: worker, as: UTF8.self).replacingOccurrences(of: Self.buildPlaceholder, with: build)
            assets[Self.serviceWorker] = Asset(text: text, name: Self.serviceWorker)
        }
        self.assets = assets
        self.build = build
    }

    /// The versioned URL of an asset.
    func url(for name: String) -> String {
        "/assets/\(name)?v=\(assets[name]?.hash ?? "0")"
    }

    /// `text` with every `/assets/NAME` of a known asset versioned (for the page templates).
    func versioningReferences(in text: String) -> String {
        Self.versioningReferences(in: text, scriptImports: false) { assets[$0]?.hash }
    }

    /// Versions the references in `text`: `/assets/NAME` and, in a script, relative
    /// imports (`import "./x.js"`, `from "./x.js"`, `import("./x.js")`). A reference
    /// whose `version` is nil (no such asset), or already versioned, stays as it is.
    static func versioningReferences(in text: String, scriptImports: Bool, version: (String) -> String?) -> String {
        // "/assets/icons.svg" followed by anything but a name character or "?".
        var result = text.replacing(try! Regex(#"/assets/([A-Za-z0-9_.-]+)(?![A-Za-z0-9_.?-])"#)) { match in
            let name = String(match.output[1].substring ?? "")
            guard let hash = version(name) else { return String(match.output[0].substring ?? "") }
            return "/assets/\(name)?v=\(hash)"
        }
        if scriptImports {
            result = result.replacing(try! Regex(#"(\bfrom\s*|\bimport\s*\(?\s*)(["'])\./([A-Za-z0-9_.-]+\.js)(["'])"#)) {
                match in
                let whole = String(match.output[0].substring ?? "")
                let name = String(match.output[3].substring ?? "")
                guard let hash = version(name) else { return whole }
                return
                    "\(match.output[1].substring ?? "")\(match.output[2].substring ?? "")./\(name)?v=\(hash)\(match.output[4].substring ?? "")"
            }
        }
        return result
    }

    static func hash(_ data: Data) -> String {
        SHA256.hash(data: data).prefix(6).map { String(format: "%02x", $0) }.joined()
    }

    fileprivate static func contentType(of name: String) -> String {
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

extension AssetCatalog.Asset {
    fileprivate init(text: String, name: String) {
        self.init(data: Data(text.utf8), name: name)
    }

    fileprivate init(data: Data, name: String) {
        self.init(bytes: ByteBuffer(bytes: data), contentType: AssetCatalog.contentType(of: name), hash: AssetCatalog.hash(data))
    }
}

/// Versions the assets in the order their references need: an asset named in a
/// script, the stylesheet or the web app manifest is done before it.
private struct Versioner {
    let files: [String: Data]
    var done: [String: AssetCatalog.Asset] = [:]
    /// The scripts being versioned, to notice an import cycle.
    var inProgress: Set<String> = []

    init(files: [String: Data]) {
        self.files = files
    }

    mutating func asset(_ name: String) -> AssetCatalog.Asset? {
        if let asset = done[name] { return asset }
        guard let data = files[name] else { return nil }
        let kind = (name as NSString).pathExtension
        let asset: AssetCatalog.Asset
        if kind == "js" || kind == "css" || kind == "webmanifest", let text = String(data: data, encoding: .utf8) {
            inProgress.insert(name)
            let versioned = AssetCatalog.versioningReferences(in: text, scriptImports: kind == "js") { version(of: $0) }
            inProgress.remove(name)
            asset = AssetCatalog.Asset(text: versioned, name: name)
        } else {
            asset = AssetCatalog.Asset(data: data, name: name)
        }
        done[name] = asset
        return asset
    }

    /// The hash an asset named in another is referred to by. In an import cycle the
    /// module met again is referred to by the hash of its file as it is.
    private mutating func version(of name: String) -> String? {
        guard name != AssetCatalog.serviceWorker else { return nil }
        if inProgress.contains(name) { return files[name].map(AssetCatalog.hash) }
        return asset(name)?.hash
    }
}
