import Foundation

/// One record of a CSV file and the line it starts on (1 is the header).
public struct CSVRecord: Sendable, Equatable {
    public var line: Int
    public var fields: [String]

    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }
}

/// Why a file cannot be read as CSV text at all.
public enum CSVReadError: Error, Equatable, CustomStringConvertible {
    /// Bytes that are not UTF-8 text (a binary file, or another encoding).
    case notText(line: Int)
    /// A quoted field that never closes: the file was cut off.
    case unclosedQuote(line: Int)
    /// A record far longer than any export writes (a binary file without newlines).
    case recordTooLong(line: Int)

    public var description: String {
        switch self {
        case .notText(let line):
            "Line \(line) is not text: this is not a CSV export (or not saved as UTF-8). Export the file again from the app."
        case .unclosedQuote(let line):
            "The quoted field that starts on line \(line) never ends: the file is cut off. Export it again and import the whole file."
        case .recordTooLong(let line):
            "Line \(line) is longer than \(CSVReader.maximumRecordBytes / 1024) KB: this is not a CSV export."
        }
    }
}

/// A streaming RFC 4180 reader over bytes: `,` or `;` between fields, fields
/// quoted or not (`""` inside quotes is one quote), CRLF or LF, an optional UTF-8
/// byte-order mark, blank lines skipped. It keeps the line each record starts on,
/// counting newlines inside quoted fields, so a skipped row is reported where an
/// editor shows it; and it tells a cut-off file (a quote that never closes) and a
/// binary one from a CSV file. Reads the source in chunks: memory stays bounded by
/// the longest record, whatever the file's size.
///
/// Written for these files rather than taken from a CSV package: SwiftCSV reads the
/// whole text at once, and CSV.swift counts neither lines nor an unclosed quote.
public struct CSVReader {
    /// The longest record accepted; exports write a few hundred bytes a row.
    public static let maximumRecordBytes = 1 << 20

    public let delimiter: UInt8
    private let source: () throws -> [UInt8]?
    private var chunk: [UInt8] = []
    private var index = 0
    private var finished = false
    private var line = 1
    private var started = false

    /// Reads chunks from `source` until it returns nil.
    public init(delimiter: UInt8 = UInt8(ascii: ","), source: @escaping () throws -> [UInt8]?) {
        self.delimiter = delimiter
        self.source = source
    }

    /// Reads text already in memory.
    public init(delimiter: UInt8 = UInt8(ascii: ","), bytes: [UInt8]) {
        var given: [UInt8]? = bytes
        self.init(delimiter: delimiter) {
            defer { given = nil }; return given
        }
    }

    /// Reads a file from the start in chunks of 64 KB.
    public init(delimiter: UInt8 = UInt8(ascii: ","), file: FileHandle) {
        self.init(delimiter: delimiter) {
            let data = try file.read(upToCount: 1 << 16) ?? Data()
            return data.isEmpty ? nil : [UInt8](data)
        }
    }

    private mutating func fill() throws -> Bool {
        while index >= chunk.count {
            if finished { return false }
            guard let next = try source() else {
                finished = true
                return false
            }
            chunk = next
            index = 0
        }
        return true
    }

    private mutating func nextByte() throws -> UInt8? {
        guard try fill() else { return nil }
        defer { index += 1 }
        return chunk[index]
    }

    private mutating func peekByte() throws -> UInt8? {
        guard try fill() else { return nil }
        return chunk[index]
    }

    /// The next record, or nil at the end of the file.
    public mutating func next() throws -> CSVRecord? {
        if !started {
            started = true
            // A UTF-8 byte-order mark: EF BB BF.
            if try peekByte() == 0xEF {
                index += 1
                guard try nextByte() == 0xBB, try nextByte() == 0xBF else { throw CSVReadError.notText(line: 1) }
            }
        }
        // Blank lines between and after records are skipped.
        while let byte = try peekByte(), byte == 0x0A || byte == 0x0D {
            index += 1
            if byte == 0x0A { line += 1 }
        }
        guard try peekByte() != nil else { return nil }

        let first = line
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var inQuotes = false
        var size = 0
        func finishField() throws {
            guard let text = String(validating: field, as: UTF8.self) else { throw CSVReadError.notText(line: first) }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
            quoted = false
        }
        while let byte = try nextByte() {
            size += 1
            if size > Self.maximumRecordBytes { throw CSVReadError.recordTooLong(line: first) }
            if byte == 0 { throw CSVReadError.notText(line: line) }
            if inQuotes {
                if byte == 0x22 {
                    if try peekByte() == 0x22 {
                        index += 1
                        field.append(0x22)
                    } else {
                        inQuotes = false
                    }
                } else {
                    if byte == 0x0A { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case 0x22 where field.isEmpty && !quoted:
                inQuotes = true
                quoted = true
            case delimiter:
                try finishField()
            case 0x0D, 0x0A:
                if byte == 0x0D, try peekByte() == 0x0A { index += 1 }
                line += 1
                try finishField()
                return CSVRecord(line: first, fields: fields)
            default:
                // A quote inside an unquoted field, or text after a closing quote,
                // is kept as it is: exports are not always strict.
                field.append(byte)
            }
        }
        if inQuotes { throw CSVReadError.unclosedQuote(line: first) }
        try finishField()
        return CSVRecord(line: first, fields: fields)
    }

    /// The delimiter a header line uses: `;` when it has more of them than commas.
    public static func delimiter(ofHeader header: [UInt8]) -> UInt8 {
        let semicolons = header.count(where: { $0 == UInt8(ascii: ";") })
        let commas = header.count(where: { $0 == UInt8(ascii: ",") })
        return semicolons > commas ? UInt8(ascii: ";") : UInt8(ascii: ",")
    }
}
