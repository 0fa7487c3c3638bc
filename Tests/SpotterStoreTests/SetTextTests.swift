import Foundation
import PropertyBased
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

    static let ids = Gen.uint8(in: 0...255).array(of: 16...16).map { b in
        UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
    }

    /// A set with only the fields the text carries (the rest as the reader leaves them).
    static let sets = zip(
        ids, Gen<SetKind>.case, Gen.int(in: 0...1000).optional, zip(Gen.double(in: 0...1000), Gen<MassUnit>.case).optional,
        Gen.int(in: 0...100_000).optional, Gen.double(in: 0...100_000).optional, Gen.double(in: 1...10).optional, Gen.bool,
        Gen<PersonalRecords.Kind>.case.array(of: 0...3)
    ).map { id, kind, reps, weight, duration, distance, rpe, done, records in
        (
            set: WorkoutSet(
                id: id, kind: kind, reps: reps, weight: weight.map { Mass($0.0, $0.1) }, durationSeconds: duration,
                distanceMeters: distance,
                rpe: rpe, done: done, updatedAt: .distantPast),
            records: records
        )
    }

    @Test("sets written field by field and joined by ';' read back as they were")
    func roundTrip() async {
        await propertyCheck(count: 300, input: Self.sets.array(of: 0...5)) { items in
            let text = items.map { Self.text($0.set, records: $0.records) }.joined(separator: ";")
            let read = WorkoutRows.sets(text: text)
            #expect(read.map(\.set) == items.map(\.set), "\(text)")
            #expect(read.map(\.records) == items.map(\.records), "\(text)")
        }
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
        #expect(
            WorkoutRows.SetTextField.sql("s") == """
                CAST(s.id AS TEXT) || ' ' || s.kind || ' ' || COALESCE(CAST(s.reps AS TEXT), '-') || ' ' || \
                COALESCE(CAST(s.weight_value AS TEXT), '-') || ' ' || COALESCE(s.weight_unit, '-') || ' ' || \
                COALESCE(CAST(s.duration_seconds AS TEXT), '-') || ' ' || COALESCE(CAST(s.distance_meters AS TEXT), '-') || ' ' || \
                COALESCE(CAST(s.rpe AS TEXT), '-') || CASE WHEN s.done THEN ' 1 ' ELSE ' 0 ' END || COALESCE(s.records, '-')
                """)
    }
}
