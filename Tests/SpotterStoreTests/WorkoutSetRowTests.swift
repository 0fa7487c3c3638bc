import Foundation
import SpotterCore
import Testing

@testable import SpotterStore

/// The length check of the statements made from a row's columns and values.
@Suite("Workout set row")
struct WorkoutSetRowTests {
    @Test("a row whose values and columns differ in number stops the write instead of dropping the tail")
    func lengthMismatchStops() async {
        await #expect(processExitsWith: .failure) {
            _ = BulkRows.assignments(["id", "kind"], [.null], only: ["id", "kind"])
        }
    }
}
