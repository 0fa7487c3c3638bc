import FluentKit
import Foundation
import Logging
import SQLKit
import SpotterCore

/// Copies of the whole database: taken while the server runs, brought back while
/// it is stopped. SQLite: `VACUUM INTO`, one consistent file. PostgreSQL:
/// `pg_dump`'s custom format, restored with `pg_restore` (both from the PostgreSQL
/// client tools). Neither overwrites anything without `force`.
public enum Backup {
    /// What a backup holds, to print.
    public struct Summary: Sendable, Equatable {
        public var accounts: Int
        public var workouts: Int
        public var bytes: Int
    }

    /// Writes a consistent copy of the database at `location` to `path`. The copy
    /// is written beside it first and moved into place, so a failed backup leaves
    /// an earlier one at `path` untouched.
    public static func write(_ location: DatabaseLocation, to path: String, force: Bool, logger: Logger) async throws -> Summary {
        let target = URL(fileURLWithPath: path)
        if FileManager.default.fileExists(atPath: target.path), !force {
            throw StoreError.refused("\(path) exists. Choose another file, or add --force to replace it.")
        }
        let partial = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).partial")
        try? FileManager.default.removeItem(at: partial)
        if case .sqlite(let databasePath) = location, !FileManager.default.fileExists(atPath: databasePath) {
            throw StoreError.refused("There is no database at \(databasePath): check --data-dir.")
        }
        let store = try await SpotterStore.open(location, logger: logger)
        do {
            guard let counts = try? await Self.counts(store) else {
                throw StoreError.refused(
                    "The database is not set up yet (start the server once, or run `spotter migrate`): there is nothing to back up."
                )
            }
            switch location {
            case .sqlite:
                let quoted = partial.path.replacingOccurrences(of: "'", with: "''")
                try await store.sql.raw(SQLQueryString(stringLiteral: "VACUUM INTO '\(quoted)'")).run()
            case .postgres(let url, let schema):
                var arguments = ["--format=custom", "--no-owner", "--no-privileges", "--file", partial.path]
                if let schema { arguments += ["--schema", schema] }
                try run("pg_dump", arguments + ["--dbname", url])
            }
            await store.shutdown()
            if FileManager.default.fileExists(atPath: target.path) { try FileManager.default.removeItem(at: target) }
            try FileManager.default.moveItem(at: partial, to: target)
            return Summary(accounts: counts.accounts, workouts: counts.workouts, bytes: size(of: target.path))
        } catch {
            await store.shutdown()
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
    }

