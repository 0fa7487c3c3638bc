import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// Sets as text the database joins, for reads of many sets at once: one row per
/// entry with its sets in one text costs far less to read than a row per set (on
/// SQLite, decoding a row's columns through SQLKit was a third of the stats page).
/// Each set is its `SetTextField`s in order, split by spaces: "-" for no value, done
/// as 1 or 0, the record marks as `ProgressRows.text` writes them; sets are joined
/// by ";". No field holds a space or a ";".
extension WorkoutRows {
    /// The fields of one set's text, in the order they are written: the one place
    /// they are named, for the SQL that writes them (`setText`) and the reader
    /// (`TextItem.set(from:)`).
    enum SetTextField: Int, CaseIterable {
        case id, kind, reps, weightValue, weightUnit, durationSeconds, distanceMeters, rpe, done, records

        /// The field's SQL on the set aliased `s`, with the space before it (the
        /// first has none; `done` writes its own spaces around 1 or 0).
        func sql(_ s: String) -> String {
            switch self {
            case .id: "CAST(\(s).id AS TEXT)"
            case .kind: " || ' ' || \(s).kind"
            case .reps: " || ' ' || COALESCE(CAST(\(s).reps AS TEXT), '-')"
            case .weightValue: " || ' ' || COALESCE(CAST(\(s).weight_value AS TEXT), '-')"
            case .weightUnit: " || ' ' || COALESCE(\(s).weight_unit, '-')"
            case .durationSeconds: " || ' ' || COALESCE(CAST(\(s).duration_seconds AS TEXT), '-')"
            case .distanceMeters: " || ' ' || COALESCE(CAST(\(s).distance_meters AS TEXT), '-')"
            case .rpe: " || ' ' || COALESCE(CAST(\(s).rpe AS TEXT), '-')"
            case .done: " || CASE WHEN \(s).done THEN ' 1 ' ELSE ' 0 ' END"
            case .records: " || COALESCE(\(s).records, '-')"
            }
        }

        /// The SQL of every field, in order: the whole text of the set aliased `s`.
        static func sql(_ s: String) -> String {
            allCases.map { $0.sql(s) }.joined()
        }
    }

    /// The text of the set `alias` names in a query (a fixed alias); NULL when the
    /// set is NULL (an outer join found none).
    static func setText(_ alias: String) -> SQLQueryString {
        "\(unsafeRaw: SetTextField.sql(alias))"
    }

    /// The entries of the workout `alias` names (a fixed alias) as one text, in
    /// order: each entry as "id exercise volumeRecord" (1 or 0) followed by its
    /// sets (`setText`), all joined by ";". NULL for a workout with no entries.
    static func entriesText(_ alias: String) -> SQLQueryString {
        """
        (SELECT string_agg(CAST(e.id AS TEXT) || ' ' || CAST(e.exercise_id AS TEXT) || \
        CASE WHEN e.volume_record THEN ' 1' ELSE ' 0' END || COALESCE(';' || \
        (SELECT string_agg(\(setText("s")), ';' ORDER BY s.position) FROM workout_sets s WHERE s.entry_id = e.id), ''), \
        ';' ORDER BY e.position) FROM exercise_entries e WHERE e.workout_id = \(unsafeRaw: alias).id)
        """
    }

    /// One ";"-separated item of such a text, split at its spaces (read in place:
    /// the stats page reads thousands of sets, and a string per field cost more
    /// than the database took to join them).
    struct TextItem {
        let bytes: UnsafeBufferPointer<UInt8>
        let fields: [Range<Int>]

        func uuid(_ field: Int) -> UUID? { UUID(utf8: bytes[fields[field]]) }

        /// The set whose text starts at field `first`, with its record marks; nil when
        /// the fields are not a set's. The note, times and plan are not in the text:
        /// such a set is for adding up and judging, never for showing or writing back.
        func set(from first: Int) -> (set: WorkoutSet, records: [PersonalRecords.Kind])? {
            func at(_ field: SetTextField) -> Int { first + field.rawValue }
            guard fields.count == first + SetTextField.allCases.count, let id = uuid(at(.id)),
                let kind = SetKind(rawValue: text(at(.kind)))
            else { return nil }
            let weight = number(at(.weightValue)).flatMap { value in
                MassUnit(rawValue: text(at(.weightUnit))).map { Mass(value, $0) }
            }
            let marks = text(at(.records))
            let set = WorkoutSet(
                id: id, kind: kind, reps: number(at(.reps)).map { Int($0) }, weight: weight,
                durationSeconds: number(at(.durationSeconds)).map { Int($0) }, distanceMeters: number(at(.distanceMeters)),
                rpe: number(at(.rpe)), done: flag(at(.done)), updatedAt: .distantPast)
            return (set, marks == "-" ? [] : ProgressRows.kinds(marks))
        }

        /// An exercise's sums as `WorkoutRows.totals` writes them: "exercise sets
        /// kilograms pounds loadedReps bareReps"; nil when the fields are not that.
        func sums() -> (exerciseID: UUID, sums: SetSums)? {
            guard fields.count == 6, let exerciseID = uuid(0), let sets = number(1), let kilograms = number(2),
                let pounds = number(3),
                let loadedReps = number(4), let bareReps = number(5)
            else { return nil }
            return (
                exerciseID,
                SetSums(
                    sets: Int(sets), kilograms: kilograms, pounds: pounds, loadedReps: Int(loadedReps), bareReps: Int(bareReps))
            )
        }

        /// A field written as 1 or 0.
        func flag(_ field: Int) -> Bool { text(field) == "1" }

