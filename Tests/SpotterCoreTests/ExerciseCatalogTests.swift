import Foundation
import SpotterCore
import Testing

@Suite("ExerciseCatalog: the built-in exercise library")
struct ExerciseCatalogTests {
    /// Sources/SpotterStore/Resources/catalog.json, found from this file:
    /// Tests/SpotterCoreTests/ExerciseCatalogTests.swift → up three levels is the package root.
    static let shippedURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tests/SpotterCoreTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Sources/SpotterStore/Resources/catalog.json")

    static func shipped() throws -> ExerciseCatalog {
        try ExerciseCatalog.decode(Data(contentsOf: shippedURL))
    }

    @Test("The shipped file decodes and has at least 150 exercises")
    func decodesShipped() throws {
        let catalog = try Self.shipped()
        #expect(catalog.version >= 1)
        #expect(catalog.exercises.count >= 150)
    }

    @Test("Keys are unique, and so are names and aliases")
    func uniqueKeysAndNames() throws {
        let catalog = try Self.shipped()
        let keys = catalog.exercises.map(\.key)
        #expect(Set(keys).count == keys.count)
        let names = catalog.exercises.flatMap { [$0.name] + $0.aliases }.map { NameKey($0) }
        #expect(Set(names).count == names.count)
    }

    @Test("Keys are lower-case slugs")
    func keyShape() throws {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        for entry in try Self.shipped().exercises {
            #expect(!entry.key.isEmpty && entry.key.allSatisfy(allowed.contains), "\(entry.key)")
            #expect(!entry.key.hasPrefix("-") && !entry.key.hasSuffix("-"), "\(entry.key)")
        }
    }

    @Test("Every entry has a name, a description and a primary muscle")
    func entriesComplete() throws {
        for entry in try Self.shipped().exercises {
            #expect(!NameKey.displayForm(of: entry.name).isEmpty, "\(entry.key)")
            #expect(NameKey.displayForm(of: entry.name) == entry.name, "\(entry.key): name not in display form")
            #expect(!entry.description.isEmpty, "\(entry.key)")
            #expect(!entry.primaryMuscles.isEmpty, "\(entry.key)")
        }
    }

    @Test("Every muscle group is a primary muscle of some exercise")
    func coversMuscles() throws {
        let trained = Set(try Self.shipped().exercises.flatMap(\.primaryMuscles))
        for muscle in MuscleGroup.allCases {
            #expect(trained.contains(muscle), "no exercise for \(muscle)")
        }
    }

    @Test("Every kind of equipment has exercises")
    func coversEquipment() throws {
        let used = Set(try Self.shipped().exercises.map(\.equipment))
        #expect(used == Set(Equipment.allCases))
    }

    @Test(
        "Common short names lead to the right exercise",
        arguments: [
            ("BB Bench", "Bench Press (Barbell)"),
            ("Bench", "Bench Press (Barbell)"),
            ("DB Bench", "Bench Press (Dumbbell)"),
            ("Incline Bench", "Incline Bench Press (Barbell)"),
        ])
    func aliases(_ alias: String, _ name: String) throws {
        let catalog = try Self.shipped()
        let owners = catalog.exercises.filter { entry in entry.aliases.contains { NameKey($0) == NameKey(alias) } }
        #expect(owners.map(\.name) == [name])
    }

    @Test("The barbell bench press is described as shipped")
    func benchPress() throws {
        let entry = try #require(try Self.shipped().exercises.first { $0.key == "bench-press-barbell" })
        #expect(entry.name == "Bench Press (Barbell)")
        #expect(entry.primaryMuscles == [.chest])
        #expect(entry.equipment == .barbell)
        #expect(entry.kind == .weightReps)
    }

    // MARK: - check()

    static func json(_ entries: String...) -> Data {
        Data(#"{"version": 3, "exercises": [\#(entries.joined(separator: ","))]}"#.utf8)
    }

    static func entry(key: String, name: String, aliases: [String] = [], primary: String = #"["chest"]"#) -> String {
        let aliasList = aliases.map { "\"\($0)\"" }.joined(separator: ",")
        return #"""
            {"key": "\#(key)", "name": "\#(name)", "primaryMuscles": \#(primary), "secondaryMuscles": [],
             "equipment": "barbell", "kind": "weightReps", "aliases": [\#(aliasList)], "description": "x"}
            """#
    }

    @Test("A small valid catalog decodes")
    func smallCatalog() throws {
        let catalog = try ExerciseCatalog.decode(
            Self.json(
                Self.entry(key: "a", name: "Alpha", aliases: ["A1"]),
                Self.entry(key: "b", name: "Beta", aliases: ["B1", "B2"])))
        #expect(catalog.version == 3)
        #expect(catalog.exercises.map(\.key) == ["a", "b"])
        #expect(catalog.exercises[1].aliases == ["B1", "B2"])
        #expect(catalog.exercises[0].equipment == .barbell)
    }

    @Test("A repeated key is refused")
    func duplicateKey() throws {
        let error = try #require(throws: ExerciseCatalog.CatalogError.self) {
            try ExerciseCatalog.decode(
                Self.json(
                    Self.entry(key: "bench", name: "Bench One"), Self.entry(key: "bench", name: "Bench Two")))
        }
        #expect(error.description == "exercise catalog: duplicate key bench")
    }

    @Test("An alias used twice is refused, whatever its case and spacing")
    func duplicateAlias() throws {
        let error = try #require(throws: ExerciseCatalog.CatalogError.self) {
            try ExerciseCatalog.decode(
                Self.json(
                    Self.entry(key: "a", name: "Alpha", aliases: ["Big Lift"]),
                    Self.entry(key: "b", name: "Beta", aliases: ["big  LIFT"])))
        }
        #expect(error.description == "exercise catalog: duplicate name or alias big  LIFT")
    }

    @Test("An alias equal to another exercise's name is refused")
    func aliasClashesWithName() throws {
        #expect(throws: ExerciseCatalog.CatalogError.self) {
            try ExerciseCatalog.decode(
                Self.json(
                    Self.entry(key: "a", name: "Alpha"), Self.entry(key: "b", name: "Beta", aliases: ["alpha"])))
        }
    }

    @Test("An exercise without a primary muscle is refused")
    func noPrimaryMuscle() throws {
        let error = try #require(throws: ExerciseCatalog.CatalogError.self) {
            try ExerciseCatalog.decode(Self.json(Self.entry(key: "a", name: "Alpha", primary: "[]")))
        }
        #expect(error.description == "exercise catalog: a has no primary muscle")
    }

    @Test("check() on a value built in code finds the same problems")
    func checkDirectly() throws {
        var catalog = try ExerciseCatalog.decode(Self.json(Self.entry(key: "a", name: "Alpha")))
        #expect(throws: Never.self) { try catalog.check() }
        catalog.exercises.append(catalog.exercises[0])
        #expect(throws: ExerciseCatalog.CatalogError.self) { try catalog.check() }
    }

    @Test("Unknown muscle groups or equipment fail to decode")
    func unknownValues() {
        #expect(throws: DecodingError.self) {
            try ExerciseCatalog.decode(Self.json(Self.entry(key: "a", name: "Alpha", primary: #"["wings"]"#)))
        }
        let badEquipment = Data(
            #"""
            {"version": 1, "exercises": [{"key": "a", "name": "Alpha", "primaryMuscles": ["chest"],
             "secondaryMuscles": [], "equipment": "spaceship", "kind": "weightReps", "aliases": [], "description": ""}]}
            """#.utf8)
        #expect(throws: DecodingError.self) { try ExerciseCatalog.decode(badEquipment) }
    }
}
