import Foundation
import Logging
import SQLKit
import SpotterStore

/// The database engines the store and API tests run on: SQLite always, and
/// PostgreSQL too when `TEST_DATABASE_URL` names a server (the README's test
/// command starts a throwaway one), so neither engine can rot.
public enum TestDatabase: Sendable {
    case sqlite
    case postgres(url: String)

    public static var all: [TestDatabase] {
        var engines: [TestDatabase] = [.sqlite]
        if let url = ProcessInfo.processInfo.environment["TEST_DATABASE_URL"], !url.isEmpty {
            engines.append(.postgres(url: url))
        }
        return engines
    }

    public var testDescription: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgres: "PostgreSQL"
        }
    }
}

/// A fresh, empty database of one engine and a data folder, removed afterwards.
/// SQLite gets a new file in a temporary folder; PostgreSQL a new schema.
public struct TestEnvironment: Sendable {
    public let engine: TestDatabase
    public let dataDirectory: URL
    public let location: DatabaseLocation
    let schema: String?

    public static var logger: Logger {
        var logger = Logger(label: "spotter-tests")
        logger.logLevel = .warning
        return logger
    }

    /// Runs `body` with a new environment and cleans up even when it throws.
    public static func with<Result: Sendable>(
        _ engine: TestDatabase, _ body: (TestEnvironment) async throws -> Result
    ) async throws -> Result {
        let environment = try await make(engine)
        do {
            let result = try await body(environment)
            try await environment.destroy()
            return result
        } catch {
            try? await environment.destroy()
            throw error
        }
    }

    static func make(_ engine: TestDatabase) async throws -> TestEnvironment {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spotter-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        switch engine {
        case .sqlite:
            return TestEnvironment(engine: engine, dataDirectory: folder, location: .sqlite(dataDirectory: folder), schema: nil)
        case .postgres(let url):
            let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            try await adminSQL(url: url, "CREATE SCHEMA \(schema)")
            return TestEnvironment(
                engine: engine, dataDirectory: folder, location: .postgres(url: url, schema: schema), schema: schema)
        }
    }

    func destroy() async throws {
        try? FileManager.default.removeItem(at: dataDirectory)
        if case .postgres(let url) = engine, let schema {
            try await Self.adminSQL(url: url, "DROP SCHEMA \(schema) CASCADE")
        }
    }

    private static func adminSQL(url: String, _ statement: String) async throws {
        let store = try await SpotterStore.open(.postgres(url: url), logger: logger)
        do {
            try await store.sql.raw(SQLQueryString(stringLiteral: statement)).run()
            await store.shutdown()
        } catch {
            await store.shutdown()
            throw error
        }
    }

    /// Opens the environment's database (migrated), runs `body`, and closes it.
    public func withStore<Result: Sendable>(migrate: Bool = true, _ body: (SpotterStore) async throws -> Result) async throws
        -> Result
    {
        let store = try await SpotterStore.open(location, logger: Self.logger)
        do {
            if migrate { try await store.migrate() }
            let result = try await body(store)
            await store.shutdown()
            return result
        } catch {
            await store.shutdown()
            throw error
        }
    }

    /// Counts the rows of a table, to prove that a refused request changed nothing.
    public static func count(_ table: String, in store: SpotterStore) async throws -> Int {
        let row = try await store.sql
            .raw(SQLQueryString(stringLiteral: "SELECT COUNT(*) AS n FROM \(table)")).first()
        return try row?.decode(column: "n", as: Int.self) ?? 0
    }

    /// The integer column `n` of every row a query returns, for checks on stored values.
    public static func integers(_ query: String, in store: SpotterStore) async throws -> [Int] {
        try await store.sql.raw(SQLQueryString(stringLiteral: query)).all()
            .map { try $0.decode(column: "n", as: Int.self) }
    }
}
