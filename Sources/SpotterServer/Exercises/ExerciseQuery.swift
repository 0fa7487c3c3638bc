import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// The library filter as query parameters: `search`, `muscle`, `equipment`, `kind`,
/// `custom` (true/false), `archived` (true to include archived exercises), and the
/// order: `sort=recent` puts the lifter's recently used exercises first while the
/// search is empty (the workout's picker), `sort=name` (the default) does not.
struct ExerciseQuery {
    enum Order: String, CaseIterable {
        case name, recent
    }

    var filter: ExerciseFilter
    var order = Order.name

    init(_ query: Parameters) throws {
        filter = ExerciseFilter(search: String((query.formText("search") ?? query.formText("q") ?? "").prefix(100)))
        if let muscle = query.get("muscle"), !muscle.isEmpty {
            filter.muscle = try EnumField.parse(muscle, as: MuscleGroup.self, field: "muscle", noun: "muscle group")
        }
        if let equipment = query.get("equipment"), !equipment.isEmpty {
            filter.equipment = try EnumField.parse(equipment, as: Equipment.self, field: "equipment", noun: "equipment")
        }
        if let kind = query.get("kind"), !kind.isEmpty {
            filter.kind = try EnumField.parse(kind, as: ExerciseKind.self, field: "kind", noun: "kind")
        }
        filter.custom = try query.flag("custom")
        filter.includeArchived = try query.flag("archived") ?? false
        if let sort = query.get("sort"), !sort.isEmpty {
            order = try EnumField.parse(sort, as: Order.self, field: "sort", noun: "order")
        }
    }
}
