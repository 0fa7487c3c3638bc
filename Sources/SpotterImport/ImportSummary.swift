import Foundation
import SpotterCore

/// The preview of an import in words, the same for the command line and the web:
/// what will be added, the unit, how names map to the library, and what is left out.
public struct ImportSummary: Sendable {
    public let plan: ImportPlan

    public init(plan: ImportPlan) {
        self.plan = plan
    }

    public var headline: String {
        guard nothingToImport == nil else { return "Nothing to import" }
        let file = plan.file
        var text = "\(file.source.displayName) export: \(counted(plan.workoutCount, "workout")) with \(counted(plan.setCount, "set"))"
        if let from = file.firstStart, let to = file.lastStart { text += day(from) == day(to) ? ", \(day(from))" : ", \(day(from)) to \(day(to))" }
        return text + "."
    }

    public var unitLine: String {
        if let stated = plan.file.statedUnit { return "Weights: \(stated.rawValue), as the file says." }
        return "Weights: \(plan.file.assumedUnit.rawValue), assumed (the file does not say; choose the unit if that is wrong)."
    }

    /// Why there is nothing to import, when there is nothing.
    public var nothingToImport: String? {
        guard plan.workoutCount == 0 else { return nil }
        let app = plan.file.source.displayName
        return plan.alreadyImported > 0
            ? "Every workout of this \(app) export (\(counted(plan.alreadyImported, "workout"))) is already in your history."
            : plan.file.skipped.isEmpty && !plan.file.notices.isEmpty
                ? "No workout of this \(app) export can be imported. The notes say why."
                : "No row of this \(app) export makes a workout. The rows left out say why."
    }

    /// How many workouts of the file are left out as imported before (nil when none are, or all are).
    public var alreadyLine: String? {
        guard plan.alreadyImported > 0, nothingToImport == nil else { return nil }
        return "\(counted(plan.alreadyImported, "workout")) of this file \(plan.alreadyImported == 1 ? "is" : "are") already in your history and will be left out."
    }

    public var matched: [ImportPlan.Match] { plan.matches.filter { $0.exercise != nil } }
    public var created: [ImportPlan.Match] { plan.matches.filter { $0.exercise == nil } }

    /// Every line of the preview, for the command line.
    public var lines: [String] {
        var lines = [headline] + [nothingToImport, unitLine, alreadyLine].compactMap { $0 }
        lines.append("")
        lines.append("Exercises matched to the library (\(matched.count)):")
        lines += matched.map { "  \($0.name) -> \($0.exercise!.name)\($0.chosen ? " (chosen)" : "")" }
        lines.append("New custom exercises (\(created.count)):")
        lines += created.map { match in
            let draft = match.newExercise!
            return "  \(match.name) (\(draft.kind.displayName), \(draft.equipment.displayName), \(draft.muscleGroups.map(\.displayName).joined(separator: ", ")))"
        }
        lines.append("Rows left out (\(plan.file.skippedRows)):")
        lines += plan.file.skipped.map { "  line \($0.line): \($0.reason)" }
        if let moreSkipped { lines.append("  \(moreSkipped)") }
        if !plan.file.notices.isEmpty {
            lines.append("Notes:")
            lines += plan.file.notices.map { "  \($0)" }
        }
        return lines
    }

    /// The rows left out past the list's end, in words (nil when all are listed).
    public var moreSkipped: String? {
        let more = plan.file.skippedRows - plan.file.skipped.count
        return more > 0 ? "And \(counted(more, "more row")) left out; the first \(plan.file.skipped.count) are listed." : nil
    }

    private func day(_ time: LocalDateTime) -> String { String(time.description.prefix(10)) }
}
