import FluentKit
import SQLKit

extension Database {
    /// This database as SQLKit sees it, for the plain SQL every repository writes.
    /// Spotter opens only SQLite and PostgreSQL databases (`SpotterStore.open`), and
    /// both drivers' databases are SQL databases: this is the one place that says so.
    var sql: any SQLDatabase {
        guard let sql = self as? any SQLDatabase else {
            preconditionFailure("\(type(of: self)) is not an SQL database; Spotter opens only SQLite and PostgreSQL")
        }
        return sql
    }
}
