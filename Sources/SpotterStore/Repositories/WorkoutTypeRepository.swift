import FluentKit
import Foundation
import SpotterCore

/// A user's workout types. Every query is scoped by the owner.
public struct WorkoutTypeRepository: Sendable {
    let db: any Database

    public init(store: SpotterStore) { db = store.database }
    init(db: any Database) { self.db = db }

    private func owned(by userID: UUID) -> QueryBuilder<WorkoutTypeModel> {
        WorkoutTypeModel.query(on: db).filter(\.$userID == userID)
    }

    /// The user's types in their order; archived ones only when asked.
    public func list(userID: UUID, includeArchived: Bool = false) async throws -> [WorkoutType] {
        var query = owned(by: userID)
        if !includeArchived { query = query.filter(\.$archived == false) }
        return try await query.sort(\.$sortOrder).all().map(\.core)
    }

    public func find(id: UUID, userID: UUID) async throws -> WorkoutType? {
        try await owned(by: userID).filter(\.$id == id).first()?.core
    }

    /// Adds the seeded types the user does not have yet, after their own. Running it
    /// again adds nothing.
    @discardableResult
    public func seedDefaults(userID: UUID, now: Date) async throws -> Int {
        let existing = try await owned(by: userID).all()
        let keys = Set(existing.compactMap(\.seedKey))
        let names = Set(existing.map(\.nameKey))
        var next = (existing.map(\.sortOrder).max() ?? -1) + 1
        var added = 0
        for seed in SeedWorkoutType.all where !keys.contains(seed.key) && !names.contains(NameKey(seed.name).rawValue) {
            let model = WorkoutTypeModel(
                id: UUID(), userID: userID, seedKey: seed.key, name: seed.name, colorHex: seed.colorHex,
                icon: seed.icon, sortOrder: next, createdAt: now)
            try await model.create(on: db)
            next += 1
            added += 1
        }
        return added
    }

    public func create(id: UUID = UUID(), userID: UUID, draft: WorkoutTypeDraft, now: Date) async throws -> WorkoutType {
        let valid = try validate(draft)
        try await ensureNameFree(valid.nameKey, name: valid.name, userID: userID, except: nil)
        let last = try await owned(by: userID).max(\.$sortOrder) ?? -1
        let model = WorkoutTypeModel(
            id: id, userID: userID, seedKey: nil, name: valid.name, colorHex: valid.colorHex, icon: valid.icon,
            sortOrder: last + 1, createdAt: now)
        try await model.create(on: db)
        return model.core
    }

    /// Renames, recolours or changes the icon.
    public func update(id: UUID, userID: UUID, draft: WorkoutTypeDraft) async throws -> WorkoutType {
        guard let model = try await owned(by: userID).filter(\.$id == id).first() else {
            throw SpotterError.notFound("The workout type")
        }
        let valid = try validate(draft)
        try await ensureNameFree(valid.nameKey, name: valid.name, userID: userID, except: id)
        model.name = valid.name
        model.nameKey = valid.nameKey.rawValue
        model.colorHex = valid.colorHex
        model.icon = valid.icon.rawValue
        try await model.save(on: db)
        return model.core
    }

    /// Archives (hides) or brings back a type. Sessions that used it keep it.
    public func setArchived(_ archived: Bool, id: UUID, userID: UUID) async throws -> WorkoutType {
        guard let model = try await owned(by: userID).filter(\.$id == id).first() else {
            throw SpotterError.notFound("The workout type")
        }
        model.archived = archived
        try await model.save(on: db)
        return model.core
    }

    /// Puts the user's types in the given order; `ids` must list every one of them once.
    public func reorder(userID: UUID, ids: [UUID]) async throws -> [WorkoutType] {
        try await db.writeTransaction { tx in
            let models = try await WorkoutTypeModel.query(on: tx).filter(\.$userID == userID).all()
            let positions = try ListOrder.positions(current: models.map { $0.id! }, proposed: ids)
            for model in models where model.sortOrder != positions[model.id!] {
                model.sortOrder = positions[model.id!]!
                try await model.save(on: tx)
            }
        }
        return try await list(userID: userID, includeArchived: true)
    }

    private func validate(_ draft: WorkoutTypeDraft) throws -> ValidWorkoutTypeDraft {
        do { return try draft.validated() } catch { throw SpotterError.invalid(error) }
    }

    private func ensureNameFree(_ key: NameKey, name: String, userID: UUID, except id: UUID?) async throws {
        var query = owned(by: userID).filter(\.$nameKey == key.rawValue)
        if let id { query = query.filter(\.$id != id) }
        if let clash = try await query.first() {
            let archivedNote = clash.archived ? " (archived; bring it back instead)" : ""
            throw SpotterError.conflict(field: "name", message: "You already have a workout type called \(clash.name)\(archivedNote).")
        }
    }
}
