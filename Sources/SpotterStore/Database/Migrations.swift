import FluentKit
import Logging

extension SpotterStore {
    /// Every schema change, in order. Each lives in its own numbered file and can be reverted.
    static var migrationList: [any Migration] {
        [
            M001CreateUsers(),
            M002CreateWebSessions(),
            M003CreateAPITokens(),
            M004CreateExercises(),
            M005CreateWorkoutTypes(),
            M006CreateStoreMetadata(),
            M007CreateWorkouts(),
            M008CreateTemplates(),
            M009CreateProgress(),
            M010CreateImportKeys(),
            M011CreateUnjudgedExercises(),
            M012CreatePrograms(),
            M013CreateGuidedWorkouts(),
            M014AddGymSettings(),
            M015CreateExerciseRests(),
            M016MoveFilesIntoDatabase(),
            M017JudgeLongSetsAgain(),
            M018ProgramPauses(),
            M019CreateTrainingMaxes(),
        ]
    }

    private func migrator() -> Migrator {
        let migrations = Migrations()
        migrations.add(Self.migrationList)
        return Migrator(
            databases: databases, migrations: migrations, logger: logger, on: eventLoopGroup.any())
    }

    /// Brings the schema up to date, then runs `thenAlso` (seeding the catalog, moving
    /// files in), all under the schema lock (`withSchemaLock`), so that processes
    /// started together apply each migration once. Returns the names of the
    /// migrations it ran.
    @discardableResult
    public func migrate(thenAlso: @escaping @Sendable () async throws -> Void = {}) async throws -> [String] {
        try await withSchemaLock {
            let migrator = self.migrator()
            try await migrator.setupIfNeeded().get()
            let pending = try await migrator.previewPrepareBatch().get().map { $0.0.name }
            try await migrator.prepareBatch().get()
            try await thenAlso()
            return pending
        }
    }

    /// Whether the database answers and holds every migration this program knows
    /// (`GET /ready`). Reads `_fluent_migrations` only: it never creates or changes anything.
    public func schemaIsCurrent() async -> Bool {
        guard let rows = try? await reader.sql.raw("SELECT name FROM _fluent_migrations").all() else { return false }
        let applied = Set(rows.compactMap { try? $0.decode(column: "name", as: String.self) })
        return Self.migrationList.allSatisfy { applied.contains($0.name) }
    }

    /// Undoes every migration, newest first (tests use it to prove each can be reverted).
    public func revertAllMigrations() async throws {
        let migrator = migrator()
        try await migrator.setupIfNeeded().get()
        try await migrator.revertAllBatches().get()
    }

    /// The migrations not yet applied.
    public func pendingMigrations() async throws -> [String] {
        let migrator = migrator()
        try await migrator.setupIfNeeded().get()
        return try await migrator.previewPrepareBatch().get().map { $0.0.name }
    }
}
