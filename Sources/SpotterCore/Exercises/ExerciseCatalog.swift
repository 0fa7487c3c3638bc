import Foundation

/// The built-in exercise library as shipped in the data file. `version` grows
/// whenever entries are added or changed, so a newer binary updates the catalog
/// rows of an existing database without touching anything a user made.
public struct ExerciseCatalog: Sendable, Codable, Equatable {
    public var version: Int
    public var exercises: [Entry]

    public struct Entry: Sendable, Codable, Equatable {
        public var key: String
        public var name: String
        public var primaryMuscles: [MuscleGroup]
        public var secondaryMuscles: [MuscleGroup]
        public var equipment: Equipment
        public var kind: ExerciseKind
        public var aliases: [String]
        public var description: String

        public init(
            key: String, name: String, primaryMuscles: [MuscleGroup], secondaryMuscles: [MuscleGroup], equipment: Equipment,
            kind: ExerciseKind, aliases: [String], description: String
        ) {
            self.key = key
            self.name = name
            self.primaryMuscles = primaryMuscles
            self.secondaryMuscles = secondaryMuscles
            self.equipment = equipment
            self.kind = kind
            self.aliases = aliases
            self.description = description
        }
    }

    /// Reads the catalog from its JSON text, checking the rules every entry must keep.
    public static func decode(_ data: Data) throws -> ExerciseCatalog {
        let catalog = try JSONDecoder().decode(ExerciseCatalog.self, from: data)
        try catalog.check()
        return catalog
    }

    /// Problems that would make seeding ambiguous: duplicate keys, names or aliases.
    public func check() throws {
        var keys = Set<String>()
        var names = Set<NameKey>()
        for entry in exercises {
            guard keys.insert(entry.key).inserted else { throw CatalogError("duplicate key \(entry.key)") }
            guard !entry.primaryMuscles.isEmpty else { throw CatalogError("\(entry.key) has no primary muscle") }
            for name in [entry.name] + entry.aliases {
                guard names.insert(NameKey(name)).inserted else { throw CatalogError("duplicate name or alias \(name)") }
            }
        }
    }

    public struct CatalogError: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = "exercise catalog: " + description }
    }
}
