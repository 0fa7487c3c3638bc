import Foundation
import SpotterCore
import SpotterImport

/// Settings -> Import, the upload form.
struct ImportUploadPage {
    let page: PageChrome
    let sources: [OptionView]
    let error: String?
    /// For the upload script, which refuses a larger file before sending it.
    let limitBytes: Int
    /// "64 MB".
    let limitText: String
    let tooLargeMessage: String

    init(page: PageChrome, source: String, limit: Int, error: String?) {
        self.page = page
        let chosen = ImportSource(rawValue: source)?.rawValue ?? ImportUploadCheck.detect
        sources =
            [
                OptionView(
                    value: ImportUploadCheck.detect, label: "Detect from the file", selected: chosen == ImportUploadCheck.detect)
            ]
            + ImportSource.allCases.map { OptionView(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == chosen) }
        self.error = error
        limitBytes = limit
        limitText = ImportReader.sizeText(limit)
        tooLargeMessage = ImportReader.tooLarge(limit: limit).message
    }
}

/// The preview of an upload: what will be added, the unit, how the file's names
/// map to the library (with a choice for each new one), and what is left out.
struct ImportPreviewPage {
    let page: PageChrome
    let token: String
    /// The uploaded file's name (a row's `fileName` is a name inside it).
    let uploadName: String
    let headline: String
    let alreadyLine: String?
    /// Why there is nothing to import, when there is nothing; the button is not offered then.
    let nothingToImport: String?
    /// Warm-ups, drop sets, sets to failure and volume of the sets it adds, in the lifter's unit.
    let setsLine: String?
    let unitLine: String
    /// Nil when the file states its unit.
    let unitChoice: UnitChoiceView?
    /// Whether any name matched, listed or only counted.
    let hasMatched: Bool
    let matchedTitle: String
    /// Only the names logged under an exercise spelt otherwise.
    let matched: [ImportMatchView]
    /// "20 names are spelt as in your library.", those not listed.
    let identicalLine: String?
    /// Open when the list is short enough to read at a glance.
    let matchedOpen: Bool
    let createdTitle: String
    let created: [ImportNewExerciseView]
    /// Every exercise name of the library once, for the field that reaches beyond the near matches.
    let libraryNames: [String]
    let skippedTitle: String
    /// The rows left out, one line per reason.
    let skipped: [SkippedGroupView]
    let skippedOpen: Bool
    /// "And 1,204 more rows left out; …", when the list stops short.
    let moreSkipped: String?
    let notices: [String]
    let confirmLabel: String
    let busyLabel: String
    let error: String?

    /// Lists this long or shorter start open.
    static let openListLength = 12

    init(
        page: PageChrome, upload: ImportUploads.Upload, summary: ImportSummary, library: [Exercise], choices: ImportChoices,
        lifterUnit: MassUnit,
        error: String?
    ) {
        let plan = summary.plan
        self.page = page
        token = upload.token
        uploadName = upload.fileName
        headline = summary.headline
        alreadyLine = summary.alreadyLine
        nothingToImport = summary.nothingToImport
        setsLine = summary.setsLine(in: lifterUnit)
        // The summary's "kg, assumed" would contradict the switch once the lifter flips it.
        unitLine =
            plan.file.statedUnit == nil
            ? "The file does not say whether its weights are in kg or lb. Choose the unit they were logged in:" : summary.unitLine
        unitChoice =
            plan.file.statedUnit == nil
            ? UnitChoiceView(
                options: MassUnit.allCases.map {
                    OptionView(value: $0.rawValue, label: $0.displayName, selected: $0 == choices.unit)
                })
            : nil
        matchedTitle = "Matched to your library (\(summary.matched.count))"
        hasMatched = !summary.matched.isEmpty
        matched = summary.renamed.map(ImportMatchView.init)
        identicalLine = summary.identicalLine
        matchedOpen = summary.renamed.count <= Self.openListLength
        createdTitle = "New exercises (\(summary.created.count))"
        created = summary.created.enumerated().map { index, match in
            ImportNewExerciseView(match, number: index + 1, library: library, chosen: choices.mapping[match.name])
        }
        libraryNames = summary.created.isEmpty ? [] : ImportNewExerciseView.names(library)
        skippedTitle = "Rows left out (\(NumberText.grouped(plan.file.skippedRows)))"
        skipped = summary.skippedGroups.map(SkippedGroupView.init)
        moreSkipped = summary.moreSkipped
        skippedOpen = skipped.count <= Self.openListLength
        notices = plan.file.notices
        let workouts = "\(NumberText.grouped(plan.workoutCount)) \(plan.workoutCount == 1 ? "workout" : "workouts")"
        confirmLabel = "Import \(workouts)"
        busyLabel = "Importing \(workouts)…"
        self.error = error
    }
}

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
