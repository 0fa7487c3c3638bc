import Foundation
import Hummingbird
import HummingbirdTesting
import SQLKit
import SpotterCore
import SpotterImport
import SpotterTestSupport
import Synchronization
import Testing

/// Settings -> Import as a browser walks it: upload, preview, choices, confirm;
/// and the uploads a bad file, a stranger or a forged form send.
@Suite("Pages: import history")
struct ImportPageTests {
    @Test(
        "an upload shows the preview: counts, dates, the unit switch, matched names; nothing is imported yet",
        arguments: TestDatabase.all)
    func preview(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var browser = try await Browser.signedIn(client)
            let form = try await browser.get("/settings/import")
            #expect(form.status == .ok)
            #expect(form.text.contains("enctype=\"multipart/form-data\""))
            #expect(form.text.contains("Detect from the file"))
            let uploaded = try await ImportSteps.upload(ImportSamples.strong, into: &browser)
            #expect(uploaded.status == .seeOther)
            let location = try #require(uploaded.location)
            #expect(location.hasPrefix("/settings/import/"))
            let page = try await browser.get(location)
            #expect(page.status == .ok)
            #expect(page.text.contains("Strong export: 9 workouts with 184 sets, 2024-06-18 to 2024-07-22."))
            #expect(page.text.contains("The file does not say whether its weights are in kg or lb."))
            #expect(page.text.contains("name=\"unit\" value=\"kg\" checked"), "the account's unit first")
            #expect(page.text.contains("name=\"unit\" value=\"lb\""))
            #expect(page.text.contains("Matched to your library (25)"))
            #expect(
                page.text.components(separatedBy: "<li class=\"import-row\">").count == 5,
                "the 4 names logged under an exercise spelt otherwise")
            #expect(page.text.contains("Ball Side Throw</span><span class=\"row-sub wrap\">As Medicine Ball Side Throw · "))
            #expect(
                !page.text.contains("Deadlift (Barbell)</span><span class=\"row-sub wrap\">"),
                "spelt as in the library: counted, not listed")
            #expect(page.text.contains("<p class=\"hint import-identical\">21 names are spelt as in your library.</p>"))
            #expect(
                page.text.contains(
                    "<p class=\"import-sets-line\">Of these, 9 warm-ups, 4 drop sets and 6 to failure; volume 59,323 kg (warm-ups not counted).</p>"
                ))
            #expect(page.text.contains("Import 9 workouts"))
            #expect(page.text.contains("data-busy-label=\"Importing 9 workouts…\""))
            #expect(!page.text.contains("New exercises"))
            #expect(!page.text.contains("Rows left out"))
            #expect(try await h.count("workouts") == 0)
        }
    }

    @Test("a file that states its unit shows it and offers no switch; the app is detected from the header")
    func statedUnit() async throws {
        try await withApp(.sqlite) { client, _ in
            var browser = try await Browser.signedIn(client)
            let page = try await browser.get(
                try #require(try await ImportSteps.upload(ImportSamples.hevy, into: &browser).location))
            #expect(page.text.contains("Hevy export: 7 workouts with 148 sets, 2024-08-30 to 2024-09-13."))
            #expect(page.text.contains("Weights: kg, as the file says."))
            #expect(!page.text.contains("name=\"unit\""))
        }
    }

    @Test("a file with unknown names and bad rows lists each new exercise with a select and every row left out")
    func previewOfAMixedFile() async throws {
        try await withApp(.sqlite) { client, _ in
            var browser = try await Browser.signedIn(client)
            let page = try await browser.get(
                try #require(try await ImportSteps.upload(ImportSamples.mixed, into: &browser).location))
            #expect(page.text.contains("Strong export: 2 workouts with 5 sets, 2024-06-18 to 2024-06-20."))
            #expect(page.text.contains("New exercises (2)"))
            #expect(page.text.contains("<input type=\"hidden\" name=\"newName\" value=\"Zercher Wobble Squat\">"))
            #expect(
                page.text.contains("2 sets · Weight × reps · Barbell · Legs"), "a squat with weights is guessed a barbell lift")
            #expect(page.text.contains("<option value=\"\" selected>New custom exercise</option>"))
            #expect(page.text.contains(">Squat (Barbell)</option>"))
            #expect(page.text.contains("Rows left out (2)"))
            #expect(page.text.contains("Line 3</span><span class=\"wrap\">The weight &quot;heavy&quot; is not a number."))
            #expect(
                page.text.contains(
                    "Line 7</span><span class=\"wrap\">The row has 2 fields where the header has 12: it is cut off."))
        }
    }

    @Test("what is worth knowing but no error (columns left out, a duration nobody trains for) is listed")
    func notices() async throws {
        try await withApp(.sqlite) { client, _ in
            var browser = try await Browser.signedIn(client)
            let file =
                "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE,Mood\n"
                + "2024-06-18 11:04:00,\"Legs\",409h 31min,\"Squat (Barbell)\",1,100,5,0,0,\"\",\"\",,happy\n"
            let page = try await browser.get(
                try #require(try await ImportSteps.upload(Array(file.utf8), into: &browser).location))
            #expect(page.text.contains("Good to know"))
            #expect(page.text.contains("<li>Columns not understood and left out: &quot;Mood&quot;.</li>"))
            #expect(page.text.contains("lasted 409h 31m, which nobody trains for; it is imported without a duration."))
        }
    }

    @Test(
        "confirming imports every workout in one go and says so on History; the upload is gone after", arguments: TestDatabase.all
    )
    func confirm(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var browser = try await Browser.signedIn(client)
            let preview = try #require(try await ImportSteps.upload(ImportSamples.strong, into: &browser).location)
            _ = try await browser.get(preview)
            let done = try await browser.post(preview, [("unit", "kg")])
            #expect(done.status == .seeOther)
            #expect(done.location == "/history?imported=9&sets=184&newExercises=0")
            #expect(try await h.count("workouts") == 9)
            #expect(try await h.count("workout_sets") == 184)
            let history = try await browser.get(try #require(done.location))
            #expect(history.text.contains("Imported 9 workouts with 184 sets."))
            #expect(history.text.contains("Deadlift 1RPM"))
            let gone = try await browser.get(preview)
            #expect(gone.status == .notFound)
            #expect(gone.text.contains("This upload is gone: an upload is kept for a day and imported once."))
            #expect(try await browser.post(preview, [("unit", "kg")]).status == .notFound)
            #expect(try await h.count("workouts") == 9)
            #expect(try await ImportSteps.files(in: h).isEmpty, "the upload and its record are removed")
        }
    }

    @Test("the same file again: the preview says there is nothing to import and offers no button", arguments: TestDatabase.all)
    func secondImport(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var browser = try await Browser.signedIn(client)
            try await ImportSteps.importFile(ImportSamples.strong, into: &browser)
            let again = try #require(try await ImportSteps.upload(ImportSamples.strong, into: &browser).location)
            let page = try await browser.get(again)
            #expect(page.text.contains("<h2 class=\"import-headline\">Nothing to import</h2>"))
            #expect(page.text.contains("Every workout of this Strong export (9 workouts) is already in your history."))
            #expect(!page.text.contains("data-busy-label"))
            #expect(!page.text.contains("Import 0 workouts"))
            let forced = try await browser.post(again, [("unit", "kg")])
            #expect(forced.status == .ok)
            #expect(forced.text.contains("Nothing to import"))
            #expect(try await h.count("workouts") == 9)
        }
    }

    @Test("the unit switch decides the weights of a file that does not say")
    func unitSwitch() async throws {
        try await withApp(.sqlite) { client, h in
            var browser = try await Browser.signedIn(client)
            let preview = try #require(try await ImportSteps.upload(ImportSamples.strong, into: &browser).location)
            _ = try await browser.get(preview)
            #expect(try await browser.post(preview, [("unit", "lb")]).status == .seeOther)
            let sets = try await ImportSteps.history(client, token: h.benToken).flatMap(ImportSteps.sets(of:))
            #expect(sets.count == 184)
            #expect(Set(sets.compactMap { $0["weightUnit"] as? String }) == ["lb"])
            let deadlift = try await ImportSteps.history(client, token: h.benToken).first {
                $0["name"] as? String == "Deadlift 1RPM"
            }
            let first = try #require(deadlift.map(ImportSteps.sets(of:))?.first)
            #expect(first["weight"] as? Double == 60, "60 in the file is 60 lb")
        }
    }

    @Test("a unit other than kg or lb is refused on the preview and nothing is imported")
    func badUnit() async throws {
        try await withApp(.sqlite) { client, h in
            var browser = try await Browser.signedIn(client)
            let preview = try #require(try await ImportSteps.upload(ImportSamples.strong, into: &browser).location)
            _ = try await browser.get(preview)
            let refused = try await browser.post(preview, [("unit", "stone")])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("Choose kg or lb for the weights of this file."))
            #expect(try await h.count("workouts") == 0)
        }
    }

    @Test(
        "a new name mapped to one of the lifter's exercises logs its sets there and creates no exercise",
        arguments: TestDatabase.all)
    func mapping(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let squat = try await h.workouts(.ben).exercise(.squat)
            var browser = try await Browser.signedIn(client)
            let preview = try #require(try await ImportSteps.upload(ImportSamples.mixed, into: &browser).location)
            _ = try await browser.get(preview)
            let done = try await browser.post(
                preview,
                [
                    ("unit", "kg"), ("newName", "Zercher Wobble Squat"), ("mapTo", squat), ("newName", "Landmine Press Twist"),
                    ("mapTo", ""),
                ])
            #expect(done.location == "/history?imported=2&sets=5&newExercises=1")
            let custom = try await client.api(.get, "/api/v1/exercises?custom=true", token: h.benToken).items()
            #expect(custom.map { $0["name"] as? String } == ["Landmine Press Twist"])
            let entries = try await ImportSteps.history(client, token: h.benToken).flatMap {
                $0["entries"] as? [[String: Any]] ?? []
            }
            #expect(
                entries.filter { ($0["exerciseId"] as? String)?.lowercased() == squat.lowercased() }.count == 2,
                "Squat and Zercher Wobble Squat")
            #expect(!entries.contains { $0["exerciseName"] as? String == "Zercher Wobble Squat" })
            let history = try await browser.get(try #require(done.location))
            #expect(history.text.contains("Imported 2 workouts with 5 sets; 1 new exercise."))
        }
    }

    @Test("a mapping to an exercise not in the lifter's library (another's, or made up) is refused and nothing is written")
    func foreignMapping() async throws {
        try await withApp(.sqlite) { client, h in
            let created = try await client.api(.post, "/api/v1/exercises", token: h.anaToken, json: customExerciseJSON)
            let anasExercise = try #require(try created.object()["id"] as? String)
            var browser = try await Browser.signedIn(client)
            let preview = try #require(try await ImportSteps.upload(ImportSamples.mixed, into: &browser).location)
            _ = try await browser.get(preview)
            for target in [anasExercise, UUID().uuidString, "not-an-id"] {
                let refused = try await browser.post(preview, [("newName", "Zercher Wobble Squat"), ("mapTo", target)])
                #expect(refused.status == .badRequest)
                #expect(refused.text.contains("is mapped to an exercise that is not in your library"))
            }
            let cutOff = try await browser.post(preview, [("newName", "Zercher Wobble Squat")])
            #expect(cutOff.status == .badRequest)
            #expect(try await h.count("workouts") == 0)
            #expect(try await client.api(.get, "/api/v1/exercises?custom=true", token: h.benToken).items().isEmpty)
        }
    }

    @Test(
        "a bad file is named on the upload form with what to fix, with 400, and nothing is kept or written", arguments: badFiles)
    func badFile(file: BadFile) async throws {
        try await withApp(.sqlite) { client, h in
            var browser = try await Browser.signedIn(client)
            let answer = try await ImportSteps.upload(file.bytes, source: file.source, into: &browser)
            #expect(answer.status == .badRequest)
            #expect(answer.text.contains(file.message), "\(answer.text.prefix(2000))")
            #expect(answer.text.contains("name=\"source\" value=\"\(file.source)\" checked"), "the chosen app stays chosen")
            #expect(try await h.count("workouts") == 0)
            #expect(try await ImportSteps.files(in: h).isEmpty)
        }
    }

    /// A file the upload form refuses, named in the test log by what is wrong with it.
    struct BadFile: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let bytes: [UInt8]
        let source: String
        let message: String
    }

    static let badFiles = [
        BadFile(
            testDescription: "text, no export", bytes: Array("hello, this is not an export\n".utf8), source: "detect",
            message: "Spotter does not recognise this file"),
        BadFile(testDescription: "empty", bytes: [], source: "detect", message: "The file is empty."),
        BadFile(
            testDescription: "a header alone", bytes: Array(ImportSamples.header.utf8), source: "strong",
            message: "The file has a header but no rows"),
        BadFile(
            testDescription: "binary", bytes: [0x00, 0xFF, 0x10, 0x80, 0x00, 0x0A], source: "detect",
            message: "Line 1 is not text: this is not a CSV export"),
        BadFile(
            testDescription: "Hevy sent as Strong", bytes: ImportSamples.hevy, source: "strong",
            message: "This is a Hevy export, not a Strong one: choose Hevy."),
    ]

    @Test("no file chosen, or an app Spotter does not know, is named on the form")
    func incompleteForm() async throws {
        try await withApp(.sqlite) { client, h in
            var browser = try await Browser.signedIn(client)
            _ = try await browser.get("/settings/import")
            let noFile = try await browser.postMultipart("/settings/import", [("source", "detect")], file: ("file", "", []))
            #expect(noFile.status == .badRequest)
            #expect(noFile.text.contains("Choose the CSV file you exported from Strong, Hevy or FitNotes."))
            let unknownApp = try await ImportSteps.upload(ImportSamples.strong, source: "myfitnesspal", into: &browser)
            #expect(unknownApp.status == .badRequest)
            #expect(unknownApp.text.contains("Choose the app the file comes from"))
            #expect(try await ImportSteps.files(in: h).isEmpty)
        }
    }

    @Test("a file over the limit (64 MB; here 256 KB) is refused with 413 and the limit named; one of the limit itself is taken")
    func tooLarge() async throws {
        let limit = 256 * 1024
        try await withApp(.sqlite, configure: { $0.importFileLimit = limit }) { client, h in
            var browser = try await Browser.signedIn(client)
            let page = try await browser.get("/settings/import")
            #expect(page.text.contains("data-upload-limit=\"\(limit)\""))
            #expect(page.text.contains("A CSV export of up to 256 KB."))
            // Blank lines are no rows: the file reads as one workout whatever its size.
            let workout = Array(
                (ImportSamples.header + "2024-06-18 11:04:00,\"Legs\",1h,\"Squat (Barbell)\",1,100,5,0,0,\"\",\"\",\n").utf8)
            let padding = [UInt8](repeating: 0x0A, count: limit - workout.count)
            let over = try await ImportSteps.upload(workout + padding + [0x0A], into: &browser)
            #expect(over.status == .contentTooLarge)
            #expect(over.text.contains("The file is larger than 256 KB, the most Spotter imports."))
            #expect(try await ImportSteps.files(in: h).isEmpty)
            let huge = try await ImportSteps.upload([UInt8](repeating: 0x0A, count: limit * 4 + 1), into: &browser)
            #expect(huge.status == .contentTooLarge, "past four times the limit the rest is not read")
            #expect(huge.text.contains("The file is far larger than an import takes"))
            #expect(try await ImportSteps.files(in: h).isEmpty)
            let atLimit = try await ImportSteps.upload(workout + padding, into: &browser)
            #expect(atLimit.status == .seeOther)
            #expect(try await browser.get(try #require(atLimit.location)).text.contains("1 workout with 1 set"))
        }
    }

    @Test("another lifter's upload token is not found, to look at or to import", arguments: TestDatabase.all)
    func strangersToken(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var ana = try await Browser.signedIn(client, as: "ana")
            let preview = try #require(try await ImportSteps.upload(ImportSamples.strong, into: &ana).location)
            var ben = try await Browser.signedIn(client, as: "ben")
            #expect(try await ben.get(preview).status == .notFound)
            #expect(try await ben.post(preview, [("unit", "kg")]).status == .notFound)
            #expect(try await ben.get("/settings/import/../../\(h.ana.id.uuidString.lowercased())").status == .notFound)
            #expect(try await h.count("workouts") == 0)
            #expect(try await ana.get(preview).status == .ok, "Ana's upload is still there for her")
        }
    }

    @Test("uploads older than a day are removed when anyone uploads again")
    func staleUploads() async throws {
        let clock = Mutex(testNow)
        try await withApp(.sqlite, configure: { $0.clock = { clock.withLock { $0 } } }) { client, _ in
            var browser = try await Browser.signedIn(client)
            let old = try #require(try await ImportSteps.upload(ImportSamples.strong, into: &browser).location)
            clock.withLock { $0 = testNow.addingTimeInterval(23 * 3600) }
            let recent = try #require(try await ImportSteps.upload(ImportSamples.hevy, into: &browser).location)
            #expect(try await browser.get(old).status == .ok, "23 hours is not stale")
            clock.withLock { $0 = testNow.addingTimeInterval(25 * 3600) }
            _ = try await ImportSteps.upload(ImportSamples.mixed, into: &browser)
            #expect(try await browser.get(old).status == .notFound)
            #expect(try await browser.get(recent).status == .ok)
        }
    }

    @Test("an upload with a wrong form token, or the token after the file, is refused and nothing is kept")
    func forgedUpload() async throws {
        try await withApp(.sqlite) { client, h in
            var browser = try await Browser.signedIn(client)
            _ = try await browser.get("/settings/import")
            let token = try #require(browser.lastFormToken)
            let wrong = try await ImportSteps.rawUpload(ImportSamples.strong, browser: browser, field: "0000")
            #expect(wrong.status == .forbidden)
            let none = try await ImportSteps.rawUpload(ImportSamples.strong, browser: browser)
            #expect(none.status == .forbidden)
            let late = try await ImportSteps.rawUpload(ImportSamples.strong, browser: browser, trailingField: token)
            #expect(late.status == .forbidden)
            #expect(try await ImportSteps.files(in: h).isEmpty)
            let right = try await ImportSteps.rawUpload(ImportSamples.strong, browser: browser, field: token)
            #expect(right.status == .seeOther, "the same request with the token in front is taken")
        }
    }

    @Test("the upload script gets JSON: the preview's address, or the error to show")
    func scriptedUpload() async throws {
        try await withApp(.sqlite) { client, h in
            var browser = try await Browser.signedIn(client)
            _ = try await browser.get("/settings/import")
            let good = try await ImportSteps.rawUpload(
                ImportSamples.strong, browser: browser, header: browser.lastFormToken, json: true)
            #expect(good.status == .ok)
            let location = try #require(try good.object()["location"] as? String)
            #expect(try await browser.get(location).text.contains("Import 9 workouts"))
            let bad = try await ImportSteps.rawUpload(
                Array("nope\n".utf8), browser: browser, header: browser.lastFormToken, json: true)
            #expect(bad.status == .badRequest)
            #expect(try bad.error().message.contains("Spotter does not recognise this file"))
            #expect(
                try await ImportSteps.files(in: h).count == 1,
                "the good upload's record: the database holds the only lasting copy of its file")
        }
    }

    @Test("the import and export pages need a signed-in lifter")
    func signInRequired() async throws {
        try await withApp(.sqlite) { client, h in
            var anonymous = Browser(client)
            for path in [
                "/settings/import", "/settings/import/\(String(repeating: "a", count: 32))", "/settings/export",
                "/settings/export/strong.csv",
            ] {
                let answer = try await anonymous.get(path)
                #expect(answer.status == .found, "\(path)")
                #expect(
                    answer.location == "/login?next=" + path.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!,
                    "\(path): back here after")
            }
            _ = try await anonymous.get("/login")
            let upload = try await ImportSteps.upload(ImportSamples.strong, into: &anonymous)
            #expect(upload.location == "/login")
            #expect(try await h.count("workouts") == 0)
            #expect(try await ImportSteps.files(in: h).isEmpty)
        }
    }
}

