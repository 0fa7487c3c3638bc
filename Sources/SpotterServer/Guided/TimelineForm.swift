import Foundation
import SpotterCore

/// The timeline builder's form: the template's name and category, then its items
/// in order, exercises and break cards alike, each as the same named fields so the
/// browser sends them in the order they stand (dragging only moves them in the
/// page). Buttons named `do` say what to do: `save`, `add-exercise`, `add-break`,
/// `remove-N`, `up-N`, `down-N`; only `save` writes anything. An exercise's target
/// weight, RPE and notes are carried unchanged (the list editor edits them).
struct TimelineForm {
    var name: String
    var category: String
    var notes: String
    var items: [Item]

    struct Item: Equatable {
        /// "exercise" or "break".
        var kind: String
        var id: String
        var exerciseID: String
        var sets: String
        /// "reps" or "timed".
        var mode: String
        /// "10" or "8-12".
        var reps: String
        /// Seconds per set of a timed exercise, or the break's length.
        var seconds: String
        var rest: String
        var weight: String
        var unit: String
        var rpe: String
        var notes: String

        var isBreak: Bool { kind == "break" }
        var isTimed: Bool { mode == "timed" }
    }

    enum Command: Equatable {
        case save, addExercise, addBreak
        case remove(Int), up(Int), down(Int)
        case redraw

        init(_ raw: String) {
            let parts = raw.split(separator: "-").map(String.init)
            let index = parts.count == 2 ? Int(parts[1]) : nil
            switch (parts.first, index) {
            case ("remove", let n?): self = .remove(n)
            case ("up", let n?): self = .up(n)
            case ("down", let n?): self = .down(n)
            default:
                switch raw {
                case "save": self = .save
                case "add-exercise": self = .addExercise
                case "add-break": self = .addBreak
                default: self = .redraw
                }
            }
        }
    }

    static let fields = [
        "item_kind", "item_id", "item_exercise", "item_sets", "item_mode", "item_reps", "item_seconds", "item_rest",
        "item_weight",
        "item_unit", "item_rpe", "item_notes",
    ]

    init(name: String, category: String, notes: String, items: [Item]) {
        self.name = name
        self.category = category
        self.notes = notes
        self.items = items
    }

    /// The form as submitted; items missing a field (a tampered form) are cut to the shortest column.
    init(_ form: SubmittedForm) {
        let columns = Self.fields.map { form.values($0) }
        let count = columns.map(\.count).min() ?? 0
        items = (0..<count).map { i in
            Item(
                kind: columns[0][i] == "break" ? "break" : "exercise", id: columns[1][i], exerciseID: columns[2][i],
                sets: columns[3][i],
                mode: columns[4][i] == "timed" ? "timed" : "reps", reps: columns[5][i], seconds: columns[6][i],
                rest: columns[7][i],
                weight: columns[8][i], unit: columns[9][i], rpe: columns[10][i], notes: columns[11][i])
        }
        name = form["name"]
        category = form["category"]
        notes = form["notes"]
    }

    /// The timeline of a template.
    init(_ template: WorkoutTemplate) {
        self.init(
            name: template.name, category: template.category.rawValue, notes: template.notes,
            items: template.timeline.map { item in
                switch item {
                case .exercise(let row): Item(row, isNew: false)
                case .pause(let pause): Item.pause(id: pause.id.text, seconds: String(pause.seconds))
                }
            })
    }

    /// Applies a row command; row numbers come from the page and are checked.
    mutating func perform(_ command: Command, adding exerciseID: UUID?, timed: Bool) {
        switch command {
        case .remove(let index) where items.indices.contains(index): items.remove(at: index)
        case .up(let index) where index > 0 && index < items.count: items.swapAt(index, index - 1)
        case .down(let index) where index >= 0 && index < items.count - 1: items.swapAt(index, index + 1)
        case .addExercise:
            guard let exerciseID else { return }
            var row = TemplateExercise(id: UUID(), exerciseID: exerciseID, reps: RepRange(10, 10), restSeconds: 60)
            if timed { row.targetDurationSeconds = TemplateExercise.defaultHoldSeconds }
            items.append(Item(row, isNew: true))
        case .addBreak:
            items.append(.pause(id: "new", seconds: String(TemplateBreak.defaultSeconds)))
        default: break
        }
    }

    /// The timeline as a Core draft: exercises in order, each break at its place.
    /// A number that is not a number becomes -1, so the validation names the field.
    var draft: TemplateDraft {
        var exercises: [TemplateDraft.ExerciseDraft] = []
        var breaks: [TemplateDraft.BreakDraft] = []
        for (position, item) in items.enumerated() {
            if item.isBreak {
                breaks.append(
                    TemplateDraft.BreakDraft(id: UUID(uuidString: item.id), position: position, seconds: Self.int(item.seconds)))
            } else {
                exercises.append(item.draft)
            }
        }
        return TemplateDraft(name: name, category: category, notes: notes, exercises: exercises, breaks: breaks, guided: true)
    }

    static func int(_ text: String) -> Int? {
        let clean = text.trimmingCharacters(in: .whitespaces)
        return clean.isEmpty ? nil : (Int(clean) ?? -1)
    }
}

extension TimelineForm.Item {
    init(_ row: TemplateExercise, isNew: Bool) {
        kind = "exercise"
        id = isNew ? "new" : row.id.text
        exerciseID = row.exerciseID.text
        sets = String(row.setCount)
        mode = row.targetDurationSeconds == nil ? "reps" : "timed"
        reps = row.reps.label
        seconds = row.targetDurationSeconds.map(String.init) ?? ""
        rest = row.restSeconds.map(String.init) ?? ""
        weight = row.targetWeight.map { WeightFormat.trim($0.value) } ?? ""
        unit = row.targetWeight?.unit.rawValue ?? ""
        rpe = row.targetRPE.map { WeightFormat.trim($0) } ?? ""
        notes = row.notes
    }

    static func pause(id: String, seconds: String) -> Self {
        Self(
            kind: "break", id: id, exerciseID: "", sets: "", mode: "reps", reps: "", seconds: seconds, rest: "", weight: "",
            unit: "", rpe: "", notes: "")
    }

    /// An exercise item as a draft row: "8-12" or "10" reps, or seconds when timed.
    var draft: TemplateDraft.ExerciseDraft {
        let int = TimelineForm.int
        let range = reps.split(separator: "-", maxSplits: 1).map { String($0) }
        let low = range.first.flatMap { int($0) }
        let high = range.count == 2 ? int(range[1]) : low
        let weightValue = weight.isEmpty ? nil : Double(weight.replacingOccurrences(of: ",", with: ".")) ?? -1
        return TemplateDraft.ExerciseDraft(
            id: UUID(uuidString: id), exerciseID: UUID(uuidString: exerciseID), setCount: int(sets), repMin: isTimed ? nil : low,
            repMax: isTimed ? nil : high, targetWeight: weightValue, weightUnit: unit.isEmpty ? nil : unit,
            targetRPE: rpe.isEmpty ? nil : Double(rpe) ?? -1, restSeconds: int(rest),
            targetDurationSeconds: isTimed ? (int(seconds) ?? -1) : nil, notes: notes)
    }
}
