import Foundation
import SpotterCore

/// One app's export layout: built from the header, then fed the rows.
protocol FormatReader {
    static func accepts(header: [String]) -> Bool
    init(header: [String], assumedUnit: MassUnit, notices: inout [String]) throws
    var statedUnit: MassUnit? { get }
    mutating func read(_ record: CSVRecord, into collector: inout WorkoutCollector, file: inout ImportOutline) throws(RowProblem)
}

/// A file to import: read once to outline it and again to import it, in chunks of
/// 64 KB, so it is never held whole (an upload waits on disk).
public struct ImportInput: Sendable {
    let size: Int
    /// A fresh reader of the chunks, from the start.
    let open: @Sendable () throws -> () throws -> [UInt8]?

    /// A file on disk; refuses one larger than `ImportRules.largestFileBytes` before reading it.
    public static func file(path: String) throws -> ImportInput {
        @Sendable func handle() throws -> FileHandle {
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw ImportError("Cannot open \(path): check the path.")
            }
            return handle
        }
        let probe = try handle()
        let size = try Int(probe.seekToEnd())
        try probe.close()
        return ImportInput(size: size) {
            let file = try handle()
            // Read again, a file must still be the size it was: one cut or added to
            // since it was outlined is not the file the lifter checked.
            guard try Int(file.seekToEnd()) == size else { throw ImportError.changedSincePreview }
            try file.seek(toOffset: 0)
            return {
                guard let data = try file.read(upToCount: 1 << 16), !data.isEmpty else {
                    try? file.close()
                    return nil
                }
                return [UInt8](data)
            }
        }
    }

    /// A file already in memory.
    public static func bytes(_ bytes: [UInt8]) -> ImportInput {
        ImportInput(size: bytes.count) {
            var offset = 0
            return {
                guard offset < bytes.count else { return nil }
                let end = min(offset + (1 << 16), bytes.count)
                defer { offset = end }
                return Array(bytes[offset..<end])
            }
        }
    }
}

/// Reads an export: detects the app from the header when not told, streams the
/// rows, and reports every row it leaves out. Two passes, so memory is bounded by
/// the number of workouts and not by the sets: `outline` reads what a preview shows
/// and a plan needs, `workouts` reads the sets again and hands over each workout as
/// soon as its last row is read. Pure: bytes in, values out.
public enum ImportReader {
    /// The app whose header this is, or nil.
    public static func detect(header: [String]) -> ImportSource? {
        if HevyReader.accepts(header: header) { return .hevy }
        if FitNotesReader.accepts(header: header) { return .fitnotes }
        if StrongReader.accepts(header: header) { return .strong }
        return nil
    }

    /// The first pass: the file's workouts without their sets, its exercise names,
    /// and what is left out.
    public static func outline(_ input: ImportInput, source: ImportSource?, assumedUnit: MassUnit) throws -> ImportOutline {
        var scan = try RowScan(input, source: source, assumedUnit: assumedUnit, collector: WorkoutCollector())
        while try scan.step() {}
        if scan.outline.rows == 0 { throw ImportError("The file has a header but no rows: there is nothing to import.") }
        scan.outline.notices = ImportRules.capped(scan.outline.notices, more: "more note")
        scan.collector.finish(&scan.outline, source: scan.outline.source)
        scan.outline.fingerprint = scan.fingerprint.value
        return scan.outline
    }

    /// The second pass over a file outlined as `outline`: its workouts with their
    /// sets, one at a time, each as soon as its last row is read.
    public static func workouts(_ input: ImportInput, outline: ImportOutline) throws -> ImportedWorkouts {
        ImportedWorkouts(
            scan: try RowScan(
                input, source: outline.source, assumedUnit: outline.assumedUnit, collector: WorkoutCollector(outline: outline),
                expected: outline.fingerprint))
    }

    /// Reads a whole file from disk, sets included (see `ImportFile`).
    public static func read(path: String, source: ImportSource?, assumedUnit: MassUnit) throws -> ImportFile {
        try read(.file(path: path), source: source, assumedUnit: assumedUnit)
    }

    /// Reads a whole file already in memory, sets included (see `ImportFile`).
    public static func read(bytes: [UInt8], source: ImportSource?, assumedUnit: MassUnit) throws -> ImportFile {
        try read(.bytes(bytes), source: source, assumedUnit: assumedUnit)
    }

