import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// `/api/v1/imports` and `/api/v1/export`: upload, preview, commit (with mappings,
/// sent twice), the export, and the files and ids that are refused.
@Suite("Imports API")
struct ImportsAPITests {
    static func upload(_ h: Harness, _ bytes: [UInt8], query: String = "?fileName=strong.csv", lifter: Harness.Lifter = .ana)
        async throws -> TestResponse
    {
        try await h.client.api(
            .post, "/api/v1/imports" + query, token: h.token(lifter), body: ByteBuffer(bytes: bytes),
            headers: [.contentType: "text/csv"])
    }

    static func commit(_ h: Harness, _ id: String, _ json: String = "{}", lifter: Harness.Lifter = .ana) async throws
        -> TestResponse
    {
        try await h.client.api(.post, "/api/v1/imports/\(id)/commit", token: h.token(lifter), json: json)
    }

    @Test(
        "a Strong export is previewed, then imported; the commit sent again imports nothing; a second upload of the file adds nothing",
        arguments: TestDatabase.all)
    func uploadPreviewCommit(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let uploaded = try await Self.upload(h, ImportSamples.strong)
            #expect(uploaded.status == .created, "\(uploaded.text)")
            let preview = try uploaded.object()
            let id = try #require(preview["id"] as? String)
            #expect(preview["app"] as? String == "strong" && preview["fileName"] as? String == "strong.csv")
            #expect(preview["workouts"] as? Int == 9 && preview["sets"] as? Int == 184 && preview["alreadyImported"] as? Int == 0)
            #expect(preview["statedUnit"] is NSNull && preview["unit"] as? String == "kg")
            #expect(
                (preview["summary"] as? [String])?.first == "Strong export: 9 workouts with 184 sets, 2024-06-18 to 2024-07-22.")
            let names = try #require(preview["exercises"] as? [[String: Any]])
            #expect(
                !names.isEmpty && names.allSatisfy { $0["exerciseId"] is String }, "every name of the sample is in the library")
            #expect(try await h.count("workouts") == 0, "a preview imports nothing")
            #expect(
                try await client.api(.get, "/api/v1/imports/\(id)?unit=lb", token: h.anaToken).object()["unit"] as? String == "lb"
            )

            let committed = try await Self.commit(h, id)
            #expect(committed.status == .ok, "\(committed.text)")
            let result = try committed.object()
            #expect(result["workouts"] as? Int == 9 && result["sets"] as? Int == 184 && result["newExercises"] as? Int == 0)
            #expect(try await h.count("workouts") == 9)
            let again = try await Self.commit(h, id)
            #expect(again.status == .ok)
            #expect(try again.object()["workouts"] as? Int == 9, "the same answer again")
            #expect(try await h.count("workouts") == 9, "and nothing imported twice")
            #expect(
                try await client.api(.get, "/api/v1/imports/\(id)", token: h.anaToken).status == .notFound,
                "imported: no preview any more")

            let second = try await Self.upload(h, ImportSamples.strong).object()
            #expect(second["workouts"] as? Int == 0 && second["alreadyImported"] as? Int == 9)
            #expect(try await Self.commit(h, second["id"] as! String).object()["workouts"] as? Int == 0)
            #expect(try await h.count("workouts") == 9)
        }
    }

    @Test(
        "an upload kept in the database is previewed and imported by an instance that never saw the file",
        arguments: TestDatabase.all)
    func anotherInstanceImports(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            // Bigger than two parts (1 MiB each): blank lines, which the reader passes over.
            let big = ImportSamples.strong + [UInt8](repeating: UInt8(ascii: "\n"), count: 5 * (1 << 19))
            let uploaded = try await Self.upload(h, big)
            try #require(uploaded.status == .created, "\(uploaded.text)")
            let id = try #require(try uploaded.object()["id"] as? String)
            #expect(try await h.count("import_upload_parts") == 3)
            // This instance's copy is gone, as on an instance that did not take the upload.
            try FileManager.default.removeItem(at: h.dataDirectory.appendingPathComponent("imports"))
            #expect(try await client.api(.get, "/api/v1/imports/\(id)", token: h.anaToken).object()["workouts"] as? Int == 9)
            let committed = try await Self.commit(h, id)
            #expect(committed.status == .ok, "\(committed.text)")
            #expect(try await h.count("workouts") == 9)
            #expect(try await h.count("import_upload_parts") == 0, "the bytes go once imported; the record keeps the result")
            #expect(try await Self.commit(h, id).status == .ok)
            #expect(try await h.count("workouts") == 9, "sent again, it imports nothing")
        }
    }

    @Test(
        "new names can be mapped to library exercises, found among their near matches; a bad mapping is refused and imports nothing",
        arguments: TestDatabase.all)
    func mappings(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let form = try await client.api(
                .post, "/api/v1/imports?app=strong", token: h.anaToken, body: ByteBuffer(bytes: ImportSamples.mixed),
                headers: [.contentType: "multipart/form-data; boundary=x"])
            #expect(form.status == .badRequest, "a form that is no form: \(form.text)")
            let preview = try await Self.upload(h, ImportSamples.mixed, query: "?app=strong").object()
            let id = try #require(preview["id"] as? String)
            let new = (preview["exercises"] as? [[String: Any]] ?? []).filter { $0["exerciseId"] is NSNull }
            #expect(new.count == 2, "\(new)")
            let first = try #require(new.first)
            let name = try #require(first["name"] as? String)
            let near = try #require(first["nearMatches"] as? [[String: Any]])
            let target = try #require(near.first?["id"] as? String, "a near match is offered for \(name)")
            let before = try await h.count("exercises")

            for (json, message) in [
                (
                    #"{"mappings": {"Not In The File": "\#(target)"}}"#,
                    "\"Not In The File\" is no exercise name of this file. Map the names the preview lists."
                ),
                (
                    #"{"mappings": {"\#(name)": "\#(UUID())"}}"#,
                    "\"\(name)\" is mapped to an exercise that is not in your library."
                ),
                (#"{"unit": "stone"}"#, "unit is kg or lb."),
            ] {
                let refused = try await Self.commit(h, id, json)
                #expect(refused.status == .badRequest, "\(refused.text)")
                #expect(try refused.error().message == message)
            }
            #expect(try await h.count("workouts") == 0, "a refused commit imports nothing")
            #expect(try await h.count("exercises") == before)

            let done = try await Self.commit(h, id, #"{"mappings": {"\#(name)": "\#(target)"}}"#)
            #expect(done.status == .ok, "\(done.text)")
            #expect(try done.object()["newExercises"] as? Int == 1, "one new name mapped, the other made")
            #expect(try await h.count("exercises") == before + 1)
        }
    }

    @Test("a bad file, an unknown app, a file too large: refused with the reason, nothing kept", arguments: TestDatabase.all)
    func refused(engine: TestDatabase) async throws {
        try await withApp(engine, configure: { $0.importFileLimit = 4_096 }) { client, h in
            let cases: [([UInt8], String, HTTPResponse.Status, String?)] = [
                (Array("just some words\n".utf8), "", .badRequest, "file"),
                ([], "", .badRequest, "file"),
                (ImportSamples.strong, "?app=myfitnesspal", .badRequest, "app"),
                (ImportSamples.mixed, "?app=hevy", .badRequest, "file"),
                (ImportSamples.strong, "", .contentTooLarge, "file"),
            ]
            for (bytes, query, status, field) in cases {
                let answer = try await Self.upload(h, bytes, query: query)
                #expect(answer.status == status, "\(query) \(bytes.count) bytes: \(answer.text)")
                #expect(try answer.error().field == field)
            }
            let folder = h.dataDirectory.appendingPathComponent("imports")
            let left = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path))?.filter { $0.contains(".") } ?? []
            #expect(left.isEmpty, "nothing of a refused upload stays: \(left)")
            #expect(try await h.count("import_uploads") == 0, "nor in the database")
            #expect(try await h.count("import_upload_parts") == 0)
            #expect(
                try await client.api(
                    .post, "/api/v1/imports/\(String(repeating: "0", count: 32))/commit", token: h.anaToken, json: "{}"
                ).status == .notFound)
            #expect(try await client.api(.get, "/api/v1/imports/not-a-token", token: h.anaToken).status == .notFound)
        }
    }

    @Test("another lifter can neither read nor import Ana's upload", arguments: TestDatabase.all)
    func crossUser(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let id = try #require(try await Self.upload(h, ImportSamples.strong).object()["id"] as? String)
            #expect(try await client.api(.get, "/api/v1/imports/\(id)", token: h.token(.ben)).status == .notFound)
            #expect(try await Self.commit(h, id, lifter: .ben).status == .notFound)
            #expect(try await h.count("workouts") == 0)
            #expect(try await Self.commit(h, id).status == .ok, "Ana's upload is still hers to import")
            #expect(try await Self.commit(h, id, lifter: .ben).status == .notFound, "nor what it did")
        }
    }

    @Test("the export answers every set as CSV or everything as JSON; another format is refused", arguments: TestDatabase.all)
    func export(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            try await h.workouts().logWorkout(exercises: [try await h.workouts().exercise(.squat)], sets: [(5, 100)])
            let csv = try await client.api(.get, "/api/v1/export?format=csv", token: h.anaToken)
            #expect(csv.status == .ok && csv.headers[.contentType]?.hasPrefix("text/csv") == true)
            #expect(csv.text.hasPrefix("Date,Workout Name") || csv.text.contains("Exercise Name"), "\(csv.text.prefix(200))")
            let json = try await client.api(.get, "/api/v1/export", token: h.anaToken)
            #expect(json.status == .ok && json.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(json.text.contains("Squat (Barbell)"))
            let bad = try await client.api(.get, "/api/v1/export?format=xml", token: h.anaToken)
            #expect(bad.status == .badRequest)
            #expect(try bad.error().field == "format")
            #expect(
                try await client.api(.get, "/api/v1/export?format=csv", token: h.token(.ben)).text.contains("Squat") == false,
                "Ben's own history only")
        }
    }

    @Test(
        "a full export fills an empty account; an account holding anything, or a file that is no export, is refused and nothing changes",
        arguments: TestDatabase.all)
    func restore(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            try await h.workouts().logWorkout(exercises: [try await h.workouts().exercise(.squat)], sets: [(5, 100), (5, 105)])
            let export = try await client.api(.get, "/api/v1/export", token: h.anaToken)
            #expect(export.status == .ok)
            let restore = { (lifter: Harness.Lifter, body: String) in
                try await client.api(
                    .post, "/api/v1/restore", token: h.token(lifter), body: ByteBuffer(string: body),
                    headers: [.contentType: "application/json"])
            }
            let notAnExport = try await restore(.ben, #"{"hello": "world"}"#)
            #expect(notAnExport.status == .badRequest, "\(notAnExport.text)")
            #expect(try notAnExport.error().field == "file")
            let workoutsBefore = try await h.count("workouts")
            let intoAna = try await restore(.ana, export.text)
            #expect(intoAna.status == .conflict && intoAna.text.contains("already holds"), "\(intoAna.text)")
            #expect(try await h.count("workouts") == workoutsBefore, "a refused restore changes nothing")

            let done = try await restore(.ben, export.text)
            #expect(done.status == .created, "\(done.text)")
            let body = try done.object()
            #expect(body["workouts"] as? Int == 1 && body["sets"] as? Int == 2)
            #expect(try await h.count("workouts") == workoutsBefore + 1)
            let bens = try await h.workouts(.ben).active()
            #expect(
                bens.status == .ok && bens.text.contains("Squat (Barbell)"),
                "Ben's account holds the workout, in progress as it was")
            #expect(try await restore(.ben, export.text).status == .conflict, "sent again: the account is no longer empty")
        }
    }
}
