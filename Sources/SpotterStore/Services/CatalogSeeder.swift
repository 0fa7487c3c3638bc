import FluentKit
import Foundation
import SQLKit
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
            let stored = try await StoreMetadataRows.value(Self.versionKey, on: tx)
            if let stored, let version = Int(stored), version >= catalog.version {
                return Outcome(added: 0, updated: 0)
            }
            let existing = try await ExerciseRows.exercises(where: "x.user_id IS NULL", on: tx)
            let byKey = Dictionary(
                existing.compactMap { row in row.catalogKey.map { ($0, row) } }, uniquingKeysWith: { a, _ in a })
            var outcome = Outcome(added: 0, updated: 0)
            var added: [Exercise] = []
            for entry in catalog.exercises {
                if let stored = byKey[entry.key] {
                    var changed = stored
                    Self.apply(entry, to: &changed)
                    if changed != stored {
                        changed.updatedAt = now
                        try await ExerciseRows.save(changed, only: ExerciseRows.catalogColumns, on: tx)
                        outcome.updated += 1
                    }
                } else {
                    var exercise = Exercise(
                        id: UUID(), ownerID: nil, catalogKey: entry.key, name: "", description: "", primaryMuscles: [],
                        equipment: .other,
                        kind: .weightReps, createdAt: now, updatedAt: now)
                    Self.apply(entry, to: &exercise)
                    added.append(exercise)
                    outcome.added += 1
                }
            }
            try await ExerciseRows.insert(added, on: tx)
            try await StoreMetadataRows.set(Self.versionKey, to: String(catalog.version), on: tx)
            return outcome
        }
        if outcome != Outcome(added: 0, updated: 0) { store.catalog.invalidate() }
        return outcome
    }

    /// Copies an entry's catalog fields into an exercise.
    private static func apply(_ entry: ExerciseCatalog.Entry, to exercise: inout Exercise) {
        exercise.name = entry.name
        exercise.aliases = entry.aliases
        exercise.description = entry.description
        exercise.primaryMuscles = entry.primaryMuscles
        exercise.secondaryMuscles = entry.secondaryMuscles
        exercise.equipment = entry.equipment
        exercise.kind = entry.kind
    }
}
