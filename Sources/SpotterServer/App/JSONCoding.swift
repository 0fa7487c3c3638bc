import Foundation

/// The one JSON configuration of the app: request bodies, API answers and the files
/// the app writes for itself all use it.
enum JSONCoding {
    /// JSON bodies larger than this are refused with 413.
    static let maxBodySize = 1024 * 1024

    /// Dates are read strictly (`RequestDates`).
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = RequestDates.strategy
        return decoder
    }

    /// Keys in a stable order, so the same data is always the same bytes. Ids are
    /// written in lower case (`UUID+Text.swift`).
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// `value` as JSON to embed in a page (`<script type="application/json">`), the one
    /// way every such island is written. Escaping `</` alone was not enough: a name
    /// holding `<!--<script>` put the HTML parser in its double-escaped state, the
    /// island ran on past its `</script>` and the logging page showed 0 sets. Here `<`,
    /// `>` and `&` never appear raw (`\u003c`, `\u003e`, `\u0026`: outside strings JSON
    /// has none of them, so only strings change, and `JSON.parse` reads them back), nor
    /// do U+2028 and U+2029, which end a line in older script parsers.
    static func scriptIsland(_ value: some Encodable) throws -> String {
        scriptIsland(json: try encoder.encode(value))
    }

    static func scriptIsland(json: Data) -> String {
        let bytes = [UInt8](json)
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count + bytes.count / 16)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "<"): escaped += Array(#"\u003c"#.utf8)
            case UInt8(ascii: ">"): escaped += Array(#"\u003e"#.utf8)
            case UInt8(ascii: "&"): escaped += Array(#"\u0026"#.utf8)
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (0xA8...0xA9).contains(bytes[index + 2]):
                escaped += Array((bytes[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
                index += 2
            default: escaped.append(byte)
            }
            index += 1
        }
        return String(decoding: escaped, as: UTF8.self)
    }
}