    static func read(_ input: ImportInput, source: ImportSource?, assumedUnit: MassUnit) throws -> ImportFile {
        let outline = try outline(input, source: source, assumedUnit: assumedUnit)
        var stream = try workouts(input, outline: outline)
        var workouts: [ImportedWorkout] = []
        while let workout = try stream.next() { workouts.append(workout) }
        return ImportFile(outline: outline, workouts: workouts.sorted { ($0.start, $0.line) < ($1.start, $1.line) })
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

    /// The delimiter, from the header line: reads up to its end, and hands the
    /// bytes read back to the CSV reader.
    static func csvReader(_ input: ImportInput, fingerprint: ByteFingerprint) throws -> CSVReader {
        let source = try input.open()
        let next = {
            let chunk = try source()
            if let chunk { fingerprint.add(chunk) }
            return chunk
        }
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
        return CSVReader(delimiter: delimiter) {
            if let chunk = first {
                first = nil
                return chunk
            }
            return ended ? nil : try next().flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    /// A row whose text holds a control character is left out with the column named,
    /// rather than stored cut short (SQLite) or refused by the database (PostgreSQL).
    static func checkPlainText(_ record: CSVRecord, header: [String]) throws(RowProblem) {
        for (index, field) in record.fields.enumerated() {
            guard let scalar = PlainText.firstForbidden(in: field) else { continue }
            let column = index < header.count ? header[index] : "column \(index + 1)"
            throw RowProblem(PlainText.message(field: column, scalar: scalar))
        }
    }
}

/// One pass over a file's rows: the header read and its app known, each `step`
/// reads one row into the collector.
struct RowScan {
    private var reader: CSVReader
    /// Of every byte read; in the import pass, what the outline's must be at the end.
    let fingerprint = ByteFingerprint()
    private let expected: UInt64?
    private var format: any FormatReader
    private let header: [String]
    var outline: ImportOutline
    var collector: WorkoutCollector

    /// `expected`: in the import pass, the outline's fingerprint.
    init(_ input: ImportInput, source: ImportSource?, assumedUnit: MassUnit, collector: WorkoutCollector, expected: UInt64? = nil)
        throws
    {
        try ImportReader.checkSize(input.size)
        self.expected = expected
        reader = try ImportReader.csvReader(input, fingerprint: fingerprint)
        do {
            guard let header = try reader.next() else {
                throw ImportError("The file is empty. Export your history from the app again and choose that file.")
            }
            let detected = ImportReader.detect(header: header.fields)
            guard let source = source ?? detected else {
                throw ImportError(
                    "Spotter does not recognise this file: its first line should be the header of a Strong, Hevy or FitNotes CSV export."
                )
            }
            if let detected, detected != source {
                throw ImportError(
                    "This is a \(detected.displayName) export, not a \(source.displayName) one: choose \(detected.displayName).")
            }
            self.header = header.fields
            outline = ImportOutline(source: source, assumedUnit: assumedUnit)
            let kind: any FormatReader.Type =
                switch source {
                case .strong: StrongReader.self
                case .hevy: HevyReader.self
                case .fitnotes: FitNotesReader.self
                }
            format = try kind.init(header: header.fields, assumedUnit: assumedUnit, notices: &outline.notices)
            outline.statedUnit = format.statedUnit
        } catch let error as CSVReadError {
            throw ImportError(error.description)
        }
        self.collector = collector
    }

    /// Reads the next row; false at the end of the file.
    mutating func step() throws -> Bool {
        let next: CSVRecord?
        do { next = try reader.next() } catch let error as CSVReadError { throw ImportError(error.description) }
        guard let record = next else {
            // In the import pass, a workout still open here was not in the outline, and
            // other bytes than the outline's mean another file.
            if let expected, collector.openWorkouts > 0 || fingerprint.value != expected { throw ImportError.changedSincePreview }
            outline.statedUnit = format.statedUnit
            return false
        }
        // A line of empty fields (";;;;") is a blank line.
        if record.fields.allSatisfy({ $0.trimmedOfSpaces.isEmpty }) { return true }
        outline.rows += 1
        do throws(RowProblem) {
            // A row shorter than the header was cut off (FitNotes rows are
            // checked by their reader: their names may hold commas).
            if outline.source != .fitnotes, record.fields.count < header.count {
                throw RowProblem("The row has \(record.fields.count) fields where the header has \(header.count): it is cut off.")
            }
            try ImportReader.checkPlainText(record, header: header)
            try format.read(record, into: &collector, file: &outline)
        } catch {
            outline.skip(SkippedRow(line: record.line, reason: error.reason))
        }
        collector.endRow(line: record.line)
        return true
    }
}

/// The workouts of a file with their sets, each as soon as its last row is read
/// (`ImportReader.workouts`).
public struct ImportedWorkouts {
    var scan: RowScan
    private var ready: [ImportedWorkout] = []
    private var index = 0

    init(scan: RowScan) {
        self.scan = scan
    }

    /// The next complete workout, or nil at the end of the file.
    public mutating func next() throws -> ImportedWorkout? {
        while index == ready.count {
            let more = try scan.step()
            (ready, index) = (scan.collector.takeCompleted(), 0)
            if ready.isEmpty, !more { return nil }
        }
        defer { index += 1 }
        return ready[index]
    }
}

/// FNV-1a over the bytes of a file as they are read: whether a second reading read
/// the same file as the first.
final class ByteFingerprint {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    func add(_ bytes: [UInt8]) {
        var value = value
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        self.value = value
    }
}
