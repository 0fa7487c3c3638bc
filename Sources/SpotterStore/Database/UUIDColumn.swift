import Foundation
import PostgresNIO
import SQLKit
import SQLiteNIO

/// Reading ids from rows without Foundation's text parser.
///
/// SQLite keeps ids as text, and `UUID(uuidString:)` on Linux parses each with
/// `sscanf`, a byte at a time: profiled on the stats page (three months of sets),
/// that parse was 13% of the whole server's time. PostgreSQL sends ids as 16 bytes,
/// which PostgresNIO reads directly; this leaves that path as it is.
extension SQLRow {
    /// An id column (a non-generic overload: every `decode(column:as: UUID.self)`
    /// in the store comes here rather than through `Decodable`).
    func decode(column: String, as type: UUID.Type) throws -> UUID {
        try decode(column: column, as: UUIDColumn.self).value
    }

    /// An id column that may be NULL.
    func optional(_ column: String, as type: UUID.Type = UUID.self) throws -> UUID? {
        try decodeNil(column: column) ? nil : decode(column: column, as: UUID.self)
    }
}

extension UUID {
    /// Parses the 36-character text form (either case), or nil.
    init?(text: some StringProtocol) {
        self.init(utf8: text.utf8)
    }

    /// The same from the text's bytes.
    init?(utf8 text: some Collection<UInt8>) {
        var high: UInt64 = 0, low: UInt64 = 0
        var digits = 0, position = 0
        for character in text {
            defer { position += 1 }
            if position == 8 || position == 13 || position == 18 || position == 23 {
                guard character == UInt8(ascii: "-") else { return nil }
                continue
            }
            let nibble: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = character &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = character &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = character &- UInt8(ascii: "A") &+ 10
            default: return nil
            }
            guard digits < 32 else { return nil }
            if digits < 16 { high = high << 4 | UInt64(nibble) } else { low = low << 4 | UInt64(nibble) }
            digits += 1
        }
        guard position == 36, digits == 32 else { return nil }
        func byte(_ word: UInt64, _ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: word >> (56 - 8 * index)) }
        self.init(
            uuid: (
                byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5), byte(high, 6),
                byte(high, 7),
                byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
            ))
    }
}

/// An id as either engine stores it: text on SQLite (parsed by `UUID(text:)`),
/// the uuid type on PostgreSQL.
struct UUIDColumn: Decodable, SQLiteDataConvertible, PostgresDecodable {
    let value: UUID

    init?(sqliteData: SQLiteData) {
        guard case .text(let text) = sqliteData, let value = UUID(text: text) else { return nil }
        self.value = value
    }

    var sqliteData: SQLiteData? { .text(value.uuidString) }

    init<JSONDecoder: PostgresJSONDecoder>(
        from buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat,
        context: PostgresDecodingContext<JSONDecoder>
    ) throws {
        value = try UUID(from: &buffer, type: type, format: format, context: context)
    }

    init(from decoder: any Decoder) throws {
        value = try UUID(from: decoder)
    }
}
