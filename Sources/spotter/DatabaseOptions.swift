import ArgumentParser
import Foundation
import Logging
import SpotterStore

/// Where the data lives; every command takes the same options.
struct DatabaseOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Folder for the SQLite database and the server's cache of import files (env: SPOTTER_DATA_DIR).", valueName: "path"))
    var dataDir: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Use PostgreSQL instead of SQLite, e.g. postgres://user:pass@localhost/spotter (env: SPOTTER_DATABASE_URL).",
            valueName: "url"))
    var databaseURL: String?

    var dataDirectory: URL {
        let path = dataDir ?? ProcessInfo.processInfo.environment["SPOTTER_DATA_DIR"] ?? "spotter-data"
        return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
    }

    func location() throws -> DatabaseLocation {
        if let url = databaseURL ?? ProcessInfo.processInfo.environment["SPOTTER_DATABASE_URL"], !url.isEmpty {
            do { return try DatabaseLocation.parse(url: url) } catch { throw ValidationError(String(describing: error)) }
        }
        return .sqlite(dataDirectory: dataDirectory)
    }

    /// The logger of maintenance commands: warnings and worse.
    static func logger(_ level: Logger.Level = .warning) -> Logger {
        var logger = Logger(label: "spotter")
        logger.logLevel = level
        return logger
    }

    /// Opens and migrates the store for a maintenance command, runs `body`, and closes it.
    func withStore<Result>(
        migrating: Bool = true, logLevel: Logger.Level = .warning, _ body: (SpotterStore) async throws -> Result
    ) async throws -> Result {
        // Commands read the history once: no memory map keeps what they read resident.
        let store = try await SpotterStore.open(try location(), logger: Self.logger(logLevel), readerMap: 0)
        do {
            if migrating { try await Self.migrateAndSeed(store, dataDirectory: dataDirectory) }
            let result = try await body(store)
            await store.shutdown()
            return result
        } catch {
            await store.shutdown()
            throw error
        }
    }

    /// Brings the schema and the built-in exercises up to date, and moves image files
    /// from before images lived in the database into it, under the schema lock (a
    /// server or another command may be starting on the same database).
    @discardableResult
    static func migrateAndSeed(_ store: SpotterStore, dataDirectory: URL) async throws -> [String] {
        try await store.migrate {
            try await CatalogSeeder(store: store).seed(CatalogSeeder.bundledCatalog(), now: Date())
            try await ImageStore(store: store, dataDirectory: dataDirectory).moveFilesIntoDatabase(now: Date())
            try await WorkoutRepository(store: store).finishInterruptedLoads()
        }
    }
}
