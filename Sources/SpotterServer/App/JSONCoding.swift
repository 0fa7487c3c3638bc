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
}
