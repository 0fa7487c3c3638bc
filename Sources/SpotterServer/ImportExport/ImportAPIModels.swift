import Foundation
import Hummingbird
import SpotterCore
import SpotterImport

/// `POST /api/v1/imports/{id}/commit`: the unit of a file that does not say, and
/// names of the file mapped to exercises of the library instead of their match.
struct ImportCommitInput: Decodable, Sendable {
    var unit: String?
    var mappings: [String: String]?
}

/// What an upload would import: the same facts as the preview page.
struct ImportPreviewResponse: ResponseEncodable, Equatable {
    struct ExerciseName: Codable, Equatable {
        /// The name as the file writes it.
        let name: String
        let sets: Int
        /// The library exercise it lands on; null when it becomes a new custom exercise.
        @Nullable var exerciseId: UUID?
        @Nullable var exerciseName: String?
        /// For a new one: what it would be made as.
        @Nullable var newExercise: NewExercise?
        /// For a new one: the library exercises most likely the same, best first (map it to one with `mappings`).
        let nearMatches: [Near]
    }

    struct NewExercise: Codable, Equatable {
        let equipment: Equipment
        let kind: ExerciseKind
        let muscleGroups: [MuscleGroup]
    }

    struct Near: Codable, Equatable {
        let id: UUID
        let name: String
    }

    struct Skipped: Codable, Equatable {
        let line: Int
        let reason: String
    }

    let id: String
    let app: ImportSource
    let fileName: String
    let uploadedAt: Date
    let expiresAt: Date
    /// The workouts and sets it would add (those imported before left out).
    let workouts: Int
    let sets: Int
    let alreadyImported: Int
    /// The file's first and last workout, as the file's own clock wrote them.
    @Nullable var firstStart: String?
    @Nullable var lastStart: String?
    /// The unit the file states; null when it does not (then `unit` is assumed).
    @Nullable var statedUnit: MassUnit?
    let unit: MassUnit
    let exercises: [ExerciseName]
    /// Rows left out (at most the first of them), and how many there were in all.
    let skipped: [Skipped]
    let skippedRows: Int
    let notices: [String]
    /// The preview in words, a line each.
    let summary: [String]

    init(upload: ImportUploads.Upload, summary preview: ImportSummary, library: [Exercise], unit: MassUnit, now: Date) {
        let plan = preview.plan
        id = upload.token
        app = upload.source
        fileName = upload.fileName
        uploadedAt = upload.uploadedAt
        expiresAt = upload.uploadedAt.addingTimeInterval(ImportUploads.lifetime)
        workouts = plan.workoutCount
        sets = plan.setCount
        alreadyImported = plan.alreadyImported
        firstStart = plan.file.firstStart?.description
        lastStart = plan.file.lastStart?.description
        statedUnit = plan.file.statedUnit
        self.unit = plan.file.statedUnit ?? unit
        exercises = plan.matches.map { match in
            var near: [Near] = []
            if match.exercise == nil, let draft = match.newExercise {
                let made = Exercise(
                    id: UUID(), ownerID: plan.ownerID, name: draft.name, description: "", primaryMuscles: draft.muscleGroups,
                    equipment: draft.equipment, kind: draft.kind, createdAt: now, updatedAt: now)
                near = ExerciseMerge.candidates(for: made, in: library, limit: 6).map { Near(id: $0.id, name: $0.name) }
            }
            return ExerciseName(
                name: match.name, sets: match.sets, exerciseId: match.exercise?.id, exerciseName: match.exercise?.name,
                newExercise: match.exercise == nil
                    ? match.newExercise.map { NewExercise(equipment: $0.equipment, kind: $0.kind, muscleGroups: $0.muscleGroups) }
                    : nil,
                nearMatches: near)
        }
        skipped = plan.file.skipped.map { Skipped(line: $0.line, reason: $0.reason) }
        skippedRows = plan.file.skippedRows
        notices = plan.file.notices
        summary = preview.lines
    }
}

/// What an import did.
struct ImportResultResponse: ResponseEncodable, Equatable {
    let id: String
    let workouts: Int
    let sets: Int
    let newExercises: Int
    let alreadyImported: Int

    init(id: String, _ result: ImportUploads.ImportOutcomeRecord) {
        self.id = id
        workouts = result.workouts
        sets = result.sets
        newExercises = result.newExercises
        alreadyImported = result.alreadyImported
    }
}

/// What a full export filled an empty account with.
struct RestoreResponse: ResponseEncodable, Equatable {
    let workouts: Int
    let sets: Int
    let exercises: Int
    let templates: Int
    let bodyMetrics: Int
    /// "Imported 29 workouts with 592 sets, 2 custom exercises, 3 templates and 40 body measurements."
    let summary: String

    init(_ outcome: AccountImportOutcome) {
        workouts = outcome.workouts
        sets = outcome.sets
        exercises = outcome.exercises
        templates = outcome.templates
        bodyMetrics = outcome.bodyMetrics
        summary = outcome.summary
    }
}
