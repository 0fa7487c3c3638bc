import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

/// `spotter backup` and `spotter restore` on both engines: a copy that comes back
/// whole, and nothing overwritten without being told to.
@Suite("Backup and restore")
struct BackupTests {
    static func file(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("spotter-backup-\(UUID().uuidString)-\(name)").path
    }

    static func message(_ body: () async throws -> Void) async -> String? {
        do {
            try await body()
            return nil
        } catch let error as StoreError {
            return error.description
        } catch {
            return "unexpected: \(error)"
        }
    }

    @Test("a backup comes back whole; neither side overwrites without --force", arguments: TestDatabase.all)
    func roundTrip(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            let path = Self.file("spotter.backup")
            defer { try? FileManager.default.removeItem(atPath: path) }
            let (anna, workouts) = try await env.withStore { store in
                let anna = try await makeUser("anna", in: store)
                let repository = WorkoutRepository(store: store)
                let workout = Workout(
                    id: UUID(), ownerID: anna.id, name: "Legs", startedAt: now, endedAt: now.addingTimeInterval(3600),
                    entries: [])
                try await repository.addFinished([workout], userID: anna.id, now: now)
                return (anna, try await TestEnvironment.count("workouts", in: store))
            }
            let written = try await Backup.write(env.location, to: path, force: false, logger: TestEnvironment.logger)
            #expect(written.accounts == 1)
            #expect(written.workouts == workouts)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))

            #expect(
                await Self.message {
                    _ = try await Backup.write(env.location, to: path, force: false, logger: TestEnvironment.logger)
                }
                    == "\(path) exists. Choose another file, or add --force to replace it.")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the refused backup left the file alone")
            _ = try await Backup.write(env.location, to: path, force: true, logger: TestEnvironment.logger)

            // Another account after the backup: a restore without --force refuses
            // and changes nothing; with it, the database is the backup again.
            try await env.withStore { store in _ = try await makeUser("ben", in: store) }
            #expect(
                await Self.message {
                    _ = try await Backup.restore(env.location, from: path, force: false, logger: TestEnvironment.logger)
                }
                    == "The database already holds 2 accounts. Stop the server and add --force to replace everything with the backup."
            )
            let accounts = try await env.withStore { store in try await TestEnvironment.count("users", in: store) }
            #expect(accounts == 2)
            let restored = try await Backup.restore(env.location, from: path, force: true, logger: TestEnvironment.logger)
            #expect(restored.accounts == 1)
            let (names, history, pending) = try await env.withStore { store in
                (
                    try await UserRepository(store: store).list().map(\.username),
                    try await WorkoutRepository(store: store).history(userID: anna.id).map(\.name),
                    try await store.pendingMigrations()
                )
            }
            #expect(names == ["anna"])
            #expect(history == ["Legs"])
            #expect(pending.isEmpty)
        }
    }

    @Test("a file that is not a backup is refused and nothing changes", arguments: TestDatabase.all)
    func notABackup(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            let path = Self.file("notes.csv")
            defer { try? FileManager.default.removeItem(atPath: path) }
            try Data("Date,Workout Name\n".utf8).write(to: URL(fileURLWithPath: path))
            try await env.withStore { store in _ = try await makeUser("anna", in: store) }
            let engineName = if case .sqlite = env.location { "SQLite" } else { "pg_dump" }
            #expect(
                await Self.message {
                    _ = try await Backup.restore(env.location, from: path, force: true, logger: TestEnvironment.logger)
                }
                    == "\(path) is not a Spotter backup (not a \(engineName) file).")
            let accounts = try await env.withStore { store in try await TestEnvironment.count("users", in: store) }
            #expect(accounts == 1)
            #expect(
                await Self.message {
                    _ = try await Backup.restore(
                        env.location, from: path + ".missing", force: true, logger: TestEnvironment.logger)
                }
                    == "Cannot open \(path).missing: check the path.")
        }
    }

    @Test("a backup of this engine that is cut off is refused before anything is replaced", arguments: TestDatabase.all)
    func damagedBackup(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            let path = Self.file("damaged.backup")
            defer { try? FileManager.default.removeItem(atPath: path) }
            let isSQLite = if case .sqlite = env.location { true } else { false }
            try Data((isSQLite ? "SQLite format 3\u{0}" : "PGDMP").utf8 + Array(repeating: UInt8(7), count: 600)).write(
                to: URL(fileURLWithPath: path))
            try await env.withStore { store in _ = try await makeUser("anna", in: store) }
            let message = await Self.message {
                _ = try await Backup.restore(env.location, from: path, force: true, logger: TestEnvironment.logger)
            }
            #expect(
                message?.hasPrefix(
                    isSQLite ? "\(path) is a SQLite file but not a Spotter backup" : "\(path) is not a readable pg_dump file")
                    == true,
                "\(message ?? "no refusal")")
            let accounts = try await env.withStore { store in try await TestEnvironment.count("users", in: store) }
            #expect(accounts == 1)
        }
    }
}
