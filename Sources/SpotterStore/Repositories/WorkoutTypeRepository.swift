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

    /// Adds a type the service made (`WorkoutTypeService.create`).
    public func insert(_ type: WorkoutType) async throws {
        try await WorkoutTypeRows.insert([type], on: db)
    }

    /// Stores a type's name, colour and icon.
    public func saveEdits(_ type: WorkoutType) async throws {
        try await WorkoutTypeRows.save(type, only: WorkoutTypeRows.editedColumns, on: db)
    }

    /// Stores whether a type is archived.
    public func saveArchived(_ type: WorkoutType) async throws {
        try await WorkoutTypeRows.save(type, only: ["archived"], on: db)
    }

    /// The user's type with this name (compared as `NameKey`), other than `except`.
    public func named(_ key: NameKey, userID: UUID, except id: UUID?) async throws -> WorkoutType? {
        var condition: SQLQueryString = "t.name_key = \(bind: key.rawValue)"
        if let id { condition += " AND t.id <> \(bind: id)" }
        return try await owned(by: userID, condition).first
    }

    /// Moves the user's types to the positions `order` gives them (from their ids in
    /// their present order), in one transaction.
    public func reorder(userID: UUID, _ order: @escaping @Sendable ([UUID]) throws -> [UUID: Int]) async throws -> [WorkoutType] {
        try await db.writeTransaction { tx in
            let types = try await WorkoutTypeRows.types(where: "t.user_id = \(bind: userID)", on: tx)
            let positions = try order(types.map(\.id))
            for var type in types where type.sortOrder != positions[type.id] {
                guard let position = positions[type.id] else { continue }
                type.sortOrder = position
                try await WorkoutTypeRows.save(type, only: ["sort_order"], on: tx)
            }
        }
        return try await list(userID: userID, includeArchived: true)
    }
}
