import Foundation
import SpotterCore
import Testing

@testable import SpotterStore

/// The set's one row encoder (`WorkoutRows.encodeSet`), the columns and values read
/// off it, and the length check of the statements made from them.
@Suite("Workout set row")
struct WorkoutSetRowTests {
    @Test("the columns read off the encoder are the table's, in the order the statements always named them")
    func columns() {
        #expect(
            WorkoutRows.setColumns == [
                "id", "workout_id", "entry_id", "position", "kind", "reps", "weight_value", "weight_unit", "duration_seconds",
                "distance_meters", "rpe", "done", "note", "logged_at", "updated_at", "user_id", "target_reps_min",
                "target_reps_max",
                "target_rpe", "records",
            ])
    }

    @Test("a set's values follow the columns one for one")
    func values() {
        let (workoutID, entryID, userID) = (UUID(), UUID(), UUID())
        let set = WorkoutSet(
            id: UUID(), kind: .drop, reps: 8, weight: Mass(102.5, .lb), rpe: 8.5, done: true, note: "paused",
            loggedAt: Date(timeIntervalSince1970: 10),
            updatedAt: Date(timeIntervalSince1970: 20), target: SetTarget(reps: RepRange(6, 10), rpe: 9))
        let values = WorkoutRows.setValues(
            set, workoutID: workoutID, entryID: entryID, position: 3, userID: userID, records: [.heaviestWeight])
        let row = Dictionary(uniqueKeysWithValues: zip(WorkoutRows.setColumns, values))
        #expect(values.count == WorkoutRows.setColumns.count)
        #expect(row["id"] == .uuid(set.id))
        #expect(row["workout_id"] == .uuid(workoutID))
        #expect(row["entry_id"] == .uuid(entryID))
        #expect(row["user_id"] == .uuid(userID))
        #expect(row["position"] == .int(3))
        #expect(row["kind"] == .name("drop"))
        #expect(row["weight_value"] == .double(102.5))
        #expect(row["weight_unit"] == .name("lb"))
        #expect(row["duration_seconds"] == .null)
        #expect(row["note"] == .text("paused"))
        #expect(row["target_reps_max"] == .int(10))
        #expect(row["records"] == .name("heaviestWeight"))
    }

    @Test("a row whose values and columns differ in number stops the write instead of dropping the tail")
    func lengthMismatchStops() async {
        await #expect(processExitsWith: .failure) {
            _ = BulkRows.assignments(["id", "kind"], [.null], only: ["id", "kind"])
        }
    }
}
