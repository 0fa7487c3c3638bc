import Foundation
import SpotterCore
import SpotterImport

/// The kg / lb switch of a file that does not say.
struct UnitChoiceView {
    let options: [OptionView]
}

/// A name of the file found in the library.
struct ImportMatchView {
    let fileName: String
    /// "Medicine Ball Side Throw · 3 sets", or "20 sets" when the library names it alike.
    let detail: String

    init(_ match: ImportPlan.Match) {
        fileName = match.name
        let sets = counted(match.sets, "set")
        let name = match.exercise?.name ?? match.name
        detail = NameKey(name) == NameKey(match.name) ? sets : "As \(name) · \(sets)"
    }
}

/// A name of the file not in the library: what it becomes, a select of the
/// library's nearest exercises to log its sets under instead, and a field naming
/// any other (with the library's names to pick from).
struct ImportNewExerciseView {
    let fileName: String
    /// "12 sets · Weight and reps · Barbell · Chest".
    let detail: String
    /// For the labels and the ids of the select and the field.
    let number: Int
    let keepNew: Bool
    /// The nearest exercises logged alike, best first (`ExerciseMerge` ranks them).
    let nearMatches: [OptionView]
    /// The chosen exercise's name when it is none of the near matches.
    let otherName: String

    /// How many near matches a new name is offered.
    static let nearMatchCount = 6

    init(_ match: ImportPlan.Match, number: Int, library: [Exercise], chosen: UUID?) {
        fileName = match.name
        let draft = match.newExercise
        detail =
            ([counted(match.sets, "set")] + [draft?.kind.displayName, draft?.equipment.displayName].compactMap { $0 }
            + (draft?.muscleGroups.map(\.displayName) ?? [])).joined(separator: " · ")
        self.number = number
        let near = ExerciseMerge.candidates(
            forName: match.name, kind: draft?.kind ?? .weightReps, in: library, limit: Self.nearMatchCount)
        nearMatches = near.map { OptionView(value: $0.id.text, label: $0.name, selected: $0.id == chosen) }
        let other = chosen.flatMap { id in near.contains { $0.id == id } ? nil : library.first { $0.id == id } }
        otherName = other?.name ?? ""
        keepNew = chosen == nil || (other == nil && !near.contains { $0.id == chosen })
    }

    /// The library's names, each once, by name (a datalist offers them to any field).
    static func names(_ library: [Exercise]) -> [String] {
        var seen = Set<NameKey>()
        return library.filter { !$0.archived && seen.insert(NameKey($0.name)).inserted }.map(\.name)
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }
}

/// Rows left out for one reason: "Line 3", or "109 rows" with their lines as ranges.
struct SkippedGroupView {
    let badge: String
    let reason: String
    /// "Lines 6773–6881, 6900", for more than one row.
    let lines: String?

    init(_ group: ImportSummary.SkippedGroup) {
        reason = group.reason
        if group.count == 1 {
            badge = "Line \(group.linesText)"
            lines = nil
        } else {
            badge = "\(NumberText.grouped(group.count)) rows"
            lines = "Lines \(group.linesText)"
        }
    }
}
