import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import SpotterServer

@Suite("Assets: every URL carries its version")
struct AssetVersionTests {
    /// The relative imports of a script (`./x.js?v=...`), as written in it.
    private static func imports(in script: String) throws -> [String] {
        try script.matches(of: Regex(#"(?:\bfrom\s*|\bimport\s*\(?\s*)["']\./([^"']+)["']"#)).map {
            String($0.output[1].substring ?? "")
        }
    }

    /// Every `/assets/...` address in a text, up to a quote, a bracket or `#`.
    private static func assetURLs(in text: String) throws -> [String] {
        try text.matches(of: Regex(#"/assets/[^"'#)\s]+"#)).map { String($0.output[0].substring ?? "") }
    }

    private static func text(_ catalog: AssetCatalog, _ name: String) throws -> String {
        String(buffer: try #require(catalog.assets[name]).bytes)
    }

    /// A catalog read from a folder holding `files`.
    private static func catalog(_ files: [String: String]) throws -> AssetCatalog {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return AssetCatalog(folder: folder)
    }

    @Test("every relative import and /assets address in a served script names the current version of its asset")
    func scriptsImportVersions() throws {
        let catalog = AssetCatalog.shared
        let scripts = catalog.assets.keys.filter { $0.hasSuffix(".js") && $0 != AssetCatalog.serviceWorker }
        #expect(scripts.contains("workout.js") && scripts.contains("outbox.js"))
        var imports = 0
        for script in scripts {
            let text = try Self.text(catalog, script)
            for specifier in try Self.imports(in: text) {
                let (name, version) = (
                    specifier.split(separator: "?v=").first.map(String.init) ?? "",
                    specifier.split(separator: "?v=").dropFirst().first
                )
                #expect(version != nil, "\(script) imports ./\(specifier) without a version")
                #expect(
                    catalog.assets[name]?.hash == version.map(String.init),
                    "\(script) imports ./\(specifier): \(name) is \(catalog.assets[name]?.hash ?? "missing")")
                imports += 1
            }
            for url in try Self.assetURLs(in: text) {
                let name = String(url.dropFirst("/assets/".count).prefix { $0 != "?" })
                #expect(url == catalog.url(for: name), "\(script) refers to \(url), not \(catalog.url(for: name))")
            }
        }
        #expect(imports >= 20, "app.js and the logging page's modules import one another")
        #expect(try Self.text(catalog, "entry-card.js").contains(catalog.url(for: "icons.svg") + "#check"))
    }

    @Test("a change deep in the imports changes the version of every module above it, and the service worker's cache")
    func deepChange() throws {
        var files = [
            "app.js": #"import "./page.js";"# + "\n",
            "page.js": #"import { send } from "./queue.js";"# + "\nconst icon = \"/assets/icons.svg#plus\";\n",
            "queue.js": "export function send() {}\n",
            "other.js": "export const other = 1;\n",
            "icons.svg": "<svg><symbol id=\"plus\"/></svg>",
            "app.css": "body { color: black; }",
            "sw.js": "const CACHE = \"spotter-shell-\(AssetCatalog.buildPlaceholder)\";\n",
        ]
        let before = try Self.catalog(files)
        #expect(try Self.text(before, "app.js") == "import \"./page.js?v=\(try #require(before.assets["page.js"]).hash)\";\n")
        #expect(
            try Self.text(before, "page.js").contains("from \"./queue.js?v=\(try #require(before.assets["queue.js"]).hash)\""))
        #expect(
            try Self.text(before, "page.js").contains(
                "\"/assets/icons.svg?v=\(try #require(before.assets["icons.svg"]).hash)#plus\""))
        #expect(try Self.text(before, "sw.js") == "const CACHE = \"spotter-shell-\(before.build)\";\n")

        files["queue.js"] = "export function send() { /* changed */ }\n"
        let queueChanged = try Self.catalog(files)
        for name in ["queue.js", "page.js", "app.js"] {
            #expect(queueChanged.assets[name]?.hash != before.assets[name]?.hash, "\(name) has a new version")
        }
        for name in ["other.js", "icons.svg", "app.css"] {
            #expect(queueChanged.assets[name]?.hash == before.assets[name]?.hash, "\(name) keeps its version")
        }
        #expect(queueChanged.build != before.build)
        #expect(try Self.text(queueChanged, "sw.js").contains("spotter-shell-\(queueChanged.build)"))

        files["icons.svg"] = "<svg><symbol id=\"plus\"/><symbol id=\"minus\"/></svg>"
        let iconsChanged = try Self.catalog(files)
        #expect(
            iconsChanged.assets["page.js"]?.hash != queueChanged.assets["page.js"]?.hash, "the icons' new version is in page.js")
        #expect(iconsChanged.assets["app.js"]?.hash != queueChanged.assets["app.js"]?.hash)
        #expect(iconsChanged.build != queueChanged.build)
        #expect(try Self.catalog(files).build == iconsChanged.build, "the same files make the same build")
    }

