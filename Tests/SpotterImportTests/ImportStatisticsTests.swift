import Foundation
import SQLKit
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

@testable import SpotterImport

/// After a large import PostgreSQL plans the pages with statistics of the filled
/// tables at once, not a minute later when autovacuum gets to them (the stats page
/// took 145 ms instead of 13 ms meanwhile).
@Suite("Planner statistics after an import")
struct ImportStatisticsTests {
    static var postgres: [TestDatabase] { TestDatabase.all.filter { if case .postgres = $0 { true } else { false } } }

    /// A Strong export (comma layout) of `workouts` sessions of 6 exercises x 5 sets.
    static func strongFile(workouts: Int) throws -> ImportInput {
        var text = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
        let names = [
            "Squat (Barbell)", "Bench Press (Barbell)", "Deadlift (Barbell)", "Overhead Press (Barbell)",
            "Bent Over Row (Barbell)", "Pull Up",
        ]
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd HH:mm:ss"
        for day in 0..<workouts {
            let stamp = format.string(from: Date(timeIntervalSince1970: 1_700_000_000 + Double(day) * 86_400))
            for name in names {
                for order in 1...5 { text += "\(stamp),Day \(day),1h,\(name),\(order),\(60 + day % 20),5,,,,,\n" }
            }
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spotter-stats-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: url)
        return try ImportInput.file(path: url.path)
    }

    static func lastAnalyzed(_ table: String, in store: SpotterStore) async throws -> Date? {
        try await store.sql.raw(
            """
            SELECT last_analyze FROM pg_stat_user_tables WHERE schemaname = current_schema() AND relname = \(bind: table)
            """
        ).first()?.decode(column: "last_analyze", as: Date?.self)
    }

    @Test(
        "an import of 1,200 sets analyzes the tables it filled; one of 150 sets leaves that to autovacuum",
        arguments: Self.postgres)
    func analyzed(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                try await CatalogSeeder(store: store).seed(CatalogSeeder.bundledCatalog(), now: ImportIntoStoreTests.now)
                let importer = HistoryImporter(store: store)
                let small = try Self.strongFile(workouts: 5)
                let anna = try await ImportIntoStoreTests.account("anna", in: store)
                let few = try await importer.commit(
                    try await importer.plan(try ImportReader.outline(small, source: .strong, assumedUnit: .kg), userID: anna.id),
                    from: small, userID: anna.id, now: ImportIntoStoreTests.now)
                #expect(few.sets == 150)
                #expect(try await Self.lastAnalyzed("workout_sets", in: store) == nil)

                let large = try Self.strongFile(workouts: 40)
                let ben = try await ImportIntoStoreTests.account("ben", in: store)
                let many = try await importer.commit(
                    try await importer.plan(try ImportReader.outline(large, source: .strong, assumedUnit: .kg), userID: ben.id),
                    from: large, userID: ben.id, now: ImportIntoStoreTests.now)
                #expect(many.sets == 1_200)
                for table in ["workouts", "exercise_entries", "workout_sets", "exercise_records"] {
                    #expect(try await Self.lastAnalyzed(table, in: store) != nil, "\(table) analyzed")
                }
            }
        }
    }
}
