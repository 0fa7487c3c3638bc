import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

@testable import SpotterServer

/// "Add to Home Screen" gives a real app: every page names the web app manifest, and
/// the manifest names icons that are served as PNGs of the sizes it claims.
@Suite("Install as an app: the web app manifest")
struct ManifestTests {
    /// Width and height from a PNG's IHDR chunk.
    private static func pngSize(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count > 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    @Test(
        "pages link the manifest and light and dark theme colours; it opens standalone at Home with 192, 512 and maskable icons")
    func manifest() async throws {
        try await withApp(.sqlite) { client, _ in
            var browser = try await Browser.signedIn(client)
            let home = try await browser.get("/")
            let link = try #require(
                home.text.firstMatch(of: #/<link rel="manifest" href="(/assets/manifest\.webmanifest\?v=[0-9a-f]+)">/#)?.output.1)
            #expect(home.text.contains(##"<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#1A1F25">"##))
            #expect(home.text.contains(#"<link rel="apple-touch-icon" href="/assets/apple-touch-icon.png?v="#))
            let served = try await browser.get(String(link))
            #expect(served.status == .ok)
            #expect(served.headers[.contentType] == "application/manifest+json")
            let manifest = try #require(try JSONSerialization.jsonObject(with: Data(served.text.utf8)) as? [String: Any])
            #expect(manifest["display"] as? String == "standalone")
            #expect(manifest["start_url"] as? String == "/" && manifest["name"] as? String == "Spotter")
            let icons = try #require(manifest["icons"] as? [[String: String]])
            #expect(icons.map { "\($0["sizes"]!) \($0["purpose"]!)" } == ["192x192 any", "512x512 any", "512x512 maskable"])
            for icon in icons {
                let src = try #require(icon["src"])
                #expect(src.contains("?v="), "\(src) is versioned like every asset")
                let image = try await browser.get(src)
                #expect(image.status == .ok && image.headers[.contentType] == "image/png")
                let size = try #require(Self.pngSize(Array(image.body.readableBytesView)))
                #expect("\(size.0)x\(size.1)" == icon["sizes"], "\(src) is the size the manifest says")
            }
        }
    }
}
