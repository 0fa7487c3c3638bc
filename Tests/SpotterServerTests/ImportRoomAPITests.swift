import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterImport
import SpotterTestSupport
import Testing

@testable import SpotterServer

/// What uploads waiting for their import may take (`ImportRoom`): a lifter's own
/// share (their oldest make way), the server's share, one lasting copy (the
/// database's), and restores one per lifter and a few at once.
@Suite("Import room over HTTP")
struct ImportRoomAPITests {
    static func upload(_ h: Harness, lifter: Harness.Lifter = .ana) async throws -> TestResponse {
        try await ImportsAPITests.upload(h, ImportSamples.strong, lifter: lifter)
    }

    @Test(
        "a lifter's upload past their share takes the place of their oldest; another lifter's are never touched",
        arguments: TestDatabase.all)
    func lifterShare(engine: TestDatabase) async throws {
        try await withApp(engine, configure: { $0.importRoom = ImportRoom(perLifter: 2) }) { client, h in
            let bens = try #require(try await Self.upload(h, lifter: .ben).object()["id"] as? String)
            var anas: [String] = []
            for _ in 0..<3 {
                h.clock.advance(by: 1)
                let answer = try await Self.upload(h)
                try #require(answer.status == .created, "\(answer.text)")
                anas.append(try #require(try answer.object()["id"] as? String))
            }
            let oldest = try await client.api(.get, "/api/v1/imports/\(anas[0])", token: h.anaToken)
            #expect(oldest.status == .notFound, "Ana's first upload made way for her third")
            for id in anas.dropFirst() {
                #expect(try await client.api(.get, "/api/v1/imports/\(id)", token: h.anaToken).status == .ok)
            }
            #expect(try await client.api(.get, "/api/v1/imports/\(bens)", token: h.benToken).status == .ok, "Ben's upload stays")
            #expect(try await h.count("import_uploads") == 3)
            let committed = try await ImportsAPITests.commit(h, anas[2])
            #expect(committed.status == .ok, "\(committed.text)")
            #expect(try await h.count("workouts") == 9)
        }
    }

    @Test(
        "the database holds the only lasting copy: no file stays in the data folder after an upload, a preview or an import",
        arguments: TestDatabase.all)
    func oneCopy(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let folder = h.dataDirectory.appendingPathComponent("imports")
            func filesLeft() -> [String] {
                ((try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []).filter { $0.contains(".") }
            }
            let id = try #require(try await Self.upload(h).object()["id"] as? String)
            #expect(filesLeft() == [], "after the upload")
            #expect(try await h.count("import_upload_parts") == 1)
            #expect(try await client.api(.get, "/api/v1/imports/\(id)?unit=lb", token: h.anaToken).status == .ok)
            #expect(filesLeft() == [], "after a preview")
            #expect(try await ImportsAPITests.commit(h, id).status == .ok)
            #expect(filesLeft() == [], "after the import")
        }
    }

    @Test(
        "past the server's share an upload is refused with 503 and Retry-After and nothing is kept; an import frees the room",
        arguments: TestDatabase.all)
    func serverShare(engine: TestDatabase) async throws {
        let sample = ImportSamples.strong.count
        try await withApp(
            engine,
            configure: { $0.importRoom = ImportRoom(perLifter: 3, bytesPerLifter: 64 << 20, bytesOnServer: sample * 3 / 2) }
        ) { client, h in
            let anas = try #require(try await Self.upload(h).object()["id"] as? String)
            let refused = try await Self.upload(h, lifter: .ben)
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.headers[.retryAfter] == "300")
            let error = try refused.error()
            #expect(
                error.message
                    == "The server holds as many imports waiting for their preview as it takes. Try again in a few minutes.")
            #expect(error.field == "file")
            #expect(try await h.count("import_uploads") == 1, "nothing of Ben's kept")
            #expect(try await ImportsAPITests.commit(h, anas).status == .ok)
            #expect(try await Self.upload(h, lifter: .ben).status == .created, "an imported upload no longer waits")
        }
    }

    @Test("a repeated commit checks its body as the first one did", arguments: TestDatabase.all)
    func repeatedCommitChecked(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let id = try #require(try await Self.upload(h).object()["id"] as? String)
            #expect(try await ImportsAPITests.commit(h, id).status == .ok)
            let badUnit = try await ImportsAPITests.commit(h, id, #"{"unit": "stone"}"#)
            #expect(badUnit.status == .badRequest)
            #expect(try badUnit.error() == ("validation_failed", "unit is kg or lb.", "unit"))
            let badTarget = try await ImportsAPITests.commit(
                h, id, #"{"mappings": {"Squat": "00000000-0000-0000-0000-000000000000"}}"#)
            #expect(badTarget.status == .badRequest)
            #expect(try badTarget.error().field == "mappings")
            #expect(try await ImportsAPITests.commit(h, id).status == .ok, "a good body still answers the result")
            #expect(try await h.count("workouts") == 9)
        }
    }

    @Test("restores run one at a time per lifter (429) and `most` at once on the server (503), each with Retry-After")
    func restoreGate() async throws {
        let gate = RestoreGate(most: 2)
        let (ana, ben, cleo) = (UUID(), UUID(), UUID())
        let answered = try await gate.admit(ana) {
            await #expect(throws: APIProblem.self) { try await gate.admit(ana) {} }
            do {
                try await gate.admit(ana) {}
            } catch let problem as APIProblem {
                #expect(problem.status == .tooManyRequests)
                #expect(problem.headers[.retryAfter] == "10")
                #expect(problem.message == "A restore into this account is running already: wait for it to finish.")
            }
            return try await gate.admit(ben) {
                do {
                    try await gate.admit(cleo) {}
                    Issue.record("a third restore at once is let in")
                } catch let problem as APIProblem {
                    #expect(problem.status == .serviceUnavailable)
                    #expect(problem.headers[.retryAfter] == "30")
                }
                return "ben's restore ran"
            }
        }
        #expect(answered == "ben's restore ran")
        #expect(try await gate.admit(cleo) { "cleo's turn" } == "cleo's turn", "once the others are done, the next is let in")
        await #expect(throws: CancellationError.self) { try await gate.admit(ana) { throw CancellationError() } }
        #expect(try await gate.admit(ana) { 1 } == 1, "a restore that failed lets the lifter in again")
    }
}
