import Foundation
import SpotterCore
import Testing

@Suite("TemplatePresets: the built-in routine library")
struct TemplatePresetsTests {
    /// Sources/SpotterStore/Resources/catalog.json, found from this file:
    /// Tests/SpotterCoreTests/TemplatePresetsTests.swift → up three levels is the package root.
    static let catalogURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tests/SpotterCoreTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Sources/SpotterStore/Resources/catalog.json")

    static func catalog() throws -> ExerciseCatalog {
        try ExerciseCatalog.decode(Data(contentsOf: catalogURL))
    }

    static func preset(named name: String) throws -> TemplatePreset {
        try #require(TemplatePresets.all.first { $0.name == name }, "no preset named \(name)")
    }

    @Test("At least nine routines, covering every category but Custom")
    func routinesAndCategories() {
        let routines = Set(TemplatePresets.all.map(\.routine))
        #expect(routines.count >= 9)
        let categories = Set(TemplatePresets.all.map(\.category))
        #expect(categories == [.strength, .hypertrophy, .calisthenics, .weightlifting, .beginner])
    }

    @Test("Ids are unique, and so are names whatever their case")
    func uniqueIdsAndNames() {
        let ids = TemplatePresets.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        let names = TemplatePresets.all.map { $0.name.lowercased() }
        #expect(Set(names).count == names.count)
    }

    @Test("Names and notes are clean and fit the template limits")
    func namesAndNotes() {
        for preset in TemplatePresets.all {
            #expect(NameKey.displayForm(of: preset.name) == preset.name, "\(preset.name)")
            #expect(preset.name.count <= 60, "\(preset.name)")
            #expect(preset.name.hasPrefix(preset.routine), "\(preset.name)")
            #expect(!preset.notes.isEmpty && preset.notes.count <= TemplateDraft.notesLimit, "\(preset.name)")
            for exercise in preset.exercises {
                #expect(exercise.notes.count <= TemplateDraft.exerciseNotesLimit, "\(preset.name): \(exercise.catalogKey)")
            }
        }
    }

    @Test("Every preset has exercises with sets, reps and rest in range")
    func exercisesInRange() {
        for preset in TemplatePresets.all {
            #expect(!preset.exercises.isEmpty, "\(preset.name)")
            #expect(preset.exercises.count <= TemplateDraft.exerciseLimit, "\(preset.name)")
            for exercise in preset.exercises {
                let label = "\(preset.name): \(exercise.catalogKey)"
                #expect(TemplateExercise.setCountLimits.contains(exercise.setCount), "\(label)")
                #expect(exercise.reps.min <= exercise.reps.max, "\(label)")
                #expect(RepRange.limits.contains(exercise.reps.min), "\(label)")
                #expect(RepRange.limits.contains(exercise.reps.max), "\(label)")
                #expect((0...1800).contains(exercise.restSeconds), "\(label)")
            }
        }
    }

    @Test("Every exercise is in the shipped catalog; timed ones, and only those, have a duration")
    func exercisesInCatalog() throws {
        let kinds = Dictionary(uniqueKeysWithValues: try Self.catalog().exercises.map { ($0.key, $0.kind) })
        for preset in TemplatePresets.all {
            for exercise in preset.exercises {
                let label = "\(preset.name): \(exercise.catalogKey)"
                let kind = try #require(kinds[exercise.catalogKey], "\(label) is not in the catalog")
                if kind == .duration {
                    let seconds = try #require(exercise.targetDurationSeconds, "\(label) has no duration")
                    #expect(seconds > 0, "\(label)")
                    #expect(exercise.reps == RepRange(1, 1), "\(label)")
                } else {
                    #expect(exercise.targetDurationSeconds == nil, "\(label)")
                }
            }
        }
    }

    @Test("Starting Strength Workout A is squat 3x5, bench 3x5, deadlift 1x5")
    func startingStrengthA() throws {
        let preset = try Self.preset(named: "Starting Strength - Workout A")
        #expect(preset.routine == "Starting Strength")
        #expect(preset.category == .strength)
        let plan = preset.exercises.map { "\($0.catalogKey) \($0.setCount)x\($0.reps.label)" }
        #expect(plan == ["squat-barbell 3x5", "bench-press-barbell 3x5", "deadlift-barbell 1x5"])
    }

