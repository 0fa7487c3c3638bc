import Foundation
import SpotterCore
import Testing

@testable import SpotterImport

/// The CSV layer under the three importers: what a field is, where a record
/// starts, and which files are refused before any row is read.
@Suite("CSV reader")
struct CSVReaderTests {
    static let comma = UInt8(ascii: ",")
    static let semicolon = UInt8(ascii: ";")

    /// Every record of `bytes`, read from memory.
    static func records(_ bytes: [UInt8], delimiter: UInt8 = comma) throws -> [CSVRecord] {
        var reader = CSVReader(delimiter: delimiter, bytes: bytes)
        var result: [CSVRecord] = []
        while let record = try reader.next() { result.append(record) }
        return result
    }

    static func records(_ text: String, delimiter: UInt8 = comma) throws -> [CSVRecord] {
        try records(Array(text.utf8), delimiter: delimiter)
    }

    /// Every record of `bytes`, fed to the reader `size` bytes at a time.
    static func records(_ bytes: [UInt8], chunkSize size: Int, delimiter: UInt8 = comma) throws -> [CSVRecord] {
        var offset = 0
        var reader = CSVReader(delimiter: delimiter) {
            guard offset < bytes.count else { return nil }
            let end = min(offset + size, bytes.count)
            defer { offset = end }
            return Array(bytes[offset..<end])
        }
        var result: [CSVRecord] = []
        while let record = try reader.next() { result.append(record) }
        return result
    }

    @Test("Quoted and unquoted fields, a comma inside quotes, \"\" as one quote, empty fields")
    func quotedAndUnquoted() throws {
        let records = try Self.records("a,\"b,c\",\"say \"\"hi\"\"\",,\"\",last\n")
        #expect(records == [CSVRecord(line: 1, fields: ["a", "b,c", "say \"hi\"", "", "", "last"])])
    }

    @Test("A trailing delimiter ends with an empty field; the last record needs no newline")
    func trailingDelimiterAndNoFinalNewline() throws {
        let records = try Self.records("a,b,\nc,d")
        #expect(records == [CSVRecord(line: 1, fields: ["a", "b", ""]), CSVRecord(line: 2, fields: ["c", "d"])])
    }

