import FluentKit
import SQLKit

extension Database {
    /// Creates an index; Fluent's schema builder has none, so this goes through SQLKit.
    /// The statement is the same on SQLite and PostgreSQL.
    func createIndex(_ name: String, on table: String, columns: [String], unique: Bool = false) async throws {
        let sql = self.sql
        let kind = unique ? "UNIQUE INDEX" : "INDEX"
        let list = columns.joined(separator: ", ")
        try await sql.raw(SQLQueryString(stringLiteral: "CREATE \(kind) \(name) ON \(table) (\(list))")).run()
    }

    func dropIndex(_ name: String) async throws {
        let sql = self.sql
        try await sql.raw(SQLQueryString(stringLiteral: "DROP INDEX IF EXISTS \(name)")).run()
    }
}
