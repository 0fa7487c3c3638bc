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

    /// Adds a custom exercise; its name must be free among the lifter's and the built-in ones.
    public func create(id: UUID = UUID(), draft: ExerciseDraft, userID: UUID) async throws -> Exercise {
        try await create(id: id, valid: try validated { () throws(ValidationFailure) in try draft.validated() }, userID: userID)
    }

    /// Adds a custom exercise from a draft the caller has checked (a page that checks
    /// the fields together with an image), so it is not checked twice.
    public func create(id: UUID = UUID(), valid: ValidExerciseDraft, userID: UUID) async throws -> Exercise {
        try await ensureNameFree(valid.nameKey, userID: userID, except: nil)
        let exercise = Exercise(custom: valid, id: id, ownerID: userID, now: clock())
        try await exercises.insert(exercise)
        return exercise
    }

    /// Changes a custom exercise to a draft the caller has checked.
    public func update(_ id: UUID, valid: ValidExerciseDraft, userID: UUID) async throws -> Exercise {
        try await save(try await own(id, userID: userID, action: "edit"), as: valid, userID: userID)
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
            let draft = try fields(exercise)
            exercise = try await save(
                exercise, as: try validated { () throws(ValidationFailure) in try draft.validated() }, userID: userID)
        } else if fieldsSent || archived != nil {
            throw Self.builtInRefusal
        }
        if let archived, archived != exercise.archived { exercise = try await setArchived(archived, id: id, userID: userID) }
        return exercise
    }

    /// Writes a checked draft over one of the lifter's own exercises.
    private func save(_ stored: Exercise, as valid: ValidExerciseDraft, userID: UUID) async throws -> Exercise {
        var exercise = stored
        try await ensureNameFree(valid.nameKey, userID: userID, except: exercise.id)
        exercise.apply(valid, now: clock())
        try await exercises.saveEdits(exercise)
        return exercise
    }

    /// Archives (hides from the picker) or brings back a custom exercise.
    public func setArchived(_ archived: Bool, id: UUID, userID: UUID) async throws -> Exercise {
        var exercise = try await own(id, userID: userID, action: archived ? "archive" : "restore")
        exercise.archived = archived
        exercise.updatedAt = clock()
        try await exercises.saveArchived(exercise)
        return exercise
    }

    /// What deleting did: removed for good, or archived because workouts use it.
    public enum Deletion: Sendable, Equatable {
        case deleted(Exercise)
        case archived(Exercise, usage: ExerciseUsage)
    }

    /// Deletes a custom exercise and its image, or archives it when workouts,
    /// templates or training maxes use it, so history and routines never lose what
    /// they hold.
    public func delete(_ id: UUID, userID: UUID) async throws -> Deletion {
        var exercise = try await own(id, userID: userID, action: "delete")
        let usage = try await exercises.usage(of: id, userID: userID)
        guard usage.isEmpty else {
            exercise.archived = true
            exercise.updatedAt = clock()
            try await exercises.saveArchived(exercise)
            return .archived(exercise, usage: usage)
        }
        try await exercises.remove(id: id, userID: userID)
        if let image = exercise.image { await images.remove(image, userID: userID) }
        return .deleted(exercise)
    }

    /// Points a custom exercise at another image (or none) and returns the one it
    /// replaced, for `ExerciseImageService` to remove.
    func setImage(_ image: StoredImage?, id: UUID, userID: UUID) async throws -> (Exercise, StoredImage?) {
        var exercise = try await own(id, userID: userID, action: "change the image of")
        let previous = exercise.image
        exercise.image = image
        exercise.updatedAt = clock()
        try await exercises.saveImage(exercise)
        return (exercise, previous)
    }

    /// One of the lifter's own exercises; a built-in one is refused with what the
    /// lifter tried (`action`), another lifter's answers as missing.
    private func own(_ id: UUID, userID: UUID, action: String) async throws -> Exercise {
        let exercise = try await find(id, userID: userID)
        guard exercise.isCustom else {
            throw SpotterError.forbidden("Built-in exercises cannot be changed. You can \(action) only exercises you made.")
        }
        return exercise
    }

    /// A custom name may not repeat one of the lifter's exercises nor a built-in one;
    /// the message says which, and what to do instead.
    private func ensureNameFree(_ key: NameKey, userID: UUID, except id: UUID?) async throws {
        guard let clash = try await exercises.named(key, userID: userID, except: id) else { return }
        let message: String
        if clash.ownerID == nil {
            message = "\(clash.name) is already in the built-in library. Use it, or choose another name."
        } else if clash.archived {
            message = "You already have an archived exercise called \(clash.name). Restore it, or choose another name."
        } else {
            message = "You already have an exercise called \(clash.name)."
        }
        throw SpotterError.conflict(field: "name", message: message)
    }
}
