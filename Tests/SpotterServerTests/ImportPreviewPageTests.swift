import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterCore
import SpotterTestSupport
import Testing

/// The preview's finer parts: near matches first for a new name and any exercise by
/// name, the sets by kind and their volume, rows left out grouped by reason, and only
/// the names logged under an exercise spelt otherwise.
@Suite("Pages: import preview")
struct ImportPreviewPageTests {
    /// The HTML of the first element that starts with `start`, up to `end`.
    static func part(of html: String, from start: String, to end: String) -> String? {
        guard let from = html.range(of: start), let to = html.range(of: end, range: from.upperBound..<html.endIndex) else {
            return nil
        }
        return String(html[from.lowerBound..<to.upperBound])
    }

    /// The labels of a select's options, in order.
    static func optionLabels(_ html: String) -> [String] {
        html.components(separatedBy: "</option>").dropLast().compactMap { $0.components(separatedBy: ">").last }
    }

    @Test("a new name is offered its nearest exercises logged alike first, not the whole library; any other is reached by name")
    func nearMatchesFirst() async throws {
        try await withApp(.sqlite) { client, _ in
            var browser = try await Browser.signedIn(client)
            let page = try await browser.get(
                try #require(try await ImportSteps.upload(ImportSamples.mixed, into: &browser).location))
            let select = try #require(Self.part(of: page.text, from: "<select name=\"mapTo\" id=\"map-1\">", to: "</select>"))
            #expect(
                Self.optionLabels(select) == [
                    "New custom exercise", "Zercher Squat (Barbell)", "Air Squat", "Jump Squat", "Landmine Squat", "Pistol Squat",
                    "Squat (Barbell)",
                ])
            #expect(select.contains("<optgroup label=\"Near matches\">"))
            #expect(!page.text.contains(">Deadlift (Barbell)</option>"), "no select holds the whole library")
            let second = try #require(Self.part(of: page.text, from: "<select name=\"mapTo\" id=\"map-2\">", to: "</select>"))
            #expect(Self.optionLabels(second).prefix(3) == ["New custom exercise", "Landmine Press", "Landmine Squat"])
            #expect(
                page.text.contains("<input type=\"text\" name=\"mapToName\" id=\"map-other-1\" value=\"\" list=\"library-names\"")
            )
            #expect(page.text.contains("<label class=\"field import-map-other\">Or another exercise of yours"))
            let names = try #require(Self.part(of: page.text, from: "<datalist id=\"library-names\">", to: "</datalist>"))
            #expect(names.contains("<option value=\"Bench Press (Barbell)\"></option>"))
            #expect(names.components(separatedBy: "<option value=\"Squat (Barbell)\">").count == 2, "each name once")
        }
    }

    @Test(
        "a new name mapped by name (case and spaces aside) logs its sets under that exercise; a near match still maps by its select"
    )
    func mapByName() async throws {
        try await withApp(.sqlite) { client, h in
            let squat = try await h.workouts(.ben).exercise(.squat)
            let bench = try await h.workouts(.ben).exercise(.bench)
            var browser = try await Browser.signedIn(client)
            let preview = try #require(try await ImportSteps.upload(ImportSamples.mixed, into: &browser).location)
            _ = try await browser.get(preview)
            let done = try await browser.post(
                preview,
                [
                    ("unit", "kg"), ("newName", "Zercher Wobble Squat"), ("mapTo", squat), ("mapToName", ""),
                    ("newName", "Landmine Press Twist"), ("mapTo", ""), ("mapToName", "  bench   press (BARBELL) "),
                ])
            #expect(done.location == "/history?imported=2&sets=5&newExercises=0")
            let entries = try await ImportSteps.history(client, token: h.benToken).flatMap {
                $0["entries"] as? [[String: Any]] ?? []
            }
            let ids = entries.compactMap { ($0["exerciseId"] as? String)?.lowercased() }
            #expect(ids.filter { $0 == squat.lowercased() }.count == 2, "Squat and Zercher Wobble Squat")
            #expect(ids.filter { $0 == bench.lowercased() }.count == 2, "Bench Press and Landmine Press Twist")
            #expect(try await client.api(.get, "/api/v1/exercises?custom=true", token: h.benToken).items().isEmpty)
        }
    }

    @Test("a typed name that is no exercise of the lifter's, or fields cut off, is refused with 400 and nothing is written")
    func badTypedName() async throws {
        try await withApp(.sqlite) { client, h in
            var browser = try await Browser.signedIn(client)
            let preview = try #require(try await ImportSteps.upload(ImportSamples.mixed, into: &browser).location)
            _ = try await browser.get(preview)
            let unknown = try await browser.post(
                preview,
                [
                    ("newName", "Zercher Wobble Squat"), ("mapTo", ""), ("mapToName", "Squat (Wobbly)"),
                    ("newName", "Landmine Press Twist"), ("mapTo", ""), ("mapToName", ""),
                ])
            #expect(unknown.status == .badRequest)
            #expect(
                unknown.text.contains(
                    "There is no exercise &quot;Squat (Wobbly)&quot; in your library to import &quot;Zercher Wobble Squat&quot; as. "
                        + "Pick a name from the list, or clear the field."))
            let cutOff = try await browser.post(
                preview,
                [
                    ("newName", "Zercher Wobble Squat"), ("mapTo", ""), ("mapToName", "Squat (Barbell)"),
                    ("newName", "Landmine Press Twist"), ("mapTo", ""),
                ])
            #expect(cutOff.status == .badRequest)
            #expect(cutOff.text.contains("The page was cut off. Choose the exercises again, then import."))
            #expect(try await h.count("workouts") == 0)
            #expect(try await h.count("workout_sets") == 0)
            #expect(try await client.api(.get, "/api/v1/exercises?custom=true", token: h.benToken).items().isEmpty)
        }
    }

    @Test("rows left out for one reason are one line: how many, the reason, their lines as ranges")
    func groupedSkips() async throws {
        try await withApp(.sqlite) { client, h in
            var browser = try await Browser.signedIn(client)
            let header = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"
            let set = { (order: Int, weight: String) in
                "2024-06-18 11:04:00,Push,1h,Bench Press (Barbell),\(order),\(weight),\(weight.isEmpty ? "" : "5"),0,0,,,"
            }
            let rows = [set(1, "100"), set(2, ""), set(3, ""), set(4, ""), set(5, "heavy"), set(6, ""), set(7, "100")]
            let file = ([header] + rows).joined(separator: "\n")
            let page = try await browser.get(
                try #require(try await ImportSteps.upload(Array(file.utf8), into: &browser).location))
            #expect(page.text.contains("Rows left out (5)"))
            #expect(
                page.text.contains(
                    "<span class=\"line-badge\">4 rows</span><span class=\"wrap\">The set has no weight, reps, time or distance.</span>"
                        + "<span class=\"row-sub wrap skipped-lines\">Lines 3–5, 7</span>"))
            #expect(
                page.text.contains(
                    "<span class=\"line-badge\">Line 6</span><span class=\"wrap\">The weight &quot;heavy&quot; is not a number.</span></li>"
                ))
            #expect(page.text.components(separatedBy: "class=\"import-row skipped-row\"").count == 3, "two lines, one per reason")
            #expect(try await h.count("workouts") == 0)
        }
    }
}
