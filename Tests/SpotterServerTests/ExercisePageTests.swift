import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

@Suite("Pages: the exercise library")
struct ExercisePageTests {
    private func signedIn(_ client: any TestClientProtocol) async throws -> Browser {
        try await Browser.signedIn(client)
    }

    @Test("the list searches names and aliases and filters by muscle and equipment")
    func browse() async throws {
        try await withApp(.sqlite) { client, _ in
            var browser = try await signedIn(client)
            let all = try await browser.get("/exercises")
            #expect(all.status == .ok)
            #expect(all.text.contains("Bench Press (Barbell)"))
            let alias = try await browser.get("/exercises?q=bb+bench")
            #expect(alias.text.contains("Bench Press (Barbell)"))
            #expect(!alias.text.contains("Squat (Barbell)"))
            let legs = try await browser.get("/exercises?muscle=legs&equipment=barbell")
            #expect(legs.text.contains("Squat (Barbell)"))
            #expect(!legs.text.contains("Bench Press (Barbell)"))
            let none = try await browser.get("/exercises?q=zzzz")
            #expect(none.text.contains("Nothing matches"))
            #expect(none.text.contains("0 matches"))
        }
    }

    @Test("a bad form keeps what was typed, names every problem and stores nothing; a good one saves with its image")
    func createWithImage() async throws {
        try await withApp(.sqlite) { client, h in
            var browser = try await signedIn(client)
            _ = try await browser.get("/exercises/new")
            let before = try await h.count("exercises")
            let bad = try await browser.postMultipart(
                "/exercises",
                [
                    ("name", "Sled Drag Backwards"), ("muscleGroups", "legs"), ("equipment", "other"),
                    ("kind", "distanceDuration"),
                    ("description", "Walk backwards pulling the sled."), ("videoURL", "https://vimeo.com/12345"),
                ],
                file: ("image", "photo.png", Array("not an image".utf8)))
            #expect(bad.status == .badRequest)
            #expect(bad.text.contains("value=\"Sled Drag Backwards\""))
            #expect(bad.text.contains("Walk backwards pulling the sled."))
            #expect(bad.text.contains("Use a YouTube link"))
            #expect(bad.text.contains("Upload a PNG, JPEG or WebP image."))
            #expect(try await h.count("exercises") == before)

            let good = try await browser.postMultipart(
                "/exercises",
                [
                    ("name", "Sled Drag Backwards"), ("muscleGroups", "legs"), ("muscleGroups", "glutes"), ("equipment", "other"),
                    ("kind", "distanceDuration"), ("videoURL", "youtu.be/dQw4w9WgXcQ"),
                ],
                file: ("image", "photo.bin", pngBytes))
            #expect(good.status == .seeOther)
            let detailPath = try #require(good.location)
            let detail = try await browser.get(detailPath)
            #expect(detail.text.contains("Sled Drag Backwards"))
            #expect(detail.text.contains("https://www.youtube.com/watch?v=dQw4w9WgXcQ"))
            #expect(detail.text.contains("class=\"hero-image\""))
            #expect(detail.text.contains("Legs</span><span class=\"chip strong\">Glutes"))
            let mine = try await browser.get("/exercises?show=custom")
            #expect(mine.text.contains("Sled Drag Backwards"))
            #expect(mine.text.contains("class=\"thumb\""))
        }
    }

    @Test("built-in exercises have no edit page; another user's exercise is not found")
    func ownership() async throws {
        try await withApp(.sqlite) { client, h in
            let anas = try await h.createCustomExercise()
            let bench = try #require(
                try await client.api(.get, "/api/v1/exercises?search=bench%20press%20(barbell)", token: h.anaToken).items()
                    .first?["id"] as? String)
            var browser = try await signedIn(client)
            #expect(try await browser.get("/exercises/\(anas)").status == .notFound)
            #expect(try await browser.get("/exercises/\(anas)/edit").status == .notFound)
            #expect(try await browser.post("/exercises/\(anas)/delete", []).status == .notFound)
            #expect(try await browser.get("/exercises/\(bench)/edit").status == .forbidden)
            let page = try await browser.get("/exercises/\(bench)")
            #expect(page.text.contains("Built in"))
            #expect(!page.text.contains("/edit\""))
            #expect(try await client.api(.get, "/api/v1/exercises/\(anas)", token: h.anaToken).status == .ok)
        }
    }
}