    @Test("Starting Strength Workout B is squat 3x5, press 3x5, power clean 5x3")
    func startingStrengthB() throws {
        let preset = try Self.preset(named: "Starting Strength - Workout B")
        let plan = preset.exercises.map { "\($0.catalogKey) \($0.setCount)x\($0.reps.label)" }
        #expect(plan == ["squat-barbell 3x5", "overhead-press-barbell 3x5", "power-clean-barbell 5x3"])
    }

    @Test("preset(id:) finds a preset, and nothing for an unknown id")
    func lookUpByID() throws {
        let preset = try Self.preset(named: "PPL - Push")
        #expect(TemplatePresets.preset(id: preset.id) == preset)
        #expect(TemplatePresets.preset(id: UUID()) == nil)
    }

    @Test("A preset becomes a read-only template with its exercises in order")
    func template() throws {
        let preset = try Self.preset(named: "Starting Strength - Workout B")
        let ids = Dictionary(uniqueKeysWithValues: preset.exercises.map { ($0.catalogKey, UUID()) })
        let shipped = Date(timeIntervalSince1970: 1_700_000_000)
        let template = preset.template(exerciseIDs: ids, shippedAt: shipped)
        #expect(template.id == preset.id)
        #expect(template.isPreset)
        #expect(template.name == preset.name)
        #expect(template.category == preset.category)
        #expect(template.notes == preset.notes)
        #expect(template.createdAt == shipped)
        #expect(template.exercises.map(\.exerciseID) == preset.exercises.map { ids[$0.catalogKey]! })
        #expect(template.exercises.map(\.setCount) == preset.exercises.map(\.setCount))
        #expect(template.exercises.map(\.reps) == preset.exercises.map(\.reps))
        #expect(template.exercises.map(\.restSeconds) == preset.exercises.map(\.restSeconds))
        #expect(template.exercises.map(\.notes) == preset.exercises.map(\.notes))
        let exerciseIDs = template.exercises.map(\.id)
        #expect(Set(exerciseIDs).count == exerciseIDs.count)
        #expect(!exerciseIDs.contains(preset.id))
        #expect(preset.template(exerciseIDs: ids, shippedAt: shipped) == template)
    }

    @Test("Timed exercises keep their duration in the template")
    func templateDuration() throws {
        let preset = try Self.preset(named: "Full Body Calisthenics")
        let ids = Dictionary(uniqueKeysWithValues: preset.exercises.map { ($0.catalogKey, UUID()) })
        let template = preset.template(exerciseIDs: ids, shippedAt: Date())
        #expect(template.exercises.map(\.targetDurationSeconds) == preset.exercises.map(\.targetDurationSeconds))
        #expect(template.exercises.contains { $0.targetDurationSeconds != nil })
    }

    @Test("An exercise missing from the catalog is dropped, the rest keep their order and ids")
    func templateDropsMissing() throws {
        let preset = try Self.preset(named: "Starting Strength - Workout A")
        let all = Dictionary(uniqueKeysWithValues: preset.exercises.map { ($0.catalogKey, UUID()) })
        let full = preset.template(exerciseIDs: all, shippedAt: Date())
        var partial = all
        partial["bench-press-barbell"] = nil
        let template = preset.template(exerciseIDs: partial, shippedAt: Date())
        #expect(template.exercises.map(\.exerciseID) == [all["squat-barbell"]!, all["deadlift-barbell"]!])
        #expect(template.exercises.map(\.id) == [full.exercises[0].id, full.exercises[2].id])
    }

    @Test("Template exercise ids are unique across the whole library")
    func exerciseIDsUniqueAcrossPresets() {
        let keys = Set(TemplatePresets.all.flatMap { $0.exercises.map(\.catalogKey) })
        let ids = Dictionary(uniqueKeysWithValues: keys.map { ($0, UUID()) })
        let templates = TemplatePresets.all.map { $0.template(exerciseIDs: ids, shippedAt: Date()) }
        let exerciseIDs = templates.flatMap { $0.exercises.map(\.id) }
        #expect(templates.map(\.exercises.count) == TemplatePresets.all.map(\.exercises.count))
        #expect(Set(exerciseIDs).count == exerciseIDs.count)
        #expect(Set(exerciseIDs).isDisjoint(with: TemplatePresets.all.map(\.id)))
    }
}
