import Foundation

/// After a workout that came from a template (or on the prep page of "start and
/// tweak"), the lifter decides what happens to the template. Keeping it is the
/// default; updating is confirmed after seeing `TemplateDiff.changes`.
public enum TemplateUpdate: String, Sendable, CaseIterable, Codable {
    /// The template stays exactly as it is.
    case keep
    /// Set counts, rep ranges and weights of the template's exercises follow the
    /// plan; the exercises and their order stay.
    case values
    /// The exercises and their order follow the plan; each exercise the template
    /// already had keeps its sets, reps and weight, new ones come as done today.
    case structure
    /// Both: the template becomes the plan (keeping its own rest and notes for
    /// the exercises it already had).
    case both

    public var displayName: String {
        switch self {
        case .keep: "Keep the template as it is"
        case .values: "Update its sets and reps (and weights it fixes)"
        case .structure: "Update its exercises and order"
        case .both: "Update exercises, order and values"
        }
    }

    /// The template's exercises after this choice. `plan` is what the lifter did
    /// or chose for today. Plan rows match template rows as `match` says (by row id,
    /// then by exercise in order: a second bench press row matches the template's
    /// second one). A weight is taken
    /// from the plan only where the template sets one: a template that leaves
    /// weights to history keeps doing so. The result is in order 0..n-1 and keeps
    /// the template's row ids for the rows it kept.
    public func apply(to template: [TemplateExercise], plan: [TemplateExercise]) -> [TemplateExercise] {
        let matches = Self.match(template: template, plan: plan)
        func withValues(_ row: TemplateExercise, from planned: TemplateExercise) -> TemplateExercise {
            var row = row
            row.setCount = planned.setCount
            row.reps = planned.reps
            row.targetDurationSeconds = planned.targetDurationSeconds
            if row.targetWeight != nil, let weight = planned.targetWeight { row.targetWeight = weight }
            return row
        }
        switch self {
        case .keep:
            return template
        case .values:
            return template.enumerated().map { index, row in
                matches.planIndexByTemplate[index].map { withValues(row, from: plan[$0]) } ?? row
            }
        case .structure, .both:
            return plan.enumerated().map { index, planned in
                guard let templateIndex = matches.templateIndexByPlan[index] else { return planned }
                let row = template[templateIndex]
                return self == .both ? withValues(row, from: planned) : row
            }
        }
    }

    /// Today's list as a new template: as shown, except that weights stay only
    /// where the template had set one (the rest were suggestions from history,
    /// which a new template should keep following too).
    public static func newTemplatePlan(today plan: [TemplateExercise], template: [TemplateExercise]) -> [TemplateExercise] {
        let matches = match(template: template, plan: plan)
        return plan.enumerated().map { index, row in
            var row = row
            if matches.templateIndexByPlan[index].map({ template[$0].targetWeight == nil }) ?? true { row.targetWeight = nil }
            return row
        }
    }

    struct Matches {
        var planIndexByTemplate: [Int: Int] = [:]
        var templateIndexByPlan: [Int: Int] = [:]
    }

    /// A plan row that carries a template row's id (today's list on the prep page
    /// keeps them) pairs with that row. The rest pair by exercise: the n-th row of
    /// an exercise in the template with the n-th such row left in the plan. So a
    /// result never holds one id twice (a second squat added today stays new).
    static func match(template: [TemplateExercise], plan: [TemplateExercise]) -> Matches {
        var matches = Matches()
        let templateIndexByID = Dictionary(template.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, row) in plan.enumerated() {
            guard let templateIndex = templateIndexByID[row.id], matches.planIndexByTemplate[templateIndex] == nil,
                template[templateIndex].exerciseID == row.exerciseID
            else { continue }
            matches.planIndexByTemplate[templateIndex] = index
            matches.templateIndexByPlan[index] = templateIndex
        }
        var waiting: [UUID: [Int]] = [:]
        for (index, row) in template.enumerated() where matches.planIndexByTemplate[index] == nil {
            waiting[row.exerciseID, default: []].append(index)
        }
        for (index, row) in plan.enumerated() where matches.templateIndexByPlan[index] == nil {
            guard var queue = waiting[row.exerciseID], !queue.isEmpty else { continue }
            let templateIndex = queue.removeFirst()
            waiting[row.exerciseID] = queue
            matches.planIndexByTemplate[templateIndex] = index
            matches.templateIndexByPlan[index] = templateIndex
        }
        return matches
    }
}

