import Foundation
import SpotterCore

/// The exercise rows of the template forms (create, edit, start and tweak) as
/// plain HTML fields: each row repeats the same named fields, so the browser sends
/// them in order and the draft lives in the page until Save or Start. Buttons
/// named `do` say what to do with the draft: `save`, `start`, `add`, `remove-N`,
/// `up-N`, `down-N`; only `save` and `start` write anything.
struct TemplateForm {
    var name: String
    var category: String
    var notes: String
    var rows: [Row]

    struct Row: Equatable {
        var id: String
        var exerciseID: String
        var sets: String
        var repMin: String
        var repMax: String
        var weight: String
        var unit: String
        var rpe: String
        var rest: String
        var duration: String
        var notes: String
    }

    /// What a press of one of the form's buttons asks for.
    enum Command: Equatable {
        case save, start, add
        case remove(Int), up(Int), down(Int)
        /// Anything else (a stale page, a "back" button): draw the form again.
        case redraw

        init(_ raw: String) {
            let parts = raw.split(separator: "-", maxSplits: 1).map(String.init)
            let index = parts.count == 2 ? Int(parts[1]) : nil
            switch (parts.first, index) {
            case ("remove", let n?): self = .remove(n)
            case ("up", let n?): self = .up(n)
            case ("down", let n?): self = .down(n)
            case ("add", _): self = .add
            case ("start", _): self = .start
            case ("save", _): self = .save
            default: self = .redraw
            }
        }
    }

    static let rowFields = [
        "row_id", "row_exercise", "row_sets", "row_repMin", "row_repMax", "row_weight", "row_unit", "row_rpe", "row_rest",
        "row_duration", "row_notes",
    ]

    init(name: String, category: String, notes: String, rows: [Row]) {
        self.name = name
        self.category = category
        self.notes = notes
        self.rows = rows
    }

    /// The form as submitted. Rows missing a field (a tampered form) are cut to the
    /// shortest column, so every row is whole.
    init(_ form: SubmittedForm) {
        let columns = Self.rowFields.map { form.values($0) }
        let count = columns.map(\.count).min() ?? 0
        rows = (0..<count).map { i in
            Row(
                id: columns[0][i], exerciseID: columns[1][i], sets: columns[2][i], repMin: columns[3][i], repMax: columns[4][i],
                weight: columns[5][i], unit: columns[6][i], rpe: columns[7][i], rest: columns[8][i], duration: columns[9][i],
                notes: columns[10][i])
        }
        name = form["name"]
        category = form["category"]
        notes = form["notes"]
    }

    /// The rows of a template (or of a preset, or of today's plan).
    init(_ template: WorkoutTemplate, weights: [UUID: Mass] = [:]) {
        self.init(
            name: template.name, category: template.category.rawValue, notes: template.notes,
            rows: template.exercises.map { Row($0, weight: $0.targetWeight ?? weights[$0.exerciseID]) })
    }

    /// Applies a row command; the others leave the rows alone. Row numbers come
    /// from the page and are checked (a tampered one does nothing).
    mutating func perform(_ command: Command, adding exerciseID: UUID?) {
        switch command {
        case .remove(let index) where rows.indices.contains(index): rows.remove(at: index)
        case .up(let index) where index > 0 && index < rows.count: rows.swapAt(index, index - 1)
        case .down(let index) where index >= 0 && index < rows.count - 1: rows.swapAt(index, index + 1)
        case .add:
            if let exerciseID {
                rows.append(Row(TemplateExercise(id: UUID(), exerciseID: exerciseID), weight: nil, isNew: true))
            }
        default: break
        }
    }

    /// The rows as a Core draft. A number that is not a number becomes -1, so the
    /// validation names the field instead of silently dropping it.
    var draft: TemplateDraft {
        TemplateDraft(name: name, category: category, notes: notes, exercises: rows.map(\.draft))
    }

    /// Hidden fields that carry the whole form into a confirmation page.
    var hiddenFields: [HiddenField] {
        var fields = [
            HiddenField(name: "name", value: name), HiddenField(name: "category", value: category),
            HiddenField(name: "notes", value: notes),
        ]
        for row in rows {
            let values = [
                row.id, row.exerciseID, row.sets, row.repMin, row.repMax, row.weight, row.unit, row.rpe, row.rest, row.duration,
                row.notes,
            ]
            fields += zip(Self.rowFields, values).map { HiddenField(name: $0, value: $1) }
        }
        return fields
    }
}

extension TemplateForm.Row {
    init(_ item: TemplateExercise, weight: Mass?, isNew: Bool = false) {
        id = isNew ? "new" : item.id.text
        exerciseID = item.exerciseID.text
        sets = String(item.setCount)
        repMin = String(item.reps.min)
        repMax = String(item.reps.max)
        self.weight = weight.map { WeightFormat.trim($0.value) } ?? ""
        unit = weight?.unit.rawValue ?? ""
        rpe = item.targetRPE.map { WeightFormat.trim($0) } ?? ""
        rest = item.restSeconds.map(String.init) ?? ""
        duration = item.targetDurationSeconds.map(String.init) ?? ""
        notes = item.notes
    }

    var draft: TemplateDraft.ExerciseDraft {
        func int(_ text: String) -> Int? {
            let clean = text.trimmingCharacters(in: .whitespaces)
            return clean.isEmpty ? nil : (Int(clean) ?? -1)
        }
        func double(_ text: String) -> Double? {
            let clean = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
            return clean.isEmpty ? nil : (Double(clean) ?? -1)
        }
        return TemplateDraft.ExerciseDraft(
            id: UUID(uuidString: id), exerciseID: UUID(uuidString: exerciseID), setCount: int(sets), repMin: int(repMin),
            repMax: int(repMax),
            targetWeight: double(weight), weightUnit: unit.isEmpty ? nil : unit, targetRPE: double(rpe), restSeconds: int(rest),
            targetDurationSeconds: int(duration), notes: notes)
    }
}

/// A name and value carried through a page unchanged.
struct HiddenField {
    let name: String
    let value: String
    /// The fields that say what to do (`do`, `confirmed`); a "back" form leaves them out.
    let isCommand: Bool

    init(name: String, value: String) {
        self.name = name
        self.value = value
        isCommand = name == "do" || name == "confirmed"
    }
}
