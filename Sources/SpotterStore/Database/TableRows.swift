import FluentKit
import SQLKit

/// A table's one Swift description (the `<Table>Rows` enums): its name and its
/// columns, in the order its `values` encoder writes a row. Inserts and UPDATE lists
/// are made from it, so the table's name and columns are written down once.
protocol TableRows {
    static var table: String { get }
    /// The columns, in the order of the encoder's values.
    static var columns: [String] { get }
}

extension TableRows {
    /// Adds encoded rows (`BulkRows`: multi-row INSERTs, or COPY on PostgreSQL when `streaming`).
    static func insert(rows: [[RowValue]], streaming: Bool = false, on db: any Database) async throws {
        try await BulkRows.insert(rows, into: table, columns: columns, streaming: streaming, on: db)
    }

    /// `column = value, ...` of an encoded row for the columns in `only`.
    static func assignments(_ values: [RowValue], only: Set<String>) -> SQLQueryString {
        BulkRows.assignments(columns, values, only: only)
    }

    /// `column = value, ...` of an encoded row for every column but those in `except`.
    static func assignments(_ values: [RowValue], except: Set<String>) -> SQLQueryString {
        BulkRows.assignments(columns, values, except: except)
    }
}
