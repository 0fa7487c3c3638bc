import FluentKit
import Foundation
import SpotterCore

/// Puts the built-in exercise catalog into the database. Catalog rows are matched
/// by their key: missing ones are added, changed ones updated; rows a user made are
/// never read or touched. The catalog version is remembered, so a database that
/// already holds this version is left alone.
public struct CatalogSeeder: Sendable {
    let store: SpotterStore

    public init(store: SpotterStore) { self.store = store }

    static let versionKey = "exercise_catalog_version"

    /// The catalog shipped with this binary.
    public static func bundledCatalog() throws -> ExerciseCatalog {
        guard let url = Bundle.module.url(forResource: "catalog", withExtension: "json", subdirectory: "Resources") else {
            throw StoreError.catalogMissing
        }
        return try ExerciseCatalog.decode(Data(contentsOf: url))
    }

    public struct Outcome: Sendable, Equatable {
        public var added: Int
        public var updated: Int

        public init(added: Int, updated: Int) {
            self.added = added
            self.updated = updated
        }
    }

    @discardableResult
    public func seed(_ catalog: ExerciseCatalog, now: Date) async throws -> Outcome {
        let outcome = try await store.database.writeTransaction { tx in
            let stored = try await StoreMetadataModel.find(Self.versionKey, on: tx)
            if let stored, let version = Int(stored.value), version >= catalog.version {
                return Outcome(added: 0, updated: 0)
            }
            let existing = try await ExerciseModel.query(on: tx).filter(\.$userID == nil).all()
            let byKey = Dictionary(existing.compactMap { model in model.catalogKey.map { ($0, model) } }, uniquingKeysWith: { a, _ in a })
            var outcome = Outcome(added: 0, updated: 0)
            for entry in catalog.exercises {
                if let model = byKey[entry.key] {
                    if Self.apply(entry, to: model, now: now) {
                        try await model.save(on: tx)
                        outcome.updated += 1
                    }
                } else {
                    let model = ExerciseModel()
                    model.id = UUID()
                    model.userID = nil
                    model.catalogKey = entry.key
                    model.archived = false
                    model.createdAt = now
                    model.videoID = nil
                    _ = Self.apply(entry, to: model, now: now)
                    try await model.create(on: tx)
                    outcome.added += 1
                }
            }
            let record = stored ?? StoreMetadataModel(key: Self.versionKey, value: "")
            record.value = String(catalog.version)
            try await record.save(on: tx)
            return outcome
        }
        if outcome != Outcome(added: 0, updated: 0) { store.catalog.invalidate() }
        return outcome
    }

    /// Copies an entry into a row; true when something changed.
    private static func apply(_ entry: ExerciseCatalog.Entry, to model: ExerciseModel, now: Date) -> Bool {
        let before = model.id == nil || model.$name.value == nil ? nil : catalogFields(of: model)
        model.setNameAndAliases(entry.name, aliases: entry.aliases)
        model.description = entry.description
        model.primaryMuscles = ExerciseModel.muscleList(entry.primaryMuscles)
        model.secondaryMuscles = ExerciseModel.muscleList(entry.secondaryMuscles)
        model.equipment = entry.equipment.rawValue
        model.kind = entry.kind.rawValue
        guard before != catalogFields(of: model) else { return false }
        model.updatedAt = now
        return true
    }

    private static func catalogFields(of model: ExerciseModel) -> [String] {
        [model.name, model.aliases, model.description, model.primaryMuscles, model.secondaryMuscles,
         model.equipment, model.kind]
    }
}