        private func text(_ field: Int) -> String { String(decoding: bytes[fields[field]], as: UTF8.self) }

        /// A number as the engines write one: digits with an optional sign and
        /// fraction, read exactly (an integer of at most 15 digits divided by a power
        /// of ten is rounded once, as parsing rounds it); anything else (an exponent)
        /// through `Double`'s own parser; nil for "-".
        private func number(_ field: Int) -> Double? {
            let digits = bytes[fields[field]]
            guard !digits.isEmpty, digits.first != UInt8(ascii: "-") || digits.count > 1 else { return nil }
            var mantissa: Int64 = 0, scale = 0, count = 0, negative = false, fraction = false
            for (offset, byte) in zip(digits.indices, digits) {
                switch byte {
                case UInt8(ascii: "-") where offset == digits.startIndex: negative = true
                case UInt8(ascii: ".") where !fraction: fraction = true
                case UInt8(ascii: "0")...UInt8(ascii: "9") where count < 15:
                    mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
                    count += 1
                    if fraction { scale += 1 }
                default: return Double(text(field))
                }
            }
            let value =
                Double(mantissa) / [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15][scale]
            return negative ? -value : value
        }
    }

    /// Calls `body` with each item of a text of sets ("" or NULL for none), in order.
    static func forEachItem(of text: String?, _ body: (TextItem) -> Void) {
        guard var text, !text.isEmpty else { return }
        text.withUTF8 { bytes in
            var fields: [Range<Int>] = []
            var start = 0
            for index in 0...bytes.count {
                let ends = index == bytes.count || bytes[index] == UInt8(ascii: ";")
                guard ends || bytes[index] == UInt8(ascii: " ") else { continue }
                fields.append(start..<index)
                start = index + 1
                if ends {
                    body(TextItem(bytes: bytes, fields: fields))
                    fields.removeAll(keepingCapacity: true)
                }
            }
        }
    }

    /// The entries of a workout's `entriesText`, with their sets and record marks;
    /// the entries carry their exercise and volume mark only.
    static func entries(text: String?) -> [ExerciseEntry] {
        var entries: [ExerciseEntry] = []
        forEachItem(of: text) { item in
            if item.fields.count == 3, let id = item.uuid(0), let exerciseID = item.uuid(1) {
                entries.append(ExerciseEntry(id: id, exerciseID: exerciseID, records: EntryRecords(sessionVolume: item.flag(2))))
            } else if !entries.isEmpty, let (set, kinds) = item.set(from: 0) {
                entries[entries.count - 1].sets.append(set)
                if !kinds.isEmpty { entries[entries.count - 1].records.sets[set.id] = kinds }
            }
        }
        return entries
    }

    /// The sets of one entry's text, in order.
    static func sets(text: String?) -> [(set: WorkoutSet, records: [PersonalRecords.Kind])] {
        var sets: [(set: WorkoutSet, records: [PersonalRecords.Kind])] = []
        forEachItem(of: text) { item in item.set(from: 0).map { sets.append($0) } }
        return sets
    }
}

extension WorkoutRows {
    /// The workouts a condition selects (`WHERE` and what follows it, on alias `w`)
    /// as the sums of their sets by exercise, in one query: the database adds up
    /// each workout's sets (`SetSums`: done sets that are not warm-ups; of those
    /// with reps, weight x reps per unit, reps with and without a weight) and joins
    /// them as one text per workout, so a year of sets comes back as a row per
    /// workout.
    static func totals(where condition: SQLQueryString, on db: any Database) async throws -> [WorkoutTotals] {
        let counted = "s.done AND s.kind <> 'warmup'"
        let lifted = counted + " AND s.reps > 0"
        // Never NULL, so NOT (loaded) holds for a set without a weight.
        let loaded = "COALESCE(s.weight_value, 0) > 0 AND COALESCE(s.weight_unit, '') IN ('kg', 'lb')"
        func sum(_ value: String, _ filter: String) -> String {
            "CAST(COALESCE(SUM(\(value)) FILTER (WHERE \(filter)), 0) AS TEXT)"
        }
        let item = [
            "CAST(e.exercise_id AS TEXT)", "CAST(COUNT(s.id) FILTER (WHERE \(counted)) AS TEXT)",
            sum("s.reps * s.weight_value", "\(lifted) AND \(loaded) AND s.weight_unit = 'kg'"),
            sum("s.reps * s.weight_value", "\(lifted) AND \(loaded) AND s.weight_unit = 'lb'"),
            sum("s.reps", "\(lifted) AND \(loaded)"), sum("s.reps", "\(lifted) AND NOT (\(loaded))"),
        ].joined(separator: " || ' ' || ")
        let rows = try await db.sql.raw(
            """
            SELECT w.id, w.started_at, (SELECT string_agg(t.item, ';') FROM (SELECT \(unsafeRaw: item) AS item \
            FROM exercise_entries e LEFT JOIN workout_sets s ON s.entry_id = e.id WHERE e.workout_id = w.id GROUP BY e.exercise_id) t) AS sums \
            FROM workouts w WHERE
            """ + " " + condition
        ).all()
        return try rows.map { row in
            var exercises: [UUID: SetSums] = [:]
            forEachItem(of: try row.optional("sums")) { item in
                guard let (exerciseID, sums) = item.sums() else { return }
                exercises[exerciseID] = sums
            }
            return WorkoutTotals(
                id: try row.decode(column: "id", as: UUID.self), startedAt: try row.decode(column: "started_at", as: Date.self),
                exercises: exercises)
        }
    }
}
