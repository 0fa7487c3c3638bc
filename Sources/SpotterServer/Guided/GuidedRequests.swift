import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// `POST /api/v1/templates/{id}/play`.
struct GuidedPlayInput: Decodable, Sendable {
    /// The new workout's id (a retry with it answers the player already started).
    var workoutId: UUID
    var replaceActive: Bool?
}

/// `POST /api/v1/workouts/{id}/guided/{complete|skip|extend|pause|resume}`.
///
/// `item`, `set` and `phase` name the card the lifter saw: when the player has
/// moved on since (a double tap, another device, a timed set that completed
/// itself), the action changes nothing and the answer shows where it is. The set
/// values apply to "complete" only, over the set's planned ones.
struct GuidedActionInput: Decodable, Sendable {
    var item: Int?
    var set: Int?
    var phase: String?
    var reps: Int?
    var weight: Double?
    var weightUnit: String?
    var durationSeconds: Int?
    var rpe: Double?

    func expected() throws -> (item: Int, set: Int, phase: GuidedPlayer.Phase)? {
        switch (item, set, phase) {
        case (nil, nil, nil): return nil
        case (let item?, let set?, let phase?):
            guard let value = GuidedPlayer.Phase(rawValue: phase) else {
                let names = GuidedPlayer.Phase.allCases.map(\.rawValue).joined(separator: ", ")
                throw SpotterError.invalid(field: "phase", "The phase must be one of: \(names).")
            }
            return (item, set, value)
        default:
            throw SpotterError.invalid(field: "item", "Send item, set and phase together (the card you saw), or none of them.")
        }
    }

    var values: SetDraft {
        SetDraft(reps: reps, weight: weight, weightUnit: weightUnit, durationSeconds: durationSeconds, rpe: rpe)
    }
}

/// `POST /api/v1/workouts/{id}/guided/stop`.
struct GuidedStopInput: Decodable, Sendable {
    /// true: finish the workout with the sets done so far; false: discard it.
    var keep: Bool
}

extension SignedInContext {
    func guidedWorkoutID() throws -> UUID {
        try parameters.uuid("id", resource: "The workout")
    }
}
