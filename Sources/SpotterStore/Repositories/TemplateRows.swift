import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// Templates read and written with plain SQL (the columns of `M008CreateTemplates`).
/// The library page lists every template of a user with its exercises: two
/// queries, however many templates.
enum TemplateRows {
    static func template(_ row: any SQLRow) throws -> WorkoutTemplate {
        WorkoutTemplate(
            id: try row.decode(column: "id", as: UUID.self), ownerID: try row.decode(column: "user_id", as: UUID.self),
            name: try row.decode(column: "name", as: String.self),
            category: TemplateCategory(rawValue: try row.decode(column: "category", as: String.self)) ?? .custom,
            notes: try row.decode(column: "notes", as: String.self), guided: try row.decode(column: "guided", as: Bool.self),
            pinned: try row.decode(column: "pinned", as: Bool.self),
            archivedAt: try row.optional("archived_at"), createdAt: try row.decode(column: "created_at", as: Date.self),
            updatedAt: try row.decode(column: "updated_at", as: Date.self), lastUsedAt: try row.optional("last_used_at"))
    }

    static func exercise(_ row: any SQLRow) throws -> (templateID: UUID, exercise: TemplateExercise) {
        let weight = try row.mass(value: "target_weight_value", unit: "target_weight_unit")
        let exercise = TemplateExercise(
            id: try row.decode(column: "id", as: UUID.self), exerciseID: try row.decode(column: "exercise_id", as: UUID.self),
            setCount: try row.decode(column: "set_count", as: Int.self),
            reps: RepRange(try row.decode(column: "rep_min", as: Int.self), try row.decode(column: "rep_max", as: Int.self)),
            targetWeight: weight, targetRPE: try row.optional("target_rpe"), restSeconds: try row.optional("rest_seconds"),
            targetDurationSeconds: try row.optional("target_duration_seconds"),
            notes: try row.decode(column: "notes", as: String.self))
        return (try row.decode(column: "template_id", as: UUID.self), exercise)
    }

    static func pause(_ row: any SQLRow) throws -> (templateID: UUID, pause: TemplateBreak) {
        let pause = TemplateBreak(
            id: try row.decode(column: "id", as: UUID.self), position: try row.decode(column: "position", as: Int.self),
            seconds: try row.decode(column: "seconds", as: Int.self))
        return (try row.decode(column: "template_id", as: UUID.self), pause)
    }

    /// The templates a condition selects, with their exercises and break cards in order.
    static func templates(where condition: SQLQueryString, on db: any Database) async throws -> [WorkoutTemplate] {
        let sql = db.sql
        let templates = try await sql.raw("SELECT t.* FROM workout_templates t WHERE " + condition).all().map(template)
        guard !templates.isEmpty else { return [] }
        let rows = try await sql.raw(
            """
            SELECT x.* FROM template_exercises x WHERE x.template_id IN (\(binds: templates.map(\.id))) ORDER BY x.position
            """
        ).all()
        var byTemplate: [UUID: [TemplateExercise]] = [:]
        for row in rows {
            let (templateID, exercise) = try exercise(row)
            byTemplate[templateID, default: []].append(exercise)
        }
        var breaks: [UUID: [TemplateBreak]] = [:]
        for row in try await sql.raw(
            "SELECT b.* FROM template_breaks b WHERE b.template_id IN (\(binds: templates.map(\.id))) ORDER BY b.position"
        ).all() {
            let (templateID, pause) = try pause(row)
            breaks[templateID, default: []].append(pause)
        }
        return templates.map { template in
            var template = template
            template.exercises = byTemplate[template.id] ?? []
            template.breaks = breaks[template.id] ?? []
            return template
        }
    }

    /// Writes a template and its timeline as given (exercise positions 0..n-1, breaks
    /// at theirs): the row is inserted or updated, and the exercise and break rows
    /// are replaced (unless `timelineChanged` says they are as stored). Call inside a
    /// transaction.
    static func write(_ template: WorkoutTemplate, userID: UUID, isNew: Bool, timelineChanged: Bool = true, on db: any Database)
        async throws
    {
        let sql = db.sql
        let key = NameKey(template.name).rawValue
        if isNew {
            try await sql.raw(
                """
                INSERT INTO workout_templates (id, user_id, name, name_key, category, notes, guided, pinned, archived_at, created_at, updated_at, \
                last_used_at) \
                VALUES (\(bind: template.id), \(bind: userID), \(bind: template.name), \(bind: key), \(bind: template.category.rawValue), \
                \(bind: template.notes), \(bind: template.guided), \(bind: template.pinned), \(bind: template.archivedAt), \(bind: template.createdAt), \
                \(bind: template.updatedAt), \(bind: template.lastUsedAt))
                """
            ).run()
        } else {
            try await sql.raw(
                """
                UPDATE workout_templates SET name = \(bind: template.name), name_key = \(bind: key), category = \(bind: template.category.rawValue), \
                notes = \(bind: template.notes), guided = \(bind: template.guided), pinned = \(bind: template.pinned), archived_at = \(bind: template.archivedAt), \
                updated_at = \(bind: template.updatedAt), last_used_at = \(bind: template.lastUsedAt) \
                WHERE id = \(bind: template.id) AND user_id = \(bind: userID)
                """
            ).run()
            guard timelineChanged else { return }
            try await sql.raw(
                "DELETE FROM template_exercises WHERE template_id = \(bind: template.id) AND user_id = \(bind: userID)"
            ).run()
            try await sql.raw(
                "DELETE FROM template_breaks WHERE template_id = \(bind: template.id) AND user_id = \(bind: userID)"
            ).run()
        }
        if !template.breaks.isEmpty {
            let breaks: [SQLQueryString] = template.breaks.map { item in
                "(\(bind: item.id), \(bind: userID), \(bind: template.id), \(bind: item.position), \(bind: item.seconds))"
            }
            try await sql.raw(
                "INSERT INTO template_breaks (id, user_id, template_id, position, seconds) VALUES \(breaks.joined(separator: ", "))"
            ).run()
        }
        // One statement for the whole list (at most 50 rows), as a workout's start does.
        let rows: [SQLQueryString] = template.exercises.enumerated().map { position, item in
            """
            (\(bind: item.id), \(bind: userID), \(bind: template.id), \(bind: item.exerciseID), \(bind: position), \
            \(bind: item.setCount), \(bind: item.reps.min), \(bind: item.reps.max), \(bind: item.targetWeight?.value), \
            \(bind: item.targetWeight?.unit.rawValue), \(bind: item.targetRPE), \(bind: item.restSeconds), \
            \(bind: item.targetDurationSeconds), \(bind: item.notes))
            """
        }
        for chunk in rows.chunked(by: 500) {
            try await sql.raw(
                """
                INSERT INTO template_exercises (id, user_id, template_id, exercise_id, position, set_count, rep_min, rep_max, \
                target_weight_value, target_weight_unit, target_rpe, rest_seconds, target_duration_seconds, notes) \
                VALUES \(chunk.joined(separator: ", "))
                """
            ).run()
        }
    }
}
