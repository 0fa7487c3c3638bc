import Foundation
import SpotterCore

/// Writing and removing a custom exercise's image: the stored image and the record
/// move together, and the image replaced (or left behind by a failed write) is removed.
public struct ExerciseImageService: Sendable {
    let store: SpotterStore
    let images: ImageStore
    let clock: @Sendable () -> Date

    public init(store: SpotterStore, images: ImageStore, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.images = images
        self.clock = clock
    }

    private var exercises: ExerciseService { ExerciseService(store: store, images: images, clock: clock) }

    public func replace(on exercise: Exercise, with bytes: [UInt8], userID: UUID) async throws -> Exercise {
        let stored = try await images.save(bytes, userID: userID, now: clock())
        do {
            let (updated, previous) = try await exercises.setImage(stored, id: exercise.id, userID: userID)
            if let previous { await images.remove(previous, userID: userID) }
            return updated
        } catch {
            await images.remove(stored, userID: userID)
            throw error
        }
    }

    public func remove(from exercise: Exercise, userID: UUID) async throws -> Exercise {
        let (updated, previous) = try await exercises.setImage(nil, id: exercise.id, userID: userID)
        if let previous { await images.remove(previous, userID: userID) }
        return updated
    }
}
