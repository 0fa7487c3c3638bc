import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterCore
import SpotterImport
import SpotterTestSupport
import Testing

/// Settings -> Export: the page, the CSV and the JSON download.
@Suite("Pages: export")
struct ExportPageTests {
    @Test(
        "the page offers the CSV; the download is an attachment named for the lifter and day, and reads back as it was",
        arguments: TestDatabase.all)
    func downloadCSV(engine: TestDatabase) async throws {
        try await withApp(engine) { client, _ in
            var browser = try await Browser.signedIn(client)
            try await ImportSteps.importFile(ImportSamples.strong, into: &browser)
            let settings = try await browser.get("/settings")
            #expect(settings.text.contains("href=\"/settings/import\""))
            #expect(settings.text.contains("href=\"/settings/export\""))
            let page = try await browser.get("/settings/export")
            #expect(page.status == .ok)
            #expect(page.text.contains("href=\"/settings/export/strong.csv\" download"))
            #expect(page.text.contains("Download CSV (Strong layout)"))

            let download = try await browser.get("/settings/export/strong.csv")
            #expect(download.status == .ok)
            #expect(download.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"spotter-ben-2026-09-21.csv\"")
            let csv = download.text
            #expect(
                csv.hasPrefix(
                    "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"))
            let back = try ImportReader.read(bytes: Array(csv.utf8), source: nil, assumedUnit: .kg)
            let original = try ImportReader.read(bytes: ImportSamples.strong, source: nil, assumedUnit: .kg)
            #expect(back.source == .strong)
            #expect(back.workouts.count == 9)
            #expect(back.setCount == 184)
            #expect(back.workouts.map(\.name) == original.workouts.map(\.name))
            #expect(back.workouts.map(\.start) == original.workouts.map(\.start))
        }
    }

    @Test(
        "the JSON download is everything the lifter owns, named for the lifter and day, and nobody else's",
        arguments: TestDatabase.all)
    func downloadJSON(engine: TestDatabase) async throws {
        try await withApp(engine) { client, _ in
            var ben = try await Browser.signedIn(client)
            try await ImportSteps.importFile(ImportSamples.strong, into: &ben)
            var ana = try await Browser.signedIn(client, as: "ana")
            let page = try await ben.get("/settings/export")
            #expect(page.text.contains("href=\"/settings/export/spotter.json\" download"))
            #expect(page.text.contains("Download everything (JSON)"))

            let download = try await ben.get("/settings/export/spotter.json")
            #expect(download.status == .ok)
            #expect(download.headers[.contentType] == "application/json")
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"spotter-ben-2026-09-21.json\"")
            let document = try AccountDocument.decode(Data(download.text.utf8))
            #expect(document.username == "ben")
            #expect(document.workouts.count == 9)
            #expect(document.workouts.reduce(0) { $0 + $1.exercises.reduce(0) { $0 + $1.sets.count } } == 184)
            #expect(document.workouts.allSatisfy { $0.importKey != nil }, "imported workouts keep their keys")

            let other = try AccountDocument.decode(Data(try await ana.get("/settings/export/spotter.json").text.utf8))
            #expect(other.username == "ana")
            #expect(other.workouts.isEmpty)
        }
    }

    @Test("a lifter with no workouts gets the header alone, and the file is named for their day in their time zone")
    func emptyExport() async throws {
        try await withApp(.sqlite) { client, _ in
            var browser = try await Browser.signedIn(client)
            _ = try await browser.post(
                "/settings",
                [("unit", "kg"), ("defaultRestSeconds", "120"), ("theme", "system"), ("timeZone", "Pacific/Kiritimati")])
            let download = try await browser.get("/settings/export/strong.csv")
            #expect(download.status == .ok)
            // 1,790,000,000 s is 2026-09-21 17:46 UTC: already the 22nd at UTC+14.
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"spotter-ben-2026-09-22.csv\"")
            #expect(download.text.split(separator: "\r\n").count == 1)
        }
    }

    @Test("each lifter downloads only their own sets")
    func ownSetsOnly() async throws {
        try await withApp(.sqlite) { client, _ in
            var ben = try await Browser.signedIn(client)
            try await ImportSteps.importFile(ImportSamples.strong, into: &ben)
            var ana = try await Browser.signedIn(client, as: "ana")
            let download = try await ana.get("/settings/export/strong.csv")
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"spotter-ana-2026-09-21.csv\"")
            #expect(!download.text.contains("Deadlift"))
        }
    }
}
