import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// A user's workout types. Every query is scoped by the owner.
public struct WorkoutTypeRepository: Sendable {
    let db: any Database

    public init(store: SpotterStore) { db = store.database }
    init(db: any Database) { self.db = db }

    private func owned(by userID: UUID, _ condition: SQLQueryString = "1 = 1") async throws -> [WorkoutType] {
        try await WorkoutTypeRows.types(where: "t.user_id = \(bind: userID) AND " + condition, on: db)
    }

    /// The user's types in their order; archived ones only when asked.
    public func list(userID: UUID, includeArchived: Bool = false) async throws -> [WorkoutType] {
        try await owned(by: userID, (includeArchived ? "1 = 1" : "t.archived = \(false)") + " ORDER BY t.sort_order")
    }

    public func find(id: UUID, userID: UUID) async throws -> WorkoutType? {
        try await owned(by: userID, "t.id = \(bind: id)").first
    }

    /// Adds the seeded types the user does not have yet, after their own. Running it
    /// again adds nothing.
    @discardableResult
    public func seedDefaults(userID: UUID, now: Date) async throws -> Int {
        let existing = try await owned(by: userID)
        let keys = Set(existing.compactMap(\.seedKey))
        let names = Set(existing.map { NameKey($0.name) })
        var next = (existing.map(\.sortOrder).max() ?? -1) + 1
        var added: [WorkoutType] = []
        for seed in SeedWorkoutType.all where !keys.contains(seed.key) && !names.contains(NameKey(seed.name)) {
            added.append(
                WorkoutType(
                    id: UUID(), ownerID: userID, seedKey: seed.key, name: seed.name, colorHex: seed.colorHex, icon: seed.icon,
                    sortOrder: next, archived: false, createdAt: now))
            next += 1
        }
        try await WorkoutTypeRows.insert(added, on: db)
        return added.count
    }

    public func create(id: UUID = UUID(), userID: UUID, draft: WorkoutTypeDraft, now: Date) async throws -> WorkoutType {
        let valid = try validate(draft)
        try await ensureNameFree(valid.nameKey, name: valid.name, userID: userID, except: nil)
        let last = try await owned(by: userID).map(\.sortOrder).max() ?? -1
        let type = WorkoutType(
            id: id, ownerID: userID, seedKey: nil, name: valid.name, colorHex: valid.colorHex, icon: valid.icon,
            sortOrder: last + 1, archived: false, createdAt: now)
        try await WorkoutTypeRows.insert([type], on: db)
        return type
    }

    /// Renames, recolours or changes the icon.
    public func update(id: UUID, userID: UUID, draft: WorkoutTypeDraft) async throws -> WorkoutType {
        guard var type = try await find(id: id, userID: userID) else { throw SpotterError.notFound("The workout type") }
        let valid = try validate(draft)
        try await ensureNameFree(valid.nameKey, name: valid.name, userID: userID, except: id)
        type.name = valid.name
        type.colorHex = valid.colorHex
        type.icon = valid.icon
        try await WorkoutTypeRows.save(type, only: WorkoutTypeRows.editedColumns, on: db)
        return type
    }

    /// Archives (hides) or brings back a type. Sessions that used it keep it.
    public func setArchived(_ archived: Bool, id: UUID, userID: UUID) async throws -> WorkoutType {
        guard var type = try await find(id: id, userID: userID) else { throw SpotterError.notFound("The workout type") }
        type.archived = archived
        try await WorkoutTypeRows.save(type, only: ["archived"], on: db)
        return type
    }

    /// Puts the user's types in the given order; `ids` must list every one of them once.
    public func reorder(userID: UUID, ids: [UUID]) async throws -> [WorkoutType] {
        try await db.writeTransaction { tx in
            let types = try await WorkoutTypeRows.types(where: "t.user_id = \(bind: userID)", on: tx)
            let positions = try ListOrder.positions(current: types.map(\.id), proposed: ids)
            for var type in types where type.sortOrder != positions[type.id] {
                type.sortOrder = positions[type.id]!
                try await WorkoutTypeRows.save(type, only: ["sort_order"], on: tx)
            }
        }
        return try await list(userID: userID, includeArchived: true)
    }

    private func validate(_ draft: WorkoutTypeDraft) throws -> ValidWorkoutTypeDraft {
        do { return try draft.validated() } catch { throw SpotterError.invalid(error) }
    }

    private func ensureNameFree(_ key: NameKey, name: String, userID: UUID, except id: UUID?) async throws {
        var condition: SQLQueryString = "t.name_key = \(bind: key.rawValue)"
        if let id { condition += " AND t.id <> \(bind: id)" }
        if let clash = try await owned(by: userID, condition).first {
            let archivedNote = clash.archived ? " (archived; bring it back instead)" : ""
            throw SpotterError.conflict(
                field: "name", message: "You already have a workout type called \(clash.name)\(archivedNote).")
        }
    }
}
