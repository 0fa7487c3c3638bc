import Foundation
import SpotterCore
import Testing

@testable import SpotterImport

@Suite("Workouts no session could hold")
struct ImportLimitsTests {
    static let header = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"

    @Test("a workout of more than 500 sets is left out with one notice; the others are read")
    func tooManySets() throws {
        var lines = [Self.header]
        for set in 1...501 { lines.append("2024-06-18 11:04:00,\"Joined\",1h,\"Squat (Barbell)\",\(set),100,5,0,0,,,") }
        lines.append("2024-06-19 11:04:00,\"Normal\",1h,\"Squat (Barbell)\",1,100,5,0,0,,,")
        let file = try ImportReader.read(bytes: Array(lines.joined(separator: "\n").utf8), source: .strong, assumedUnit: .kg)
        #expect(file.workouts.map(\.name) == ["Normal"])
        #expect(
            file.notices.contains(
                "The workout \"Joined\" of 2024-06-18 11:04 (line 2) has 501 rows, more than 500 sets or 100 exercises: no session holds that many, so it is left out. The file may join many sessions under one date and name."
            ))
        #expect(file.rows == 502)
    }

    @Test("500 sets and 100 exercises are still taken")
    func atTheLimits() throws {
        var lines = [Self.header]
        for set in 1...500 {
            lines.append("2024-06-18 11:04:00,\"Long\",1h,\"Exercise \((set - 1) / 5)\",\((set - 1) % 5 + 1),100,5,0,0,,,")
        }
        let file = try ImportReader.read(bytes: Array(lines.joined(separator: "\n").utf8), source: .strong, assumedUnit: .kg)
        #expect(file.workouts.count == 1)
        #expect(file.workouts[0].entries.count == 100)
        #expect(file.workouts[0].sets.count == 500)
        var more = lines
        more.append("2024-06-18 11:04:00,\"Long\",1h,\"Exercise 100\",1,100,5,0,0,,,")
        let over = try ImportReader.read(bytes: Array(more.joined(separator: "\n").utf8), source: .strong, assumedUnit: .kg)
        #expect(over.workouts.isEmpty, "the 101st exercise (and 501st set) is too many")
    }

    @Test("a CSV row with a control character is left out with the column named")
    func controlCharacter() throws {
        let csv =
            Self.header + "\n2024-06-18 11:04:00,\"Legs\",1h,\"Squat (Barbell)\",1,100,5,0,0,\"deep\u{1B}\",,\n"
            + "2024-06-18 11:04:00,\"Legs\",1h,\"Squat (Barbell)\",2,100,5,0,0,,,"
        let file = try ImportReader.read(bytes: Array(csv.utf8), source: .strong, assumedUnit: .kg)
        #expect(file.workouts.first?.sets.count == 1)
        #expect(file.skipped.map(\.line) == [2])
        #expect(file.skipped.first?.reason.hasPrefix("\"Notes\" holds a control character (U+001B).") == true)
    }
}
