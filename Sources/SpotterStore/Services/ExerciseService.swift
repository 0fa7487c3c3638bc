import Foundation
import SpotterCore

/// The exercise library, for the API, the pages and the import alike: the built-in
/// and custom exercises a lifter sees, and the custom ones they add, change, archive
/// and delete. Names the lifter by id (`userID:`), as `ExerciseMergeService` and
/// `ExerciseImageService` do. A custom exercise's image is `ExerciseImageService`'s.
public struct ExerciseService: Sendable {
    let store: SpotterStore
    let images: ImageStore
    let clock: @Sendable () -> Date

    public init(store: SpotterStore, images: ImageStore, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.images = images
        self.clock = clock
    }

    var exercises: ExerciseRepository { ExerciseRepository(store: store) }

    /// The library filtered and sorted (see `ExerciseRepository.list`).
    public func list(userID: UUID, filter: ExerciseFilter = .init(), recentFirst: Bool = false) async throws -> [Exercise] {
        try await exercises.list(userID: userID, filter: filter, recentFirst: recentFirst)
    }

    /// A built-in exercise or one of the lifter's own; another lifter's answers as missing.
    public func find(_ id: UUID, userID: UUID) async throws -> Exercise {
        guard let exercise = try await exercises.find(id: id, userID: userID) else { throw SpotterError.notFound("The exercise") }
        return exercise
    }

    /// One of the lifter's own exercises, to change: a built-in one is refused.
    public func findOwn(_ id: UUID, userID: UUID) async throws -> Exercise {
        let exercise = try await find(id, userID: userID)
        guard exercise.isCustom else { throw Self.builtInRefusal }
        return exercise
    }

    private static let builtInRefusal = SpotterError.forbidden(
        "Built-in exercises cannot be changed. Create a custom exercise instead.")

    /// The exercises with these ids that the lifter can see, by id.
    public func exercises(ids: Set<UUID>, userID: UUID) async throws -> [UUID: Exercise] {
        try await exercises.exercises(ids: ids, userID: userID)
    }

    /// How many built-in exercises there are, and how many of the lifter's own (not archived).
    public func counts(userID: UUID) async throws -> (catalog: Int, custom: Int) {
        try await exercises.counts(userID: userID)
    }

    /// How many of the lifter's workouts and templates use an exercise.
    public func usage(of id: UUID, userID: UUID) async throws -> ExerciseUsage {
        try await exercises.usage(of: id, userID: userID)
    }

    /// Adds a custom exercise.
    public func create(id: UUID = UUID(), draft: ExerciseDraft, userID: UUID) async throws -> Exercise {
        try await exercises.create(id: id, userID: userID, draft: draft, now: clock())
    }

    /// Adds a custom exercise from a draft the caller has checked (with an image).
    public func create(id: UUID = UUID(), valid: ValidExerciseDraft, userID: UUID) async throws -> Exercise {
        try await exercises.create(id: id, userID: userID, valid: valid, now: clock())
    }

    /// Changes a custom exercise to a draft the caller has checked.
    public func update(_ id: UUID, valid: ValidExerciseDraft, userID: UUID) async throws -> Exercise {
        try await exercises.update(id: id, userID: userID, valid: valid, now: clock())
    }

    /// A partial change (the API's PATCH). `fields` makes the new draft from the stored
    /// exercise, the fields sent applied over it; `fieldsSent` says whether any was.
    /// A custom exercise is saved with it, then archived or restored if `archived`
    /// differs; a built-in one takes no change at all.
    public func change(
        _ id: UUID, fields: @Sendable (Exercise) throws -> ExerciseDraft, fieldsSent: Bool, archived: Bool?, userID: UUID
    ) async throws -> Exercise {
        var exercise = try await find(id, userID: userID)
        if exercise.isCustom {
            exercise = try await exercises.update(id: id, userID: userID, draft: try fields(exercise), now: clock())
        } else if fieldsSent || archived != nil {
            throw Self.builtInRefusal
        }
        if let archived, archived != exercise.archived { exercise = try await setArchived(archived, id: id, userID: userID) }
        return exercise
    }

    public func setArchived(_ archived: Bool, id: UUID, userID: UUID) async throws -> Exercise {
        try await exercises.setArchived(archived, id: id, userID: userID, now: clock())
    }

    /// Deletes a custom exercise and its image, or archives it when workouts or
    /// templates use it, so history and routines never lose what they hold.
    public func delete(_ id: UUID, userID: UUID) async throws -> ExerciseRepository.Deletion {
        let deletion = try await exercises.delete(id: id, userID: userID, now: clock())
        if case .deleted(let removed) = deletion, let image = removed.image { await images.remove(image, userID: userID) }
        return deletion
    }
}