    @Test("A semicolon delimiter leaves commas (decimal commas) inside fields")
    func semicolonDelimiter() throws {
        let records = try Self.records("\"Weight\";Reps;Note\n\"60,5\";5;a, b\n", delimiter: Self.semicolon)
        #expect(
            records == [
                CSVRecord(line: 1, fields: ["Weight", "Reps", "Note"]),
                CSVRecord(line: 2, fields: ["60,5", "5", "a, b"]),
            ])
    }

    @Test("A UTF-8 byte-order mark is not part of the first field")
    func byteOrderMark() throws {
        let records = try Self.records([0xEF, 0xBB, 0xBF] + Array("Date,Exercise\n2024-01-01,Squat\n".utf8))
        #expect(records.first == CSVRecord(line: 1, fields: ["Date", "Exercise"]))
        #expect(records.count == 2)
    }

    @Test("CRLF line ends: no carriage return left in the last field, lines counted once")
    func crlf() throws {
        let records = try Self.records("a,b\r\nc,d\r\ne,f\r\n")
        #expect(
            records == [
                CSVRecord(line: 1, fields: ["a", "b"]), CSVRecord(line: 2, fields: ["c", "d"]),
                CSVRecord(line: 3, fields: ["e", "f"]),
            ])
    }

    @Test("Blank lines between records and at the end are skipped but still counted as lines")
    func blankLines() throws {
        #expect(
            try Self.records("h\n\n\nx\n\n\n") == [CSVRecord(line: 1, fields: ["h"]), CSVRecord(line: 4, fields: ["x"])])
        #expect(
            try Self.records("h\r\n\r\nx\r\n\r\n") == [CSVRecord(line: 1, fields: ["h"]), CSVRecord(line: 3, fields: ["x"])])
    }

    @Test("A newline inside a quoted field stays in the field, and the next record's line is right")
    func newlineInsideQuotes() throws {
        let records = try Self.records("h,n\n1,\"first line\nsecond line\"\n2,plain\n")
        #expect(
            records == [
                CSVRecord(line: 1, fields: ["h", "n"]),
                CSVRecord(line: 2, fields: ["1", "first line\nsecond line"]),
                CSVRecord(line: 4, fields: ["2", "plain"]),
            ])
    }

    @Test("A quote that never closes (a cut-off file) is an error naming the line it opened on")
    func unclosedQuote() throws {
        var reader = CSVReader(bytes: Array("h,n\n1,ok\n2,\"cut off here\n3,x\n".utf8))
        #expect(try reader.next()?.line == 1)
        #expect(try reader.next()?.line == 2)
        #expect(throws: CSVReadError.unclosedQuote(line: 3)) { try reader.next() }
    }

    @Test("A NUL byte is not text")
    func nulByte() throws {
        #expect(throws: CSVReadError.notText(line: 2)) {
            try Self.records([UInt8]("h,n\n1,".utf8) + [0x00] + [UInt8]("x\n".utf8))
        }
    }

    @Test("Bytes that are not UTF-8 are not text")
    func invalidUTF8() throws {
        // "caf\xE9": Latin-1, not UTF-8.
        #expect(throws: CSVReadError.notText(line: 2)) { try Self.records([UInt8]("h,n\n1,caf".utf8) + [0xE9, 0x0A]) }
    }

    @Test("A record over the size limit (a binary file without newlines) is refused")
    func recordTooLong() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: CSVReader.maximumRecordBytes + 1)
        #expect(throws: CSVReadError.recordTooLong(line: 1)) { try Self.records(bytes) }
    }

    static let awkward: [UInt8] =
        [0xEF, 0xBB, 0xBF]
        + Array(
            "Date;Name;Note\r\n2024-01-01;\"Squat; low bar\";\"He said \"\"go\"\"\r\nthen left\"\r\n\r\n\n2024-01-02;Bench;\"\"\r\n2024-01-03;Übung äöü;€\n\n"
                .utf8)

    @Test(
        "Chunk boundaries anywhere (BOM, CRLF, quotes, multi-byte characters) give the same records", arguments: [1, 2, 3, 5, 64])
    func chunkBoundaries(size: Int) throws {
        let whole = try Self.records(Self.awkward, delimiter: Self.semicolon)
        #expect(
            whole == [
                CSVRecord(line: 1, fields: ["Date", "Name", "Note"]),
                CSVRecord(line: 2, fields: ["2024-01-01", "Squat; low bar", "He said \"go\"\r\nthen left"]),
                CSVRecord(line: 6, fields: ["2024-01-02", "Bench", ""]),
                CSVRecord(line: 7, fields: ["2024-01-03", "Übung äöü", "€"]),
            ])
        #expect(try Self.records(Self.awkward, chunkSize: size, delimiter: Self.semicolon) == whole)
    }

    @Test("An empty chunk from the source does not end the file early")
    func emptyChunk() throws {
        var chunks: [[UInt8]] = [Array("a,".utf8), [], Array("b\nc,d\n".utf8)]
        var reader = CSVReader { chunks.isEmpty ? nil : chunks.removeFirst() }
        #expect(try reader.next() == CSVRecord(line: 1, fields: ["a", "b"]))
        #expect(try reader.next() == CSVRecord(line: 2, fields: ["c", "d"]))
        #expect(try reader.next() == nil)
    }

    @Test("The delimiter is read from the header line")
    func delimiterOfHeader() {
        #expect(CSVReader.delimiter(ofHeader: Array("Date,Workout Name,Duration".utf8)) == Self.comma)
        #expect(CSVReader.delimiter(ofHeader: Array("\"Workout #\";\"Date\";\"Workout Name\"".utf8)) == Self.semicolon)
        #expect(CSVReader.delimiter(ofHeader: Array("Date;Workout Name;Exercise Name;Set Order".utf8)) == Self.semicolon)
    }
}

