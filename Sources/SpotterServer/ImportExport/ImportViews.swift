import Foundation
import Mustache
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
        sources = [OptionView(value: ImportUploadCheck.detect, label: "Detect from the file", selected: chosen == ImportUploadCheck.detect)]
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
    let unitLine: String
    /// Nil when the file states its unit.
    let unitChoice: UnitChoiceView?
    let matchedTitle: String
    let matched: [ImportMatchView]
    /// Open when the list is short enough to read at a glance.
    let matchedOpen: Bool
    let createdTitle: String
    let created: [ImportNewExerciseView]
    let skippedTitle: String
    let skipped: [SkippedRow]
    let skippedOpen: Bool
    /// "And 1,204 more rows left out; …", when the list stops short.
    let moreSkipped: String?
    let notices: [String]
    let confirmLabel: String
    let busyLabel: String
    let error: String?

    /// Lists this long or shorter start open.
    static let openListLength = 12

    init(page: PageChrome, upload: ImportUploads.Upload, summary: ImportSummary, library: [Exercise], choices: ImportChoices, error: String?) {
        let plan = summary.plan
        self.page = page
        token = upload.token
        uploadName = upload.fileName
        headline = summary.headline
        alreadyLine = summary.alreadyLine
        nothingToImport = summary.nothingToImport
        // The summary's "kg, assumed" would contradict the switch once the lifter flips it.
        unitLine = plan.file.statedUnit == nil
            ? "The file does not say whether its weights are in kg or lb. Choose the unit they were logged in:" : summary.unitLine
        unitChoice = plan.file.statedUnit == nil
            ? UnitChoiceView(options: MassUnit.allCases.map { OptionView(value: $0.rawValue, label: $0.displayName, selected: $0 == choices.unit) })
            : nil
        matchedTitle = "Matched to your library (\(summary.matched.count))"
        matched = summary.matched.map(ImportMatchView.init)
        matchedOpen = summary.matched.count <= Self.openListLength
        createdTitle = "New exercises (\(summary.created.count))"
        let groups = ImportNewExerciseView.groups(library)
        created = summary.created.enumerated().map { index, match in
            ImportNewExerciseView(match, number: index + 1, groups: groups, chosen: choices.mapping[match.name])
        }
        skippedTitle = "Rows left out (\(NumberText.grouped(plan.file.skippedRows)))"
        skipped = plan.file.skipped
        moreSkipped = summary.moreSkipped
        skippedOpen = plan.file.skipped.count <= Self.openListLength
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

/// A name of the file not in the library: what it becomes, and a select to log
/// its sets under one of the lifter's exercises instead.
struct ImportNewExerciseView {
    let fileName: String
    /// "12 sets · Weight and reps · Barbell · Chest".
    let detail: String
    /// For the label and the select's id.
    let number: Int
    let keepNew: Bool
    let groups: [ExerciseGroupView]

    struct ExerciseGroupView {
        let label: String
        let options: [OptionView]
    }

    init(_ match: ImportPlan.Match, number: Int, groups: [(label: String, exercises: [Exercise])], chosen: UUID?) {
        fileName = match.name
        let draft = match.newExercise
        detail = ([counted(match.sets, "set")] + [draft?.kind.displayName, draft?.equipment.displayName].compactMap { $0 }
            + (draft?.muscleGroups.map(\.displayName) ?? [])).joined(separator: " · ")
        self.number = number
        keepNew = chosen == nil
        self.groups = groups.map { group in
            ExerciseGroupView(
                label: group.label,
                options: group.exercises.map { OptionView(value: $0.id.text, label: $0.name, selected: $0.id == chosen) })
        }
    }

    /// The lifter's own exercises first, then the built-in library, each by name.
    static func groups(_ library: [Exercise]) -> [(label: String, exercises: [Exercise])] {
        let own = library.filter(\.isCustom)
        let builtIn = library.filter { !$0.isCustom }
        return [("Your exercises", own), ("Library", builtIn)].filter { !$0.1.isEmpty }
    }
}

// Each select repeats the whole library: answering by name spares a reflection
// walk over thousands of options (see `PageChrome`).
extension ImportNewExerciseView.ExerciseGroupView: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "label": label
        case "options": options
        default: nil
        }
    }
}
