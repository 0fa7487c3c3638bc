import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// Writing and removing exercise images: the file and the record move together.
struct ExerciseImages {
    let services: AppServices

    /// The address of an exercise's image, for the API and the pages alike. It carries
    /// the stored file's name, so a new upload is a new URL and browsers may cache each one.
    static func url(of exercise: Exercise) -> String? {
        guard let image = exercise.image else { return nil }
        return "/api/v1/exercises/\(exercise.id.text)/image?v=\(image.fileName.prefix(8))"
    }

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
