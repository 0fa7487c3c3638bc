import ArgumentParser
import Foundation
import SpotterCore
import SpotterStore

/// `spotter backup --output FILE`: a consistent copy of the whole database, taken
/// while the server runs.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the whole database to a file (safe while the server runs).",
        discussion: """
            SQLite: one consistent database file (VACUUM INTO). PostgreSQL: a pg_dump file in its custom format (needs \
            the PostgreSQL client tools). Everything is in the database, exercise images included, so the file is \
            complete by itself. Refuses to replace an existing file without --force.
            """)

    @OptionGroup var database: DatabaseOptions
    @Option(name: .shortAndLong, help: ArgumentHelp("The backup file to write.", valueName: "file")) var output: String
    @Flag(help: "Replace the file if it exists.") var force = false

    func run() async throws {
        do {
            let summary = try await Backup.write(
                try database.location(), to: output, force: force, logger: DatabaseOptions.logger())
            print(
                "Backed up \(counted(summary.accounts, "account")) and \(counted(summary.workouts, "workout")) to \(output) (\(megabytes(summary.bytes)))."
            )
        } catch let error as StoreError {
            throw CLIError(error.description)
        }
    }
}

/// `spotter restore FILE`: brings a backup back, with the server stopped.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace the database with a backup (stop the server first).",
        discussion: """
            Takes a file written by `spotter backup` for the same engine. Refuses to replace a database that holds \
            accounts without --force: everything in it is replaced by the backup.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The backup file.") var file: String
    @Flag(help: "Replace a database that holds accounts.") var force = false

    func run() async throws {
        do {
            let summary = try await Backup.restore(
                try database.location(), from: file, force: force, logger: DatabaseOptions.logger())
            print(
                "Restored \(counted(summary.accounts, "account")) and \(counted(summary.workouts, "workout")) from \(file). Start the server again."
            )
        } catch let error as StoreError {
            throw CLIError(error.description)
        }
    }
}

private func megabytes(_ bytes: Int) -> String {
    bytes < 1 << 20 ? "\(max(1, bytes >> 10)) KB" : String(format: "%.1f MB", Double(bytes) / Double(1 << 20))
}
