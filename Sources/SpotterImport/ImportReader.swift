import Foundation
import SpotterCore

/// One app's export layout: built from the header, then fed the rows.
protocol FormatReader {
    static func accepts(header: [String]) -> Bool
    init(header: [String], assumedUnit: MassUnit, notices: inout [String]) throws
    var statedUnit: MassUnit? { get }
    mutating func read(_ record: CSVRecord, into collector: inout WorkoutCollector, file: inout ImportFile) throws(RowProblem)
}

/// Reads an export into workouts: detects the app from the header when not told,
/// streams the rows, and reports every row it leaves out. Pure: bytes in, values out.
public enum ImportReader {
    /// The app whose header this is, or nil.
    public static func detect(header: [String]) -> ImportSource? {
        if HevyReader.accepts(header: header) { return .hevy }
        if FitNotesReader.accepts(header: header) { return .fitnotes }
        if StrongReader.accepts(header: header) { return .strong }
        return nil
    }

    /// Reads a file from disk; refuses one larger than `ImportRules.largestFileBytes`
    /// before reading it.
    public static func read(path: String, source: ImportSource?, assumedUnit: MassUnit) throws -> ImportFile {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ImportError("Cannot open \(path): check the path.") }
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 0)
        try checkSize(Int(size))
        return try read(source: source, assumedUnit: assumedUnit) { try handle.read(upToCount: 1 << 16).map { [UInt8]($0) } }
    }

    /// Reads a file already in memory (an upload).
    public static func read(bytes: [UInt8], source: ImportSource?, assumedUnit: MassUnit) throws -> ImportFile {
        try checkSize(bytes.count)
        var offset = 0
        return try read(source: source, assumedUnit: assumedUnit) {
            guard offset < bytes.count else { return nil }
            let end = min(offset + (1 << 16), bytes.count)
            defer { offset = end }
            return Array(bytes[offset..<end])
        }
    }

    static func checkSize(_ size: Int) throws {
        if size == 0 { throw ImportError("The file is empty. Export your history from the app again and choose that file.") }
        if size > ImportRules.largestFileBytes { throw tooLarge(limit: ImportRules.largestFileBytes) }
    }

    /// The refusal of a file over `limit` bytes, wherever the size is checked (here,
    /// by an upload as it arrives, and by the upload script before sending).
    public static func tooLarge(limit: Int) -> ImportError {
        ImportError(
            "The file is larger than \(sizeText(limit)), the most Spotter imports. "
                + "Is it the app's CSV export? Ten years of training is about 10 MB.")
    }

    /// "64 MB", or "256 KB" below a megabyte.
    public static func sizeText(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes >> 10) KB"
    }

    /// Reads chunks from `next` until it returns nil or an empty chunk.
    public static func read(source: ImportSource?, assumedUnit: MassUnit, next: @escaping () throws -> [UInt8]?) throws -> ImportFile {
        // The header line decides the delimiter: read up to its end first.
        var buffered: [UInt8] = []
        var ended = false
        while !buffered.drop(while: { $0 == 0x0A || $0 == 0x0D }).contains(0x0A) {
            guard let chunk = try next(), !chunk.isEmpty else {
                ended = true
                break
            }
            buffered += chunk
            if buffered.count > CSVReader.maximumRecordBytes { break }
        }
        // Blank lines before the header (the CSV reader skips them) do not decide.
        var headerStart = buffered.startIndex
        while headerStart < buffered.endIndex, buffered[headerStart] == 0x0A || buffered[headerStart] == 0x0D { headerStart += 1 }
        let headerEnd = buffered[headerStart...].firstIndex(of: 0x0A) ?? buffered.endIndex
        let delimiter = CSVReader.delimiter(ofHeader: Array(buffered[headerStart..<headerEnd]))
        var first: [UInt8]? = buffered
        var reader = CSVReader(delimiter: delimiter) {
            if let chunk = first {
                first = nil
                return chunk
            }
            return ended ? nil : try next().flatMap { $0.isEmpty ? nil : $0 }
        }
        do {
            guard let header = try reader.next() else {
                throw ImportError("The file is empty. Export your history from the app again and choose that file.")
            }
            let detected = detect(header: header.fields)
            guard let source = source ?? detected else {
                throw ImportError(
                    "Spotter does not recognise this file: its first line should be the header of a Strong, Hevy or FitNotes CSV export.")
            }
            if let detected, detected != source {
                throw ImportError("This is a \(detected.displayName) export, not a \(source.displayName) one: choose \(detected.displayName).")
            }
            switch source {
            case .strong: return try read(StrongReader.self, source: source, header: header.fields, reader: &reader, unit: assumedUnit)
            case .hevy: return try read(HevyReader.self, source: source, header: header.fields, reader: &reader, unit: assumedUnit)
            case .fitnotes: return try read(FitNotesReader.self, source: source, header: header.fields, reader: &reader, unit: assumedUnit)
            }
        } catch let error as CSVReadError {
            throw ImportError(error.description)
        }
    }

    private static func read<Format: FormatReader>(
        _ format: Format.Type, source: ImportSource, header: [String], reader: inout CSVReader, unit: MassUnit
    ) throws -> ImportFile {
        var file = ImportFile(source: source, assumedUnit: unit)
        var format = try Format(header: header, assumedUnit: unit, notices: &file.notices)
        file.statedUnit = format.statedUnit
        var collector = WorkoutCollector()
        while let record = try reader.next() {
            // A line of empty fields (";;;;") is a blank line.
            if record.fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            file.rows += 1
            do throws(RowProblem) {
                // A row shorter than the header was cut off (FitNotes rows are
                // checked by their reader: their names may hold commas).
                if source != .fitnotes, record.fields.count < header.count {
                    throw RowProblem("The row has \(record.fields.count) fields where the header has \(header.count): it is cut off.")
                }
                try checkPlainText(record, header: header)
                try format.read(record, into: &collector, file: &file)
            } catch {
                file.skipped.append(SkippedRow(line: record.line, reason: error.reason))
            }
        }
        file.statedUnit = format.statedUnit
        file.workouts = collector.finished()
        file.notices += collector.oversizedNotices()
        file.skipped.sort { $0.line < $1.line }
        if file.rows == 0 { throw ImportError("The file has a header but no rows: there is nothing to import.") }
        return file
    }

    /// A row whose text holds a control character is left out with the column named,
    /// rather than stored cut short (SQLite) or refused by the database (PostgreSQL).
    private static func checkPlainText(_ record: CSVRecord, header: [String]) throws(RowProblem) {
        for (index, field) in record.fields.enumerated() {
            guard let scalar = PlainText.firstForbidden(in: field) else { continue }
            let column = index < header.count ? header[index] : "column \(index + 1)"
            throw RowProblem(PlainText.message(field: column, scalar: scalar))
        }
    }
}