    /// Replaces the database at `location` with the backup at `path`. Refuses a file
    /// that is not a Spotter backup of this engine, and a database that holds
    /// accounts unless `force`. The server must be stopped.
    public static func restore(_ location: DatabaseLocation, from path: String, force: Bool, logger: Logger) async throws
        -> Summary
    {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw StoreError.refused("Cannot open \(path): check the path.")
        }
        let head = (try? handle.read(upToCount: 16)) ?? Data()
        try? handle.close()
        let isSQLite = head.starts(with: Array("SQLite format 3".utf8))
        let isDump = head.starts(with: Array("PGDMP".utf8))
        switch location {
        case .sqlite(let databasePath):
            guard isSQLite else {
                throw StoreError.refused(
                    isDump
                        ? "\(path) is a PostgreSQL backup; this server uses SQLite. Restore it with --database-url."
                        : "\(path) is not a Spotter backup (not a SQLite file).")
            }
            // Copied beside the database first, then checked there: opening a file
            // as a store changes it, and the backup itself stays as it was.
            let target = URL(fileURLWithPath: databasePath)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            let partial = target.deletingLastPathComponent().appendingPathComponent(".spotter-restore.partial")
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: partial.path + suffix) }
            try FileManager.default.copyItem(at: URL(fileURLWithPath: path), to: partial)
            let counts: (accounts: Int, workouts: Int)
            do {
                // A damaged file fails to open or to count: either way, not a backup.
                let notBackup = StoreError.refused("\(path) is a SQLite file but not a Spotter backup (or it is damaged).")
                guard let copy = try? await SpotterStore.open(.sqlite(path: partial.path), logger: logger) else {
                    throw notBackup
                }
                let counted = try? await Self.counts(copy)
                await copy.shutdown()
                guard let counted else { throw notBackup }
                counts = counted
                try await refuseUnlessEmpty(location, force: force, logger: logger)
            } catch {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: partial.path + suffix) }
                throw error
            }
            for suffix in ["-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: databasePath + suffix)
                try? FileManager.default.removeItem(atPath: partial.path + suffix)
            }
            if FileManager.default.fileExists(atPath: databasePath) { try FileManager.default.removeItem(at: target) }
            try FileManager.default.moveItem(at: partial, to: target)
            return Summary(accounts: counts.accounts, workouts: counts.workouts, bytes: size(of: databasePath))
        case .postgres(let url, let schema):
            guard isDump else {
                throw StoreError.refused(
                    isSQLite
                        ? "\(path) is a SQLite backup; this server uses PostgreSQL. Restore it without --database-url."
                        : "\(path) is not a Spotter backup (not a pg_dump file).")
            }
            try await refuseUnlessEmpty(location, force: force, logger: logger)
            // A dump pg_restore cannot read is refused before anything is dropped.
            do { try run("pg_restore", ["--list", path]) } catch {
                throw StoreError.refused("\(path) is not a readable pg_dump file: \(error)")
            }
            // The dump holds its schema: drop what is there, then load it.
            let store = try await SpotterStore.open(location, logger: logger)
            do {
                let name = schema ?? "public"
                try await store.sql.raw(SQLQueryString(stringLiteral: "DROP SCHEMA IF EXISTS \"\(name)\" CASCADE")).run()
                if schema == nil { try await store.sql.raw("CREATE SCHEMA public").run() }
                await store.shutdown()
            } catch {
                await store.shutdown()
                throw error
            }
            var arguments = ["--no-owner", "--no-privileges", "--exit-on-error", "--dbname", url]
            if schema == nil { arguments += ["--schema", "public"] }
            try run("pg_restore", arguments + [path])
            let restored = try await SpotterStore.open(location, logger: logger)
            let counts = try await Self.counts(restored)
            await restored.shutdown()
            return Summary(accounts: counts.accounts, workouts: counts.workouts, bytes: size(of: path))
        }
    }

    private static func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    private static func refuseUnlessEmpty(_ location: DatabaseLocation, force: Bool, logger: Logger) async throws {
        guard !force else { return }
        if case .sqlite(let path) = location, !FileManager.default.fileExists(atPath: path) { return }
        let store = try await SpotterStore.open(location, logger: logger)
        let accounts = (try? await counts(store).accounts) ?? 0
        await store.shutdown()
        if accounts > 0 {
            throw StoreError.refused(
                "The database already holds \(counted(accounts, "account")). Stop the server and add --force to replace everything with the backup."
            )
        }
    }

    private static func counts(_ store: SpotterStore) async throws -> (accounts: Int, workouts: Int) {
        let row = try await store.sql.raw(
            "SELECT (SELECT COUNT(*) FROM users) AS accounts, (SELECT COUNT(*) FROM workouts) AS workouts"
        ).first()
        return (try row?.decode(column: "accounts", as: Int.self) ?? 0, try row?.decode(column: "workouts", as: Int.self) ?? 0)
    }

    /// All a pipe gives until it closes. Not `readDataToEndOfFile()`: a signal that
    /// interrupts its read (EINTR) stops the whole process there, a `try!` inside
    /// Foundation; the test suite met it while pg_dump ran.
    private static func readAll(_ handle: FileHandle) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }

    /// Runs a PostgreSQL client tool; its error output becomes the message.
    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw StoreError.refused(
                "\(tool) could not be started: install the PostgreSQL client tools (Debian: postgresql-client).")
        }
        let output = readAll(errors.fileHandleForReading)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if process.terminationStatus == 127 {
                throw StoreError.refused(
                    "\(tool) was not found: install the PostgreSQL client tools (Debian: postgresql-client).")
            }
            throw StoreError.refused("\(tool) failed: \(text)")
        }
    }
}
