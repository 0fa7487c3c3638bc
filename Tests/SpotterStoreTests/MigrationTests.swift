import Foundation
import SpotterStore
import SpotterTestSupport
import Testing

@Suite("Migrations")
struct MigrationTests {
    @Test("run up on an empty database, down again, and up again", arguments: TestDatabase.all)
    func upDownUp(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore(migrate: false) { store in
                let ran = try await store.migrate()
                #expect(
                    ran == [
                        "M001CreateUsers", "M002CreateWebSessions", "M003CreateAPITokens", "M004CreateExercises",
                        "M005CreateWorkoutTypes", "M006CreateStoreMetadata", "M007CreateWorkouts", "M008CreateTemplates",
                        "M009CreateProgress", "M010CreateImportKeys", "M011CreateUnjudgedExercises", "M012CreatePrograms",
                        "M013CreateGuidedWorkouts", "M014AddGymSettings", "M015CreateExerciseRests", "M016MoveFilesIntoDatabase",
                        "M017JudgeLongSetsAgain", "M018ProgramPauses", "M019CreateTrainingMaxes",
                    ])
                #expect(try await store.pendingMigrations().isEmpty)
                #expect(try await store.migrate().isEmpty, "a second run does nothing")
                #expect(try await TestEnvironment.count("users", in: store) == 0)

                try await store.revertAllMigrations()
                #expect(try await store.pendingMigrations().count == ran.count)
                await #expect(throws: (any Error).self) { try await TestEnvironment.count("users", in: store) }

                #expect(try await store.migrate() == ran)
                #expect(try await TestEnvironment.count("exercises", in: store) == 0)
            }
        }
    }

    @Test("SQLite connections use WAL, foreign keys, a busy timeout and full sync; readers a memory map")
    func sqliteSettings() async throws {
        try await TestEnvironment.with(.sqlite) { env in
            try await env.withStore { store in
                let pragmas = try await store.sqlitePragmas()
                #expect(!pragmas.isEmpty)
                for connection in pragmas {
                    #expect(connection["wal"] == 1)
                    #expect(connection["foreign_keys"] == 1)
                    #expect(connection["busy_timeout"] == 10_000)
                    #expect(connection["synchronous"] == 2, "2 is FULL")
                }
                #expect(
                    pragmas.map { $0["query_only"] } == [0] + Array(repeating: 1, count: pragmas.count - 1),
                    "one writer, the rest read-only")
                #expect(
                    pragmas.map { $0["mmap_size"] } == [0] + Array(repeating: 1 << 30, count: pragmas.count - 1),
                    "readers read through a memory map")
                #expect(pragmas.count > 1)
            }
        }
    }

    @Test("a command's store (readerMap 0) reads without a memory map: what it read does not stay resident")
    func commandReadsUnmapped() async throws {
        try await TestEnvironment.with(.sqlite) { env in
            let store = try await SpotterStore.open(env.location, logger: TestEnvironment.logger, readerMap: 0)
            let pragmas = try await store.sqlitePragmas()
            await store.shutdown()
            #expect(pragmas.count > 1)
            #expect(pragmas.map { $0["mmap_size"] } == Array(repeating: 0, count: pragmas.count))
        }
    }

    @Test("a database URL picks the engine, and a wrong one says what to write")
    func databaseURLs() throws {
        #expect(
            try DatabaseLocation.parse(url: "postgres://u:p@localhost/spotter")
                == .postgres(url: "postgres://u:p@localhost/spotter"))
        #expect(try DatabaseLocation.parse(url: "sqlite:/tmp/x.sqlite") == .sqlite(path: "/tmp/x.sqlite"))
        #expect(throws: StoreError.self) { try DatabaseLocation.parse(url: "mysql://localhost/x") }
        #expect(DatabaseLocation.postgres(url: "postgres://me:secret@db/spotter").description.contains("secret") == false)
    }
}
