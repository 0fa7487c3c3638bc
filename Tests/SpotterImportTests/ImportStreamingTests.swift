import Foundation
import SpotterCore
import Testing

@testable import SpotterImport

/// An import reads a file twice and never holds its sets: the outline counts them,
/// the second pass hands over each workout as soon as its last row is read.
@Suite("Imports read in two passes")
struct ImportStreamingTests {
    static let header = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"

    /// `text` in chunks of `size` bytes, counting the chunks handed out.
    final class Counted: @unchecked Sendable {
        var chunks = 0

        func input(_ text: String, size: Int) -> ImportInput {
            let bytes = Array(text.utf8)
            return ImportInput(size: bytes.count) {
                var offset = 0
                return {
                    guard offset < bytes.count else { return nil }
                    defer { offset = min(offset + size, bytes.count) }
                    self.chunks += 1
                    return Array(bytes[offset..<min(offset + size, bytes.count)])
                }
            }
        }
    }

    /// 30 workouts of 3 sets each, one a day from 1 June 2024.
    static let month: String =
        ([header]
        + (1...30).flatMap { day in
            (1...3).map { set in
                String(format: "2024-06-%02d 18:00:00,\"Day %d\",1h,\"Squat (Barbell)\",%d,%d,5,0,0,,,", day, day, set, 100 + day)
            }
        }).joined(separator: "\n")

    @Test("the outline counts workouts, sets and names without keeping a set")
    func outline() throws {
        let outline = try ImportReader.outline(.bytes(Array(Self.month.utf8)), source: nil, assumedUnit: .kg)
        #expect(outline.workouts.count == 30)
        #expect(outline.setCount == 90)
        #expect(
            outline.exercises == [
                {
                    var squat = ExerciseTally(name: "Squat (Barbell)")
                    (squat.sets, squat.weighted, squat.reps) = (90, true, true)
                    return squat
                }()
            ])
        #expect(
            outline.workouts.first
                == WorkoutOutline(
                    name: "Day 1", start: LocalDateTime(year: 2024, month: 6, day: 1, hour: 18), line: 2, sets: 3,
                    importKey: "strong|2024-06-01 18:00:00|Day 1",
                    setTally: SetTally(volumeKilograms: 1515)))
        #expect(outline.lastLines["2024-06-01 18:00:00|Day 1"] == 4, "its third row is line 4")
    }

    @Test("each workout comes as soon as its last row is read, not at the end of the file")
    func streams() throws {
        let counted = Counted()
        let input = counted.input(Self.month, size: 64)
        let outline = try ImportReader.outline(input, source: .strong, assumedUnit: .kg)
        let whole = counted.chunks
        counted.chunks = 0
        var workouts = try ImportReader.workouts(input, outline: outline)
        let first = try #require(try workouts.next())
        #expect(first.name == "Day 1" && first.sets.count == 3)
        #expect(counted.chunks < whole / 10, "the first workout came after \(counted.chunks) of \(whole) chunks")
        var names = [first.name]
        while let next = try workouts.next() { names.append(next.name) }
        #expect(names == (1...30).map { "Day \($0)" })
        #expect(try workouts.next() == nil, "and stays at the end")
    }

    @Test("a workout whose rows are spread over the file comes whole, after its last row")
    func spreadRows() throws {
        let text = [
            Self.header,
            "2024-06-01 18:00:00,\"A\",1h,\"Squat (Barbell)\",1,100,5,0,0,,,",
            "2024-06-02 18:00:00,\"B\",1h,\"Squat (Barbell)\",1,110,5,0,0,,,",
            "2024-06-01 18:00:00,\"A\",1h,\"Squat (Barbell)\",2,100,5,0,0,,,",
        ].joined(separator: "\n")
        let input = ImportInput.bytes(Array(text.utf8))
        var workouts = try ImportReader.workouts(
            input, outline: try ImportReader.outline(input, source: .strong, assumedUnit: .kg))
        #expect(try workouts.next().map { "\($0.name) \($0.sets.count)" } == "B 1")
        #expect(try workouts.next().map { "\($0.name) \($0.sets.count)" } == "A 2")
        #expect(try workouts.next() == nil)
    }

    @Test("a file of bad rows lists the first 1,000 and counts the rest, in the preview's words too")
    func manyBadRows() throws {
        let rows = (1...1_204).map { "2024-06-18 11:04:00,\"Push\",1h,\"Bench Press (Barbell)\",X\($0),100,5,0,0,,," }
        let good = "2024-06-19 11:04:00,\"Push\",1h,\"Bench Press (Barbell)\",1,100,5,0,0,,,"
        let outline = try ImportReader.outline(
            .bytes(Array(([Self.header, good] + rows).joined(separator: "\n").utf8)), source: .strong, assumedUnit: .kg)
        #expect(outline.skipped.count == 1_000)
        #expect(outline.skippedRows == 1_204)
        #expect(outline.skipped.first?.line == 3 && outline.skipped.last?.line == 1_002)
        let plan = ImportPlan.make(file: outline, library: [], ownerID: UUID(), zone: .gmt, makeID: UUID.init)
        let summary = ImportSummary(plan: plan)
        #expect(summary.moreSkipped == "And 204 more rows left out; the first 1000 are listed.")
        #expect(summary.headline == "Strong export: 1 workout with 1 set, 2024-06-19.", "one day is said once")
        #expect(summary.lines.contains("Rows left out (1204):"))
        #expect(summary.lines.contains("  And 204 more rows left out; the first 1000 are listed."))
    }

    @Test("notices past the 100th are counted in one last notice")
    func manyNotices() throws {
        // Each workout's duration is one nobody trains for: one notice each.
        let rows = (1...150).map { index in
            String(
                format: "2024-%02d-%02d 11:04:00,\"Push\",409h 31min,\"Bench Press (Barbell)\",1,100,5,0,0,,,", index / 28 + 1,
                index % 28 + 1)
        }
        let outline = try ImportReader.outline(
            .bytes(Array(([Self.header] + rows).joined(separator: "\n").utf8)), source: .strong, assumedUnit: .kg)
        #expect(outline.workouts.count == 150)
        #expect(outline.notices.count == 101)
        #expect(outline.notices.last == "And 50 more notes like these.")
        // A workout left out for its size is said even after as many notes.
        let joined = (1...501).map { "2025-01-01 11:04:00,\"Joined\",1h,\"Squat (Barbell)\",\($0),100,5,0,0,,," }
        let both = try ImportReader.outline(
            .bytes(Array(([Self.header] + rows + joined).joined(separator: "\n").utf8)), source: .strong, assumedUnit: .kg)
        #expect(both.notices.count == 102)
        #expect(both.notices.last?.hasPrefix("The workout \"Joined\" of 2025-01-01 11:04 (line 152) has 501 rows") == true)
    }

    @Test(
        "trimming takes a shortcut only where Foundation's trim would change nothing",
        arguments: [
            "60", " 60", "60 ", "\t60", "60\u{A0}", "\u{2003}60", "Übung ", "", " ", "a b",
        ])
    func trimming(_ text: String) {
        #expect(text.trimmedOfSpaces == text.trimmingCharacters(in: .whitespaces))
    }
}
