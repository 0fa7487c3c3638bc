import Foundation
import SQLKit
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

@testable import SpotterImport

extension TestDatabase: CustomTestStringConvertible {}

/// Importing into accounts, on both engines: what lands, twice, failing halfway,
/// and never in another lifter's account.
@Suite("Import into the store")
struct ImportIntoStoreTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// The Strong sample outlined, with the input that reads it again.
    static func strongSample() throws -> (input: ImportInput, outline: ImportOutline) {
        let path = try #require(Bundle.module.path(forResource: "Samples/legacy-comma-kg-W-D-F.prefix", ofType: "csv"))
        let input = try ImportInput.file(path: path)
        return (input, try ImportReader.outline(input, source: .strong, assumedUnit: .kg))
    }

    static func account(_ name: String, zone: String = "UTC", in store: SpotterStore) async throws -> User {
        let user = try await AccountService(store: store, hasher: PasswordHasher(cost: 4))
            .register(username: name, password: "correct horse battery", now: now)
        var settings = user.settings
        settings.timeZone = zone
        return try await UserRepository(store: store).update(settings: settings, userID: user.id)
    }

    static func workoutCount(_ userID: UUID, in store: SpotterStore) async throws -> [Int] {
        try await TestEnvironment.integers("SELECT COUNT(*) AS n FROM workouts WHERE user_id = '\(userID.uuidString)'", in: store)
    }

    @Test("a Strong file lands with its sets, records and weeks; the second import adds nothing", arguments: TestDatabase.all)
    func importTwice(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                try await CatalogSeeder(store: store).seed(CatalogSeeder.bundledCatalog(), now: Self.now)
                let anna = try await Self.account("anna", zone: "America/New_York", in: store)
                let importer = HistoryImporter(store: store)
                let file = try Self.strongSample()
                let plan = try await importer.plan(file.outline, userID: anna.id)
                #expect(plan.workoutCount == 9)
                #expect(plan.matches.allSatisfy { $0.exercise != nil }, "every Strong name of the sample is in the library")
                let first = try await importer.commit(plan, from: file.input, userID: anna.id, now: Self.now)
                #expect(first == ImportOutcome(workouts: 9, sets: 184, newExercises: 0, alreadyImported: 0))

                let history = try await WorkoutRepository(store: store).history(userID: anna.id)
                #expect(history.count == 9)
                // 2024-06-18 11:04 in New York (summer time, UTC-4) is 15:04 UTC; Strong's "1h".
                let deadlift = try #require(history.last)
                #expect(deadlift.startedAt == Date(timeIntervalSince1970: 1_718_723_040))
                #expect(deadlift.endedAt == deadlift.startedAt.addingTimeInterval(3600))
                #expect(deadlift.allSets.last?.kind == .failure)
                #expect(try await TestEnvironment.count("exercise_records", in: store) > 0, "imported sets feed the records")
                #expect(try await TestEnvironment.count("training_weeks", in: store) > 0, "and the weeks")

                let again = try await importer.plan(file.outline, userID: anna.id)
                #expect(again.workoutCount == 0)
                #expect(again.alreadyImported == 9)
                #expect(ImportSummary(plan: again).headline == "Nothing to import")
                #expect(
                    ImportSummary(plan: again).nothingToImport
                        == "Every workout of this Strong export (9 workouts) is already in your history.")
                #expect(ImportSummary(plan: again).alreadyLine == nil, "said once, by the line above")
                // Even a plan made before the first import landed adds nothing.
                let stale = try await importer.commit(plan, from: file.input, userID: anna.id, now: Self.now)
                #expect(stale == ImportOutcome(workouts: 0, sets: 0, newExercises: 0, alreadyImported: 9))
                #expect(try await Self.workoutCount(anna.id, in: store) == [9])
            }
        }
    }

    @Test(
        "a file changed since its preview is refused with a message and changes nothing, new exercises included",
        arguments: TestDatabase.all)
    func allOrNothing(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let anna = try await Self.account("anna", in: store)
                let csv = """
                    Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
                    2024-06-18 11:04:00,"A",1h,"My Own Press",1,60,5,0,0,,,
                    2024-06-19 11:04:00,"B",1h,"My Own Press",1,62.5,5,0,0,,,
                    """
                let outline = try ImportReader.outline(.bytes(Array(csv.utf8)), source: .strong, assumedUnit: .kg)
                let importer = HistoryImporter(store: store)
                let plan = try await importer.plan(outline, userID: anna.id)
                #expect(plan.newExercises.count == 1)
                // The file changed between the preview and the import: a workout names
                // an exercise the plan does not know, has a set more, is gone, or has
                // another weight (the same rows and names: only the bytes tell).
                let changes = [
                    csv.replacingOccurrences(of: "\"B\",1h,\"My Own Press\"", with: "\"B\",1h,\"Other Press\""),
                    csv.replacingOccurrences(
                        of: "\n2024-06-19", with: "\n2024-06-18 11:04:00,\"A\",1h,\"My Own Press\",2,60,5,0,0,,,\n2024-06-19"),
                    String(csv.prefix { $0 != "\n" }) + "\n" + csv.split(separator: "\n")[1],
                    csv.replacingOccurrences(of: ",62.5,", with: ",72.5,"),
                ]
                for changed in changes {
                    #expect(changed != csv)
                    await #expect(throws: ImportError.changedSincePreview, "\(changed)") {
                        try await importer.commit(plan, from: .bytes(Array(changed.utf8)), userID: anna.id, now: Self.now)
                    }
                }
                // A file on disk that grew since it was outlined is refused before it is read again.
                let path = FileManager.default.temporaryDirectory.appendingPathComponent("changed-\(UUID()).csv")
                defer { try? FileManager.default.removeItem(at: path) }
                try Data(csv.utf8).write(to: path)
                let input = try ImportInput.file(path: path.path)
                let onDisk = try await importer.plan(
                    try ImportReader.outline(input, source: .strong, assumedUnit: .kg), userID: anna.id)
                try Data((csv + "\n2024-06-20 11:04:00,\"C\",1h,\"My Own Press\",1,65,5,0,0,,,").utf8).write(to: path)
                await #expect(throws: ImportError.changedSincePreview) {
                    try await importer.commit(onDisk, from: input, userID: anna.id, now: Self.now)
                }
                #expect(try await Self.workoutCount(anna.id, in: store) == [0])
                #expect(try await TestEnvironment.count("workout_sets", in: store) == 0)
                #expect(try await TestEnvironment.count("exercises", in: store) == 0, "the custom exercise is not left behind")
            }
        }
    }

    @Test("an import for one lifter never touches another's, and each can import the same file", arguments: TestDatabase.all)
    func crossUser(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let anna = try await Self.account("anna", in: store)
                let ben = try await Self.account("ben", in: store)
                let importer = HistoryImporter(store: store)
                let file = try Self.strongSample()
                _ = try await importer.commit(
                    try await importer.plan(file.outline, userID: anna.id), from: file.input, userID: anna.id, now: Self.now)
                #expect(try await Self.workoutCount(ben.id, in: store) == [0])
                let bens = try await importer.plan(file.outline, userID: ben.id)
                #expect(bens.alreadyImported == 0, "anna's import keys are hers")
                let outcome = try await importer.commit(bens, from: file.input, userID: ben.id, now: Self.now)
                #expect(outcome.workouts == 9)
                #expect(try await Self.workoutCount(anna.id, in: store) == [9])
            }
        }
    }
}
