import Foundation
import SpotterCore
import SpotterImport

/// The preview of an upload: what will be added, the unit, how the file's names
/// map to the library (with a choice for each new one), and what is left out.
struct ImportPreviewPage: PageModel {
    static let template = "import-export/import-preview"

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