    @Test("an import cycle is served, each module naming the other")
    func importCycle() throws {
        let catalog = try Self.catalog([
            "a.js": #"import "./b.js";"#, "b.js": #"import "./a.js";"#,
        ])
        #expect(try Self.text(catalog, "a.js").hasPrefix("import \"./b.js?v="))
        #expect(try Self.text(catalog, "b.js").hasPrefix("import \"./a.js?v="))
    }

    @Test("pages refer to the icons, favicon, stylesheet and script by their current version")
    func pagesLinkVersions() async throws {
        try await withApp(.sqlite) { client, h in
            let catalog = AssetCatalog.shared
            var browser = Browser(client)
            let welcome = try await browser.get("/welcome")
            browser = try await Browser.signedIn(client)
            let home = try await browser.get("/")
            let started = try await client.api(
                .post, "/api/v1/workouts", token: h.benToken, json: "{\"id\": \"\(UUID().uuidString)\"}")
            #expect(started.status == .created)
            let workout = try await browser.get("/workout")
            for (path, page) in [("/welcome", welcome), ("/", home), ("/workout", workout)] {
                #expect(page.status == .ok, "\(path)")
                let urls = try Self.assetURLs(in: page.text)
                #expect(urls.contains(catalog.url(for: "icons.svg")), "\(path) shows icons")
                for url in urls {
                    let name = String(url.dropFirst("/assets/".count).prefix { $0 != "?" })
                    #expect(url == catalog.url(for: name), "\(path) refers to \(url), not \(catalog.url(for: name))")
                }
            }
            #expect(welcome.text.contains(catalog.url(for: "favicon.svg")))
            #expect(home.text.contains(catalog.url(for: "app.css")) && home.text.contains(catalog.url(for: "app.js")))
            // The words the logging page's script takes from the server rather than copying them.
            #expect(workout.text.contains(#""heaviestWeight":"heaviest weight""#))
            #expect(workout.text.contains(#""warmup":"W""#))
        }
    }

    @Test("/sw.js names its cache after the build; an asset asked for with an old version is still served, briefly")
    func serving() async throws {
        try await withApp(.sqlite) { client, _ in
            let catalog = AssetCatalog.shared
            let worker = try await client.api(.get, "/sw.js", token: nil)
            #expect(worker.status == .ok)
            #expect(worker.headers[.cacheControl] == "no-cache")
            #expect(worker.text.contains("\"spotter-shell-\(catalog.build)\""))
            #expect(!worker.text.contains(AssetCatalog.buildPlaceholder))

            let current = try await client.api(.get, catalog.url(for: "app.js"), token: nil)
            #expect(current.status == .ok)
            #expect(current.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(current.text.contains("import \"./workout.js?v=\(try #require(catalog.assets["workout.js"]).hash)\""))
            for path in ["/assets/app.js?v=0123456789ab", "/assets/app.js"] {
                let old = try await client.api(.get, path, token: nil)
                #expect(old.status == .ok, "\(path)")
                #expect(old.headers[.cacheControl] == "public, max-age=300", "\(path)")
                #expect(old.text == current.text, "\(path)")
            }
        }
    }
}
