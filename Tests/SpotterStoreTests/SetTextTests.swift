import Foundation
import SpotterCore
import Testing

@testable import SpotterStore

/// The set text the database joins for reads of many sets (`WorkoutRows.setText`),
/// read back by `WorkoutRows.sets(text:)`: its fields are `WorkoutRows.SetTextField`.
@Suite("Set text format")
struct SetTextTests {
    /// A set's text as the SQL of `setText` writes it, field by field.
    static func text(_ set: WorkoutSet, records: [PersonalRecords.Kind]) -> String {
        WorkoutRows.SetTextField.allCases.map { field -> String in
            switch field {
            case .id: set.id.text
            case .kind: set.kind.rawValue
            case .reps: set.reps.map { String($0) } ?? "-"
            case .weightValue: set.weight.map { "\($0.value)" } ?? "-"
            case .weightUnit: set.weight?.unit.rawValue ?? "-"
            case .durationSeconds: set.durationSeconds.map { String($0) } ?? "-"
            case .distanceMeters: set.distanceMeters.map { "\($0)" } ?? "-"
            case .rpe: set.rpe.map { "\($0)" } ?? "-"
            case .done: set.done ? "1" : "0"
            case .records: ProgressRows.text(records) ?? "-"
            }
        }.joined(separator: " ")
    }

    @Test("a set's text with a field too few or too many is not a set")
    func fieldCount() {
        let set = WorkoutSet(id: UUID(), reps: 5, weight: Mass(100, .kg), done: true, updatedAt: .distantPast)
        let text = Self.text(set, records: [])
        #expect(WorkoutRows.sets(text: text).map(\.set) == [set])
        #expect(WorkoutRows.sets(text: text + " 1").isEmpty)
        #expect(WorkoutRows.sets(text: String(text[..<text.lastIndex(of: " ")!])).isEmpty)
    }

    @Test("the SQL that writes the text is the statement it was before the fields were named")
    func sameSQL() {
        #expect(WorkoutRows.SetTextField.sql("s") == """
            CAST(s.id AS TEXT) || ' ' || s.kind || ' ' || COALESCE(CAST(s.reps AS TEXT), '-') || ' ' || \
            COALESCE(CAST(s.weight_value AS TEXT), '-') || ' ' || COALESCE(s.weight_unit, '-') || ' ' || \
            COALESCE(CAST(s.duration_seconds AS TEXT), '-') || ' ' || COALESCE(CAST(s.distance_meters AS TEXT), '-') || ' ' || \
            COALESCE(CAST(s.rpe AS TEXT), '-') || CASE WHEN s.done THEN ' 1 ' ELSE ' 0 ' END || COALESCE(s.records, '-')
            """)
    }
}