/// The steps of the import pages, for the tests above.
enum ImportSteps {
    static func upload(_ bytes: [UInt8], source: String = "detect", into browser: inout Browser) async throws -> TestResponse {
        _ = try await browser.get("/settings/import")
        return try await browser.postMultipart("/settings/import", [("source", source)], file: ("file", "export.csv", bytes))
    }

    /// Uploads and confirms with the preview's defaults.
    static func importFile(_ bytes: [UInt8], into browser: inout Browser) async throws {
        let preview = try #require(try await upload(bytes, into: &browser).location)
        _ = try await browser.get(preview)
        #expect(try await browser.post(preview, []).status == .seeOther)
    }

    /// An upload put together by hand: the form token as a field before the file, as
    /// one after it, or as a header (as upload-progress.js sends it, asking for JSON).
    static func rawUpload(
        _ bytes: [UInt8], browser: Browser, field: String? = nil, trailingField: String? = nil, header: String? = nil,
        json: Bool = false
    ) async throws -> TestResponse {
        let boundary = "----spotter-raw-boundary"
        func text(_ name: String, _ value: String) -> [UInt8] {
            Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        var body = (field.map { text("_csrf", $0) } ?? []) + text("source", "detect")
        body += Array(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"export.csv\"\r\nContent-Type: text/csv\r\n\r\n"
                .utf8)
        body += bytes + Array("\r\n".utf8) + (trailingField.map { text("_csrf", $0) } ?? []) + Array("--\(boundary)--\r\n".utf8)
        var headers = HTTPFields()
        headers[.cookie] = browser.cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")
        headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
        if json { headers[.accept] = "application/json" }
        if let header { headers[.init("X-CSRF-Token")!] = header }
        return try await browser.client.executeRequest(
            uri: "/settings/import", method: .post, headers: headers, body: ByteBuffer(bytes: body))
    }

    /// What is kept of uploads: the records in the database, and every file under the
    /// data directory's uploads (this instance's copies).
    static func files(in harness: Harness) async throws -> [String] {
        let records = try await harness.store.sql.raw("SELECT token FROM import_uploads").all()
            .map { "record " + (try $0.decode(column: "token", as: String.self)) }
        return records + (try localFiles(in: harness))
    }

    static func localFiles(in harness: Harness) throws -> [String] {
        let root = harness.dataDirectory.appendingPathComponent("imports")
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return []
        }
        return walker.compactMap { $0 as? URL }.filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
        .map(\.lastPathComponent)
    }

