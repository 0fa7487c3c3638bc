import FluentKit
import Foundation
import PostgresKit
import SpotterCore

/// Rows streamed into a PostgreSQL table with `COPY ... FROM STDIN`.
///
/// The server's statement log of a 100,000-set import showed most of its time in
/// the multi-row INSERTs of the sets, a third of it spent parsing the statements
/// and binding their parameters. COPY streams the rows as text instead; the
/// constraints and indexes are checked as for an INSERT, inside the same
/// transaction. SQLite has no COPY (and no such cost): callers fall back to INSERT.
enum PostgresCopy {
    /// One value of a row, in COPY's text format.
    enum Value: Sendable {
        case null
        case text(String)
        case uuid(UUID)
        case int(Int)
        case double(Double)
        case bool(Bool)
        case time(Date)

        static func int(_ value: Int?) -> Value { value.map { .int($0) } ?? .null }
        static func double(_ value: Double?) -> Value { value.map { .double($0) } ?? .null }
        static func text(_ value: String?) -> Value { value.map { .text($0) } ?? .null }
        static func uuid(_ value: UUID?) -> Value { value.map { .uuid($0) } ?? .null }
        static func time(_ value: Date?) -> Value { value.map { .time($0) } ?? .null }

        fileprivate func write(to buffer: inout ByteBuffer) {
            switch self {
            case .null: buffer.writeStaticString("\\N")
            case .uuid(let id): buffer.writeString(id.uuidString)
            case .int(let number): buffer.writeString(String(number))
            case .double(let number):
                buffer.writeString(number.isFinite ? "\(number)" : number.isNaN ? "NaN" : number > 0 ? "Infinity" : "-Infinity")
            case .bool(let flag): buffer.writeStaticString(flag ? "t" : "f")
            case .time(let date): buffer.writeString(UTCTime.postgresText(date))
            case .text(let text):
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

    /// Copies `rows` into `table`; false (and nothing done) when `db` is not PostgreSQL.
    /// `table` and `columns` go into the statement as they are: pass only fixed names.
    static func copy(_ rows: [[Value]], into table: String, columns: [String], on db: any Database) async throws -> Bool {
        guard let postgres = db as? any PostgresDatabase else { return false }
        guard !rows.isEmpty else { return true }
        let logger = db.logger
        try await postgres.withConnection { connection in
            connection.eventLoop.makeFutureWithTask {
                try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
                    var buffer = ByteBuffer()
                    buffer.reserveCapacity(1 << 20)
                    for row in rows {
                        for (index, value) in row.enumerated() {
                            if index > 0 { buffer.writeStaticString("\t") }
                            value.write(to: &buffer)
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
        return true
    }
}
