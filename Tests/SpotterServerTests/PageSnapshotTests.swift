import Foundation
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// The whole HTML of the pages a lifter sees most (Home, the logging page, history, a
/// finished workout and a program's page) compared with the copy kept in
/// `Snapshots/`, so a change to a template, a partial or a page model shows up as a
/// diff to read in review, not as a surprise on a phone. The page tests check what a
/// lifter must find; these catch everything else that moves.
///
/// The lifter is made through the API on the test clock, so the pages are the same on
/// every run but for what is random by design or follows other files: ids are
/// numbered in the order the page first names them, form tokens are blanked, and so
/// are the assets' versions (their content's hash). A page that differs fails with the
/// first lines that differ. To accept a change, run with `SPOTTER_RECORD_SNAPSHOTS=1`
/// and review the files' diff; a missing file is written and fails the run once.
@Suite("Pages: snapshots of the HTML")
struct PageSnapshotTests {
    @Test("Home, the logging page, history, a finished workout and a program's page render as recorded")
    func pagesMatchTheirSnapshots() async throws {
        try await withApp(.sqlite) { client, h in
            let setup = try await ProgramSetup.make(h)
            let finished = try await setup.squatHistory(h)
            let programs = h.programs()
            let program = try await setup.create(programs)
            let programID = try #require(program["id"] as? String)
            try #require(try await programs.activate(programID, ["startDay": "2026-09-21"]).status == .ok)
            let today = wkID()
            let started = try await programs.start(["workoutId": today])
            try #require(started.status == .created, "\(started.text)")
            let entry = try #require(wkEntries(try started.object()).first)
            let firstSet = try #require(wkSets(entry).first?["id"] as? String)
            let ticked = try await h.workouts().set(
                today, try #require(entry["id"] as? String), firstSet, ["reps": 5, "weight": 107.5, "done": true])
            try #require(ticked.status == .ok, "\(ticked.text)")

            var browser = try await Browser.signedIn(client, as: "ana")
            for (name, path) in [
                ("home", "/"), ("workout", "/workout"), ("history", "/history"), ("history-detail", "/history/\(finished)"),
                ("program", "/programs/\(programID)"),
            ] {
                let page = try await browser.get(path)
                try #require(page.status == .ok, "\(path) answers \(page.status)")
                try Snapshot.check(PageSnapshot.normalized(page.text), named: name)
            }
        }
    }

    @Test("ids are numbered by first appearance, form tokens and asset versions blanked; nothing else changes")
    func normalizing() {
        let a = "1c8a7c1e-3b5e-4e0f-9a55-0c6a4b2f8d10"
        let b = "F0E1D2C3-B4A5-4697-8899-AABBCCDDEEFF"
        let page = """
            <meta name="csrf-token" content="tok123"><a href="/w/\(a)">\(b)</a> \(a) /assets/app.css?v=49daa6c24a72
            <input type="hidden" name="_csrf" value="tok123"> 12:05 · 107.5 kg
            """
        #expect(
            PageSnapshot.normalized(page) == """
                <meta name="csrf-token" content="(csrf)"><a href="/w/(id 1)">(id 2)</a> (id 1) /assets/app.css?v=(version)
                <input type="hidden" name="_csrf" value="(csrf)"> 12:05 · 107.5 kg
                """)
    }

    @Test("a page that differs from its snapshot fails, naming the first line that differs")
    func differenceFails() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "spotter-snapshots-\(UUID().text)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "<h1>Home</h1>\n<p>3 sets</p>\n".write(to: folder.appending(path: "page.html"), atomically: true, encoding: .utf8)
        try Snapshot.check("<h1>Home</h1>\n<p>3 sets</p>\n", named: "page", in: folder, recording: false)
        withKnownIssue {
            try? Snapshot.check("<h1>Home</h1>\n<p>4 sets</p>\n", named: "page", in: folder, recording: false)
        } matching: { issue in
            issue.comments.contains { comment in
                comment.rawValue.contains("line 2\n  kept: <p>3 sets</p>\n  now:  <p>4 sets</p>")
            }
        }
    }
}

/// What of a page is random by design, taken out before it is compared.
enum PageSnapshot {
    static func normalized(_ html: String) -> String {
        var numbers: [String: Int] = [:]
        var text = html.replacing(
            try! Regex(#"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"#)
        ) { match in
            let id = String(match.output[0].substring ?? "").lowercased()
            if numbers[id] == nil { numbers[id] = numbers.count + 1 }
            return "(id \(numbers[id]!))"
        }
        // An asset's version is its content's hash: a change to a stylesheet is not a change of the page.
        text = text.replacing(try! Regex(#"\?v=[0-9a-f]{6,}"#)) { _ in "?v=(version)" }
        text = text.replacing(try! Regex(#"(name="csrf-token" content=")[^"]*""#)) { match in
            "\(match.output[1].substring ?? "")(csrf)\""
        }
        text = text.replacing(try! Regex(#"(name="_csrf" value=")[^"]*""#)) { match in
            "\(match.output[1].substring ?? "")(csrf)\""
        }
        return text
    }
}

/// Compares text with a file kept beside the tests, or writes the file when asked to
/// (`SPOTTER_RECORD_SNAPSHOTS=1`) or when there is none yet.
enum Snapshot {
    static let folder = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Snapshots")

    static func check(
        _ text: String, named name: String, in folder: URL = folder,
        recording: Bool = ProcessInfo.processInfo.environment["SPOTTER_RECORD_SNAPSHOTS"] == "1",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let file = folder.appending(path: "\(name).html")
        guard !recording, let kept = try? String(contentsOf: file, encoding: .utf8) else {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
            if !recording {
                Issue.record(
                    "Snapshots/\(name).html was missing and is now written: review it, then run again.",
                    sourceLocation: sourceLocation)
            }
            return
        }
        guard kept != text else { return }
        let (old, new) = (kept.components(separatedBy: "\n"), text.components(separatedBy: "\n"))
        let first = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        let shown = (first..<min(first + 3, max(old.count, new.count))).map { line in
            "line \(line + 1)\n  kept: \(line < old.count ? old[line] : "(none)")\n  now:  \(line < new.count ? new[line] : "(none)")"
        }
        Issue.record(
            """
            Snapshots/\(name).html differs from the page (\(old.count) lines kept, \(new.count) now). If the change is meant, \
            run with SPOTTER_RECORD_SNAPSHOTS=1 and review the diff.
            \(shown.joined(separator: "\n"))
            """, sourceLocation: sourceLocation)
    }
}