/// What changes between two versions of a template's exercise list, in words a
/// lifter can check before confirming ("Bench Press: 3 x 8-12 -> 4 x 6-8").
public enum TemplateDiff {
    public enum Change: Sendable, Equatable {
        case added(exerciseID: UUID, summary: String)
        case removed(exerciseID: UUID)
        /// The rows both versions share are in another order; `order` is the whole
        /// new list. One change, not one per row: a lifter reads the new order at
        /// a glance, where "moved from 2 to 2" style counting would only confuse.
        case reordered(order: [UUID])
        /// What changed in one exercise, each as "before -> after".
        case changed(exerciseID: UUID, details: [String])
    }

    /// The changes from `old` to `new`, rows matched by id: the new order first
    /// (only when the rows both keep changed places among themselves, so an added
    /// or removed row alone is no reorder), then each changed or added row in the
    /// new order, then the removed rows. No changes means the two are the same.
    public static func changes(from old: [TemplateExercise], to new: [TemplateExercise]) -> [Change] {
        let oldIndex = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1.id, $0) })
        let newIDs = Set(new.map(\.id))
        let keptInNewOrder = new.compactMap { oldIndex[$0.id] != nil ? $0.id : nil }
        let keptInOldOrder = old.filter { newIDs.contains($0.id) }.map(\.id)
        var result: [Change] = []
        if keptInNewOrder != keptInOldOrder { result.append(.reordered(order: new.map(\.exerciseID))) }
        for row in new {
            guard let index = oldIndex[row.id] else {
                result.append(.added(exerciseID: row.exerciseID, summary: summary(of: row)))
                continue
            }
            let details = differences(old[index], row)
            if !details.isEmpty { result.append(.changed(exerciseID: row.exerciseID, details: details)) }
        }
        for row in old where !new.contains(where: { $0.id == row.id }) {
            result.append(.removed(exerciseID: row.exerciseID))
        }
        return result
    }

    /// "3 x 8-12", "3 x 30 s", with " @ 60 kg" when it has a target weight.
    public static func summary(of row: TemplateExercise) -> String {
        var text = "\(row.setCount) x " + (row.targetDurationSeconds.map { "\($0) s" } ?? row.reps.label)
        if let weight = row.targetWeight { text += " @ " + weightLabel(weight) }
        return text
    }

    static func weightLabel(_ mass: Mass) -> String { "\(number(mass.value)) \(mass.unit.rawValue)" }

    /// 8 as "8", 62.5 as "62.5": at most two decimals, no trailing ".0".
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    static func differences(_ a: TemplateExercise, _ b: TemplateExercise) -> [String] {
        var details: [String] = []
        if a.setCount != b.setCount || a.reps != b.reps || a.targetDurationSeconds != b.targetDurationSeconds
            || a.targetWeight != b.targetWeight
        {
            details.append("\(summary(of: a)) -> \(summary(of: b))")
        }
        if a.targetRPE != b.targetRPE {
            details.append("RPE \(a.targetRPE.map(number) ?? "none") -> \(b.targetRPE.map(number) ?? "none")")
        }
        if a.restSeconds != b.restSeconds {
            details.append(
                "rest \(a.restSeconds.map { "\($0) s" } ?? "default") -> \(b.restSeconds.map { "\($0) s" } ?? "default")")
        }
        if a.notes != b.notes { details.append("notes changed") }
        if a.exerciseID != b.exerciseID { details.append("exercise swapped") }
        return details
    }
}
