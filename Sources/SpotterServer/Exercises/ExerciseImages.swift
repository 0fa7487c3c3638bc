import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// Writing and removing exercise images: the file and the record move together.
struct ExerciseImages {
    let services: AppServices

    func replace(on exercise: Exercise, with bytes: [UInt8], userID: UUID) async throws -> Exercise {
        let stored = try services.images.save(bytes, userID: userID)
        do {
            let (updated, previous) = try await services.exercises.setImage(stored, id: exercise.id, userID: userID, now: services.clock())
            if let previous { services.images.remove(previous, userID: userID) }
            return updated
        } catch {
            services.images.remove(stored, userID: userID)
            throw error
        }
    }

    func remove(from exercise: Exercise, userID: UUID) async throws -> Exercise {
        let (updated, previous) = try await services.exercises.setImage(nil, id: exercise.id, userID: userID, now: services.clock())
        if let previous { services.images.remove(previous, userID: userID) }
        return updated
    }
}
