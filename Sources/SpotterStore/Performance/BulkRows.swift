import FluentKit
import Foundation
import PostgresKit
import SQLKit
import SpotterCore

/// One value of a row a bulk write adds, built once and written either way:
/// into a multi-row INSERT, or streamed by PostgreSQL's COPY.
enum RowValue: Sendable, Equatable {
    case null
    /// Text the lifter typed: always bound in an INSERT.
    case text(String)
    /// One of a fixed set of names (a set kind, a unit): written inline.
    case name(String)
    case uuid(UUID)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case time(Date)

    static func int(_ value: Int?) -> RowValue { value.map { .int($0) } ?? .null }
    static func double(_ value: Double?) -> RowValue { value.map { .double($0) } ?? .null }
    static func name(_ value: String?) -> RowValue { value.map { .name($0) } ?? .null }
    static func uuid(_ value: UUID?) -> RowValue { value.map { .uuid($0) } ?? .null }
    static func time(_ value: Date?) -> RowValue { value.map { .time($0) } ?? .null }
    static func text(_ value: String?) -> RowValue { value.map { .text($0) } ?? .null }

    /// The value in an INSERT. Numbers and fixed names are written inline: a bulk
    /// insert of thousands of rows spends much of its time encoding bound values,
    /// and neither can carry anything but itself. Typed text, ids and times are bound.
    var sql: SQLQueryString {
        switch self {
        case .null: "NULL"
        case .text(let text): "\(bind: text)"
        case .name(let name): "\(literal: name)"
        case .uuid(let id): "\(bind: id)"
        case .int(let number): "\(literal: number)"
        case .double(let number): number.isFinite ? "\(literal: number)" : "\(bind: number)"
        case .bool(let flag): "\(flag)"
        case .time(let date): "\(bind: date)"
        }
    }

    /// The value in COPY's text format.
    func writeCopyText(to buffer: inout ByteBuffer) {
        switch self {
        case .null: buffer.writeStaticString("\\N")
        case .uuid(let id): buffer.writeString(id.uuidString)
        case .int(let number): buffer.writeString(String(number))
        case .double(let number):
            buffer.writeString(number.isFinite ? "\(number)" : number.isNaN ? "NaN" : number > 0 ? "Infinity" : "-Infinity")
        case .bool(let flag): buffer.writeStaticString(flag ? "t" : "f")
        case .time(let date): buffer.writeString(UTCTime.postgresText(date))
        case .text(let text), .name(let text):
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
                case UInt8(ascii: "\t"): buffer.writeStaticString("\\t")
                case UInt8(ascii: "\n"): buffer.writeStaticString("\\n")
                case UInt8(ascii: "\r"): buffer.writeStaticString("\\r")
                default: buffer.writeInteger(byte)
                }
            }
        }
    }
}

/// Many rows into one table, in as few round trips as the engine allows.
enum BulkRows {
    /// `column = value, ...` for an UPDATE, from a row's columns and values (a table's
    /// encoder), leaving out the columns in `except`.
    static func assignments(_ columns: [String], _ values: [RowValue], except: Set<String>) -> SQLQueryString {
        assignments(columns, values) { !except.contains($0) }
    }

    /// The same for only the columns in `only`: what one action changes, so a change
    /// made meanwhile to another column by another request is not written back.
    static func assignments(_ columns: [String], _ values: [RowValue], only: Set<String>) -> SQLQueryString {
        assignments(columns, values) { only.contains($0) }
    }

    private static func assignments(_ columns: [String], _ values: [RowValue], including: (String) -> Bool) -> SQLQueryString {
        checkLength(values, columns: columns)
        return zip(columns, values).filter { including($0.0) }.map { column, value in
            "\(unsafeRaw: column) = " + value.sql as SQLQueryString
        }.joined(separator: ", ")
    }

    /// Adds `rows` to `table` (`table` and `columns` go into the statement as they
    /// are: pass only fixed names). With `streaming`, PostgreSQL takes them by
    /// `COPY ... FROM STDIN`: the server's statement log of a 100,000-set import
    /// showed a third of its time spent parsing multi-row INSERTs and binding their
    /// values, which COPY does not do; constraints and indexes are checked alike,
    /// in the same transaction. Otherwise, and always on SQLite (no COPY, no such
    /// cost), multi-row INSERTs of 500 rows.
    static func insert(_ rows: [[RowValue]], into table: String, columns: [String], streaming: Bool, on db: any Database)
        async throws
    {
        guard !rows.isEmpty else { return }
        for row in rows { checkLength(row, columns: columns) }
        if streaming, let postgres = db as? any PostgresDatabase {
            try await copy(rows, into: table, columns: columns, logger: db.logger, on: postgres)
            return
        }
        let names = columns.joined(separator: ", ")
        for chunk in rows.chunked(by: 500) {
            let tuples = chunk.map { row in "(" + row.map(\.sql).joined(separator: ", ") + ")" as SQLQueryString }
            try await db.sql.raw(
                "INSERT INTO \(unsafeRaw: table) (\(unsafeRaw: names)) VALUES \(tuples.joined(separator: ", "))"
            ).run()
        }
    }

    /// Stops at a row whose encoder and column list disagree: `zip` would drop the
    /// tail, and COPY or INSERT would write values into the wrong columns.
    @inline(__always)
    static func checkLength(_ row: [RowValue], columns: [String]) {
        precondition(row.count == columns.count, "a row of \(row.count) values for \(columns.count) columns \(columns)")
    }

    private static func copy(
        _ rows: [[RowValue]], into table: String, columns: [String], logger: Logger, on postgres: any PostgresDatabase
    ) async throws {
        try await postgres.withConnection { connection in
            connection.eventLoop.makeFutureWithTask {
                try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
                    var buffer = ByteBuffer()
                    buffer.reserveCapacity(1 << 20)
                    for row in rows {
                        for (index, value) in row.enumerated() {
                            if index > 0 { buffer.writeStaticString("\t") }
                            value.writeCopyText(to: &buffer)
                        }
                        buffer.writeStaticString("\n")
                        if buffer.readableBytes >= 1 << 20 {
                            try await writer.write(buffer)
                            buffer.clear()
                        }
                    }
                    if buffer.readableBytes > 0 { try await writer.write(buffer) }
                }
            }
        }.get()
    }
}