    /// The lifter's finished workouts through the API, newest first.
    static func history(_ client: any TestClientProtocol, token: String) async throws -> [[String: Any]] {
        try await client.api(.get, "/api/v1/workouts", token: token).items()
    }

    static func sets(of workout: [String: Any]) -> [[String: Any]] {
        (workout["entries"] as? [[String: Any]] ?? []).flatMap { $0["sets"] as? [[String: Any]] ?? [] }
    }
}

/// The sample exports of SpotterImportTests, and small files made for these tests.
enum ImportSamples {
    static let header =
        "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"

    /// Strong, comma layout, kg not stated: 9 workouts, 184 sets, every name in the library.
    static let strong = sample("legacy-comma-kg-W-D-F.prefix.csv")
    /// Hevy, kg stated: 7 workouts, 148 sets.
    static let hevy = sample("kg-warmup-dropset-timed.prefix.csv")

    /// Two workouts; two names the library does not know; a bad weight (line 3)
    /// and a row cut off (line 7). Shared with the browser tests.
    static let mixed = file(folder.appendingPathComponent("Fixtures/strong-new-names-bad-rows.csv"))

    /// Tests/, the folder of this file's folder.
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    private static func sample(_ name: String) -> [UInt8] {
        file(folder.appendingPathComponent("SpotterImportTests/Samples/\(name)"))
    }

    private static func file(_ url: URL) -> [UInt8] {
        guard let data = try? Data(contentsOf: url) else { preconditionFailure("the test file \(url.path) is missing") }
        return [UInt8](data)
    }
}
