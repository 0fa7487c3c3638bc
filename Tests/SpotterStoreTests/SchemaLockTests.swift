import Foundation
import SQLKit
import SpotterTestSupport
import Testing

@testable import SpotterStore

/// Several processes started at once on one database (instances behind a balancer,
/// the CLI beside a server) migrate and seed one after another, not over each other.
@Suite("Schema lock")
struct SchemaLockTests {
    @Test(
        "three stores migrating and seeding an empty database at once apply each migration once and seed the library once",
        arguments: TestDatabase.all)
    func concurrentMigrations(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            let stores = [
                try await SpotterStore.open(env.location, logger: TestEnvironment.logger),
                try await SpotterStore.open(env.location, logger: TestEnvironment.logger),
                try await SpotterStore.open(env.location, logger: TestEnvironment.logger),
            ]
            do {
                let catalog = try CatalogSeeder.bundledCatalog()
                let ran = try await withThrowingTaskGroup(of: [String].self) { group in
                    for store in stores {
                        group.addTask {
                            try await store.migrate {
                                try await CatalogSeeder(store: store).seed(
                                    catalog, now: Date(timeIntervalSince1970: 1_790_000_000))
                            }
                        }
                    }
                    return try await group.reduce(into: [[String]]()) { $0.append($1) }
                }
                // One store ran them all; the others found nothing left to do.
                #expect(ran.filter(\.isEmpty).count == 2)
                #expect(ran.flatMap { $0 }.count == 19)
                let store = stores[0]
                #expect(try await TestEnvironment.count("_fluent_migrations", in: store) == 19)
                #expect(try await TestEnvironment.count("exercises", in: store) == catalog.exercises.count)
                #expect(await store.schemaIsCurrent())
                for store in stores { await store.shutdown() }
            } catch {
                for store in stores { await store.shutdown() }
                throw error
            }
        }
    }

    @Test(
        "eight takers of the schema lock, the lock file not yet made, hold it one at a time, round after round",
        arguments: TestDatabase.all)
    func lockIsExclusiveFromTheStart(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore(migrate: false) { store in
                let room = Room()
                for _ in 0..<5 {
                    // SQLite: every round starts with no lock file, as a new database does.
                    if case .sqlite(let path) = env.location { try? FileManager.default.removeItem(atPath: path + ".lock") }
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for _ in 0..<8 {
                            group.addTask {
                                try await store.withSchemaLock {
                                    await room.enter()
                                    for _ in 0..<20 { await Task.yield() }
                                    await room.leave()
                                }
                            }
                        }
                        try await group.waitForAll()
                    }
                }
                #expect(await room.entered == 40)
                #expect(await room.mostInside == 1, "two takers held the lock at once")
            }
        }
    }

    @Test("a lock file that cannot be opened stops the migration with the file named, and nothing is migrated")
    func unopenableLockFile() async throws {
        try await TestEnvironment.with(.sqlite) { env in
            try await env.withStore(migrate: false) { store in
                guard case .sqlite(let path) = env.location else { Issue.record("not an SQLite location"); return }
                // A folder where the lock file goes: open(2) refuses it, even for root.
                try FileManager.default.createDirectory(atPath: path + ".lock", withIntermediateDirectories: false)
                let error = await #expect(throws: StoreError.self) { try await store.migrate() }
                #expect(
                    error?.description
                        == "The lock file \(path).lock could not be opened or locked (error \(EISDIR)): check that the data folder is writable."
                )
                #expect(await store.schemaIsCurrent() == false, "no migration ran")
            }
        }
    }

    /// Counts who is inside the lock, and the most there ever were at once.
    private actor Room {
        private(set) var entered = 0
        private(set) var mostInside = 0
        private var inside = 0
        func enter() {
            entered += 1
            inside += 1
            mostInside = max(mostInside, inside)
        }
        func leave() { inside -= 1 }
    }

    @Test("a database with a migration missing is not current: /ready says so until it is migrated", arguments: TestDatabase.all)
    func schemaCurrent(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore(migrate: false) { store in
                #expect(await store.schemaIsCurrent() == false, "an empty database")
                try await store.migrate()
                #expect(await store.schemaIsCurrent())
                try await store.sql.raw("DELETE FROM _fluent_migrations WHERE name = 'M016MoveFilesIntoDatabase'").run()
                #expect(await store.schemaIsCurrent() == false, "one migration short")
            }
        }
    }
}
