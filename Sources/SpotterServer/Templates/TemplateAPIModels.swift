import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// One exercise row as the API sends and receives it.
struct TemplateExerciseInput: Codable, Sendable {
    /// The row being edited; leave out for a new row.
    var id: UUID?
    var exerciseId: UUID?
    var setCount: Int?
    var repMin: Int?
    var repMax: Int?
    var targetWeight: Double?
    var weightUnit: String?
    var targetRPE: Double?
    var restSeconds: Int?
    var targetDurationSeconds: Int?
    var notes: String?

    var draft: TemplateDraft.ExerciseDraft {
        TemplateDraft.ExerciseDraft(
            id: id, exerciseID: exerciseId, setCount: setCount, repMin: repMin, repMax: repMax, targetWeight: targetWeight,
            weightUnit: weightUnit, targetRPE: targetRPE, restSeconds: restSeconds, targetDurationSeconds: targetDurationSeconds,
            notes: notes)
    }
}

/// A break card of a guided template's timeline.
struct TemplateBreakInput: Codable, Sendable {
    /// The break being edited; leave out for a new one.
    var id: UUID?
    /// Its place in the timeline, exercises and breaks counted together (0 is first).
    var position: Int?
    var seconds: Int?

    var draft: TemplateDraft.BreakDraft { TemplateDraft.BreakDraft(id: id, position: position, seconds: seconds) }
}

/// `PUT /api/v1/templates/{id}`: the whole template. On a new id it is created;
/// on an existing one it replaces the stored template (fields left out stay; the
/// exercise list is always replaced, and the breaks when sent).
struct TemplateInput: Decodable, Sendable {
    var name: String?
    var category: String?
    var notes: String?
    var exercises: [TemplateExerciseInput]
    var breaks: [TemplateBreakInput]?
    var guided: Bool?

    var draft: TemplateDraft {
        TemplateDraft(
            name: name, category: category, notes: notes, exercises: exercises.map(\.draft), breaks: breaks?.map(\.draft),
            guided: guided)
    }
}

/// `PATCH /api/v1/templates/{id}`: rename, recategorise, pin, archive.
struct TemplatePatchInput: Decodable, Sendable {
    var name: String?
    var category: String?
    var notes: String?
    var pinned: Bool?
    var archived: Bool?
}

/// Bodies that name the id of what they create (so a retry creates nothing twice).
struct NewIDInput: Decodable, Sendable {
    var id: UUID
}

/// `POST /api/v1/templates/{id}/start`.
struct TemplateStartInput: Decodable, Sendable {
    var workoutId: UUID
    var replaceActive: Bool?
    /// Today's exercises ("start and tweak"); leave out to start the template as it is.
    var exercises: [TemplateExerciseInput]?
}

/// `POST /api/v1/templates/{id}/update-preview` and `.../update`.
struct TemplateUpdateInput: Decodable, Sendable {
    var choice: String
    /// Take the plan from this workout (one started from the template)...
    var workoutId: UUID?
    /// ...or from today's tweaked list.
    var exercises: [TemplateExerciseInput]?

    func parsed() throws -> (TemplateUpdate, TemplateService.PlanSource) {
        guard let choice = TemplateUpdate(rawValue: choice) else {
            throw SpotterError.invalid(field: "choice", "Choose keep, values, structure or both.")
        }
        switch (workoutId, exercises) {
        case (let id?, nil): return (choice, .workout(id))
        case (nil, let rows?): return (choice, .today(rows.map(\.draft)))
        default:
            throw SpotterError.invalid(field: "workoutId", "Send either workoutId or exercises: where the new values come from.")
        }
    }
}

/// `POST /api/v1/templates/from-workout`.
struct TemplateFromWorkoutInput: Decodable, Sendable {
    var id: UUID
    var workoutId: UUID
    var name: String?
    var category: String?
}

struct TemplateResponse: ResponseEncodable, Equatable {
    struct ExerciseResponse: Codable, Equatable {
        let id: UUID
        let exerciseId: UUID
        let exerciseName: String
        let position: Int
        let setCount: Int
        let repMin: Int
        let repMax: Int
        @Nullable var targetWeight: Double?
        @Nullable var weightUnit: MassUnit?
        @Nullable var targetRPE: Double?
        @Nullable var restSeconds: Int?
        @Nullable var targetDurationSeconds: Int?
        let notes: String
    }

    struct BreakResponse: Codable, Equatable {
        let id: UUID
        let position: Int
        let seconds: Int
    }

    let id: UUID
    let name: String
    let category: TemplateCategory
    let notes: String
    let isPreset: Bool
    /// Listed under the library's "Guided" chip: built in the timeline view, or with a break card.
    let guided: Bool
    let pinned: Bool
    let archived: Bool
    let exerciseCount: Int
    let setCount: Int
    let estimatedDurationSeconds: Int
    /// How long the guided player takes: sets, rests and breaks.
    let estimatedPlaySeconds: Int
    let createdAt: Date
    let updatedAt: Date
    @Nullable var lastUsedAt: Date?
    let exercises: [ExerciseResponse]
    let breaks: [BreakResponse]

    init(_ template: WorkoutTemplate, names: [UUID: String]) {
        id = template.id
        name = template.name
        category = template.category
        notes = template.notes
        isPreset = template.isPreset
        guided = template.isGuided
        pinned = template.pinned
        archived = template.isArchived
        exerciseCount = template.exerciseCount
        setCount = template.setCount
        estimatedDurationSeconds = template.estimatedDurationSeconds
        estimatedPlaySeconds = template.estimatedPlaySeconds(defaultRestSeconds: TemplateExercise.defaultRestSeconds)
        createdAt = template.createdAt
        updatedAt = template.updatedAt
        lastUsedAt = template.lastUsedAt
        exercises = template.exercises.enumerated().map { position, item in
            ExerciseResponse(
                id: item.id, exerciseId: item.exerciseID, exerciseName: names[item.exerciseID] ?? "Unknown exercise",
                position: position,
                setCount: item.setCount, repMin: item.reps.min, repMax: item.reps.max, targetWeight: item.targetWeight?.value,
                weightUnit: item.targetWeight?.unit, targetRPE: item.targetRPE, restSeconds: item.restSeconds,
                targetDurationSeconds: item.targetDurationSeconds, notes: item.notes)
        }
        breaks = template.breaks.map { BreakResponse(id: $0.id, position: $0.position, seconds: $0.seconds) }
    }
}

/// An update choice's effect: the template after it, and each change in words.
struct TemplateUpdateResponse: ResponseEncodable {
    let choice: TemplateUpdate
    let applied: Bool
    let template: TemplateResponse
    let changes: [String]
}

/// The words of a template change, with exercise names ("Bench Press: 3 x 8-12 -> 5 x 5").
enum TemplateChangeText {
    /// The lines as a page shows them, with real arrows.
    static func pageLines(_ changes: [TemplateDiff.Change], names: [UUID: String]) -> [String] {
        lines(changes, names: names).map { $0.replacingOccurrences(of: " -> ", with: " → ") }
    }

    static func lines(_ changes: [TemplateDiff.Change], names: [UUID: String]) -> [String] {
        changes.map { change in
            switch change {
            case .added(let id, let summary): "Add \(names[id] ?? "an exercise"): \(summary)"
            case .removed(let id): "Remove \(names[id] ?? "an exercise")"
            case .reordered(let order): "New order: " + order.map { names[$0] ?? "an exercise" }.joined(separator: ", ")
            case .changed(let id, let details): "\(names[id] ?? "An exercise"): \(details.joined(separator: "; "))"
            }
        }
    }
}
