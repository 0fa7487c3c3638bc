import FluentKit
import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit
import ServiceLifecycle

/// The database and everything that opens, migrates and closes it. Repositories
/// are made from it; it hands out Core values only.
public final class SpotterStore: Sendable {
    public let location: DatabaseLocation
    let databases: Databases
    let logger: Logger
    let eventLoopGroup: any EventLoopGroup
    /// The built-in exercises in memory (see `CatalogSnapshot`).
    let catalog = CatalogSnapshot()

    /// Opens the database at `location`. For SQLite the file's folder is created and
    /// every connection gets WAL, foreign keys, a busy timeout and full sync.
    public static func open(_ location: DatabaseLocation, logger: Logger) async throws -> SpotterStore {
        let group = MultiThreadedEventLoopGroup.singleton
        let databases = Databases(threadPool: NIOThreadPool.singleton, on: group)
        switch location {
        case .sqlite(let path):
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            databases.use(.sqlite(.file(path), sqlLogLevel: .trace), as: .sqlite)
        case .postgres(let url, let schema):
            var configuration = try SQLPostgresConfiguration(url: url)
            if let schema { configuration.searchPath = [schema] }
            databases.use(
                .postgres(configuration: configuration, maxConnectionsPerEventLoop: 4, sqlLogLevel: .trace),
                as: .psql)
        }
        let store = SpotterStore(location: location, databases: databases, logger: logger, eventLoopGroup: group)
        do {
            try await store.configureConnections()
        } catch {
            await databases.shutdownAsync()
            throw error
        }
        return store
    }

    private init(location: DatabaseLocation, databases: Databases, logger: Logger, eventLoopGroup: any EventLoopGroup) {
        self.location = location
        self.databases = databases
        self.logger = logger
        self.eventLoopGroup = eventLoopGroup
    }

    /// A database handle for one unit of work.
    public var database: any Database {
        databases.database(logger: logger, on: eventLoopGroup.any())!
    }

    var sql: any SQLDatabase { database as! any SQLDatabase }

    /// The database engine in use.
    public var isSQLite: Bool {
        if case .sqlite = location { return true }
        return false
    }

    /// Closes every connection.
    public func shutdown() async {
        await databases.shutdownAsync()
    }

    /// sqlite-nio has no per-connection hook, and Fluent keeps exactly one SQLite
    /// connection per event loop for the life of the pool, so the settings are
    /// applied to each of those connections once, here, before anything else runs.
    private func configureConnections() async throws {
        guard isSQLite else { return }
        for loop in eventLoopGroup.makeIterator() {
            let db = databases.database(.sqlite, logger: logger, on: loop)! as! any SQLDatabase
            try await db.raw("PRAGMA journal_mode = WAL").run()
            try await db.raw("PRAGMA synchronous = FULL").run()
            try await db.raw("PRAGMA foreign_keys = ON").run()
            try await db.raw("PRAGMA busy_timeout = 10000").run()
        }
    }

    /// The SQLite settings of the connection behind every event loop, for checks.
    public func sqlitePragmas() async throws -> [[String: Int]] {
        var result: [[String: Int]] = []
        for loop in eventLoopGroup.makeIterator() {
            let db = databases.database(.sqlite, logger: logger, on: loop)! as! any SQLDatabase
            var values: [String: Int] = [:]
            for name in ["synchronous", "foreign_keys", "busy_timeout"] {
                // The answer's column is not always named after the pragma (busy_timeout answers "timeout").
                if let row = try await db.raw(SQLQueryString(stringLiteral: "PRAGMA \(name)")).first(), let column = row.allColumns.first {
                    values[name] = try row.decode(column: column, as: Int.self)
                }
            }
            let mode = try await db.raw("PRAGMA journal_mode").first()?.decode(column: "journal_mode", as: String.self)
            values["wal"] = mode?.lowercased() == "wal" ? 1 : 0
            result.append(values)
        }
        return result
    }
}

/// Lets the server shut the store down with the rest of its services.
extension SpotterStore: Service {
    public func run() async throws {
        try? await gracefulShutdown()
        await shutdown()
    }
}