/// What a user sees when a whole file cannot be imported: each message says what
/// is wrong and what to do.
@Suite("Detection and whole-file errors")
struct WholeFileTests {
    static let strong = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"
    static let hevy =
        #""title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe""#
    static let fitNotes = "Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time"

    static func fields(_ header: String, _ delimiter: Character = ",") -> [String] {
        header.split(separator: delimiter, omittingEmptySubsequences: false).map { $0.replacingOccurrences(of: "\"", with: "") }
    }

    @Test("Each app's header is recognised; another header is not")
    func detect() {
        #expect(ImportReader.detect(header: Self.fields(Self.strong)) == .strong)
        #expect(
            ImportReader.detect(header: Self.fields("Date,Workout Name,Exercise Name,Set Order,kg,Reps,km,Seconds,Notes"))
                == .strong)
        #expect(
            ImportReader.detect(
                header: Self.fields(
                    "Workout #;Date;Workout Name;Duration (sec);Exercise Name;Set Order;Weight (kg);Reps;RPE;Distance (meters);Seconds;Notes;Workout Notes",
                    ";")) == .strong)
        #expect(
            ImportReader.detect(
                header: Self.fields(
                    "Datum,Workout-Name,Dauer,Name der Übung,Reihenfolge festlegen,Gewicht,Wiederh.,Entfernung,Sekunden,Notizen,Workout-Notizen,RPE"
                ))
                == .strong)
        #expect(ImportReader.detect(header: Self.fields(Self.hevy)) == .hevy)
        #expect(
            ImportReader.detect(header: Self.fields(Self.hevy.replacingOccurrences(of: "weight_kg", with: "weight_lbs"))) == .hevy
        )
        #expect(ImportReader.detect(header: Self.fields(Self.fitNotes)) == .fitnotes)
        #expect(
            ImportReader.detect(header: Self.fields("Date,Exercise,Category,Weight (lbs),Reps,Distance,Distance Unit,Time"))
                == .fitnotes)
        #expect(ImportReader.detect(header: Self.fields("id,name,email")) == nil)
    }

    @Test(
        "A file from another app than the one chosen says which app to choose",
        arguments: [
            (
                hevy
                    + "\n\"Push\",\"13 Sep 2024, 14:11\",\"13 Sep 2024, 15:19\",\"\",\"Bench Press (Barbell)\",,\"\",0,\"normal\",80,5,,,\n",
                ImportSource.strong, "This is a Hevy export, not a Strong one: choose Hevy."
            ),
            (
                fitNotes + "\n2025-05-01,Bench Press,Chest,60,kgs,5,,,\n", .hevy,
                "This is a FitNotes export, not a Hevy one: choose FitNotes."
            ),
            (
                strong + "\n2024-06-18 11:04:00,Legs,1h,Squat (Barbell),1,100,5,0,0,,,\n", .fitnotes,
                "This is a Strong export, not a FitNotes one: choose Strong."
            ),
        ])
    func wrongApp(text: String, chosen: ImportSource, message: String) {
        #expect(importErrorMessage { _ = try importText(text, source: chosen) } == message)
    }

    @Test("An empty file (0 bytes) asks for the export again")
    func emptyFile() {
        let message = "The file is empty. Export your history from the app again and choose that file."
        #expect(importErrorMessage { _ = try ImportReader.read(bytes: [], source: nil, assumedUnit: .kg) } == message)
        #expect(importErrorMessage { _ = try ImportReader.read(bytes: [], source: .strong, assumedUnit: .kg) } == message)
        // Only a byte-order mark and blank lines: as empty.
        #expect(
            importErrorMessage {
                _ = try ImportReader.read(bytes: [0xEF, 0xBB, 0xBF, 0x0A, 0x0A], source: nil, assumedUnit: .kg)
            } == message)
    }

    @Test("A header without rows says there is nothing to import", arguments: [strong, hevy, fitNotes])
    func headerOnly(header: String) {
        let message = "The file has a header but no rows: there is nothing to import."
        #expect(importErrorMessage { _ = try importText(header) } == message)
        #expect(importErrorMessage { _ = try importText(header + "\r\n\r\n\r\n") } == message)
    }

    @Test("A binary file (a PNG image) is not a CSV export")
    func pngFile() {
        let png: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x01,
            0x00,
        ]
        #expect(
            importErrorMessage { _ = try ImportReader.read(bytes: png, source: nil, assumedUnit: .kg) }
                == "Line 1 is not text: this is not a CSV export (or not saved as UTF-8). Export the file again from the app.")
    }

    @Test("Random bytes are refused with a message, never read as workouts")
    func randomBytes() {
        // A fixed sequence from a linear congruential generator: the same bytes on every run.
        var state: UInt32 = 2_463_534_242
        let bytes: [UInt8] = (0..<4096).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        #expect(
            importErrorMessage { _ = try ImportReader.read(bytes: bytes, source: nil, assumedUnit: .kg) }
                == "Line 1 is not text: this is not a CSV export (or not saved as UTF-8). Export the file again from the app.")
        #expect(
            importErrorMessage { _ = try ImportReader.read(bytes: bytes, source: .hevy, assumedUnit: .kg) }
                == "Line 1 is not text: this is not a CSV export (or not saved as UTF-8). Export the file again from the app.")
    }

    @Test("A text file that is no export names the three apps whose exports are read")
    func unknownText() {
        #expect(
            importErrorMessage { _ = try importText("id,name,email\n1,Ann,ann@example.com\n") }
                == "Spotter does not recognise this file: its first line should be the header of a Strong, Hevy or FitNotes CSV export."
        )
    }

    @Test("A file cut off inside a quoted field asks for the whole file")
    func truncatedFile() {
        let text = """
            \(Self.strong)
            2024-06-18 11:04:00,"Legs",1h,"Squat (Barbell)",1,100,5,0,0,"",,
            2024-06-18 11:04:00,"Legs",1h,"Squat (Bar
            """
        #expect(
            importErrorMessage { _ = try importText(text) }
                == "The quoted field that starts on line 3 never ends: the file is cut off. Export it again and import the whole file."
        )
    }

    @Test("Files over the size limit are refused before reading, saying how large is expected")
    func sizeLimit() throws {
        #expect(ImportRules.largestFileBytes == 64 << 20)
        try ImportReader.checkSize(1)
        try ImportReader.checkSize(ImportRules.largestFileBytes)
        #expect(importErrorMessage { try ImportReader.checkSize(ImportRules.largestFileBytes + 1) } != nil)
        #expect(
            importErrorMessage { try ImportReader.checkSize(100 << 20) }
                == "The file is larger than 64 MB, the most Spotter imports. Is it the app's CSV export? Ten years of training is about 10 MB."
        )
        #expect(
            importErrorMessage { try ImportReader.checkSize(0) }
                == "The file is empty. Export your history from the app again and choose that file.")
    }

    @Test("A file just over the limit is not said to be as large as the limit")
    func justOverSizeLimit() {
        // 64 MB and one byte: not "The file is 64 MB; Spotter imports files up to 64 MB."
        let message = importErrorMessage { try ImportReader.checkSize(ImportRules.largestFileBytes + 1) }
        #expect(message?.hasPrefix("The file is 64 MB;") == false)
    }

    @Test("A path that cannot be opened says to check it")
    func missingPath() {
        #expect(
            importErrorMessage { _ = try ImportReader.read(path: "/nonexistent/strong.csv", source: nil, assumedUnit: .kg) }
                == "Cannot open /nonexistent/strong.csv: check the path.")
    }
}
