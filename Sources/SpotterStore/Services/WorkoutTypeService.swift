import Foundation
import SpotterCore

/// The lifter's workout types, for the API and the pages alike: list, add, change,
/// archive, and put in order. Like the other exercise and type services it names the
/// lifter by id (`userID:`): nothing here depends on their settings.
public struct WorkoutTypeService: Sendable {
    let store: SpotterStore
    let clock: @Sendable () -> Date

    public init(store: SpotterStore, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.clock = clock
    }

    var types: WorkoutTypeRepository { WorkoutTypeRepository(store: store) }

    /// The lifter's types in their order; archived ones only when asked for.
    public func list(userID: UUID, includeArchived: Bool = false) async throws -> [WorkoutType] {
        try await types.list(userID: userID, includeArchived: includeArchived)
    }

    /// One of the lifter's types; another lifter's answers as a missing one.
    public func find(_ id: UUID, userID: UUID) async throws -> WorkoutType {
        guard let type = try await types.find(id: id, userID: userID) else { throw SpotterError.notFound("The workout type") }
        return type
    }

    /// Adds a type after the lifter's others; its name must be free among them.
    public func create(id: UUID = UUID(), draft: WorkoutTypeDraft, userID: UUID) async throws -> WorkoutType {
        let valid = try validated { () throws(ValidationFailure) in try draft.validated() }
        try await ensureNameFree(valid, userID: userID, except: nil)
        let last = try await types.list(userID: userID, includeArchived: true).map(\.sortOrder).max() ?? -1
        let type = WorkoutType(
            id: id, ownerID: userID, seedKey: nil, name: valid.name, colorHex: valid.colorHex, icon: valid.icon,
            sortOrder: last + 1,
            archived: false, createdAt: clock())
        try await types.insert(type)
        return type
    }

    /// Renames, recolours or changes the icon.
    public func update(_ id: UUID, draft: WorkoutTypeDraft, userID: UUID) async throws -> WorkoutType {
        var type = try await find(id, userID: userID)
        let valid = try validated { () throws(ValidationFailure) in try draft.validated() }
        try await ensureNameFree(valid, userID: userID, except: id)
        type.name = valid.name
        type.colorHex = valid.colorHex
        type.icon = valid.icon
        try await types.saveEdits(type)
        return type
    }

    /// Archives (hides) or brings back a type. Sessions that used it keep it.
    public func setArchived(_ archived: Bool, id: UUID, userID: UUID) async throws -> WorkoutType {
        var type = try await find(id, userID: userID)
        type.archived = archived
        try await types.saveArchived(type)
        return type
    }

    /// Two of a lifter's types never share a name (compared as `NameKey`); an archived
    /// one with the name is named as such, to bring back instead.
    private func ensureNameFree(_ valid: ValidWorkoutTypeDraft, userID: UUID, except id: UUID?) async throws {
        guard let clash = try await types.named(valid.nameKey, userID: userID, except: id) else { return }
        let archivedNote = clash.archived ? " (archived; bring it back instead)" : ""
        throw SpotterError.conflict(
            field: "name", message: "You already have a workout type called \(clash.name)\(archivedNote).")
    }

    /// A partial change (the API's PATCH): `fields` makes the new draft from the stored
    /// type (nil when no field was sent); then it is archived or restored if that differs.
    public func change(
        _ id: UUID, fields: (@Sendable (WorkoutType) -> WorkoutTypeDraft)?, archived: Bool?, userID: UUID
    ) async throws -> WorkoutType {
        var type = try await find(id, userID: userID)
        if let fields { type = try await update(id, draft: fields(type), userID: userID) }
        if let archived, archived != type.archived { type = try await setArchived(archived, id: id, userID: userID) }
        return type
    }

    /// Puts the types in this order; `ids` must name each of them once.
    public func reorder(_ ids: [UUID], userID: UUID) async throws -> [WorkoutType] {
        try await types.reorder(userID: userID) { current in try ListOrder.positions(current: current, proposed: ids) }
    }

    /// Moves a type `step` places among the types shown (the archived ones are hidden,
    /// so a move steps over visible neighbours only, and the archived ones keep their
    /// places after the visible list).
    public func move(_ id: UUID, by step: Int, userID: UUID) async throws -> [WorkoutType] {
        let all = try await list(userID: userID, includeArchived: true)
        guard all.contains(where: { $0.id == id }) else { throw SpotterError.notFound("The workout type") }
        let visible = all.filter { !$0.archived }.map(\.id)
        return try await reorder(ListOrder.moving(id, by: step, in: visible) + all.filter(\.archived).map(\.id), userID: userID)
    }
}
