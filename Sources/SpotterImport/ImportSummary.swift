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
        var text =
            "\(plan.file.source.displayName) export: \(counted(plan.workoutCount, "workout")) with \(counted(plan.setCount, "set"))"
        // On a re-import, the dates of the workouts it adds, not of the whole file.
        let added = plan.newWorkouts
        if let from = added.first?.start, let to = added.last?.start {
            text += day(from) == day(to) ? ", \(day(from))" : ", \(day(from)) to \(day(to))"
        }
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
        return
            "\(counted(plan.alreadyImported, "workout")) of this file \(plan.alreadyImported == 1 ? "is" : "are") already in your history and will be left out."
    }

    public var matched: [ImportPlan.Match] { plan.matches.filter { $0.exercise != nil } }
    public var created: [ImportPlan.Match] { plan.matches.filter { $0.exercise == nil } }
    /// The matched names worth a look: those logged under an exercise the library
    /// spells otherwise, or chosen by the lifter. A name the library writes alike
    /// (case and spaces aside) is only counted, in `identicalCount`.
    public var renamed: [ImportPlan.Match] {
        matched.filter { match in match.chosen || match.exercise.map { NameKey($0.name) != NameKey(match.name) } == true }
    }
    /// Matched names the library writes alike.
    public var identicalCount: Int { matched.count - renamed.count }

    /// The sets it adds by kind and their volume in `unit`: "Of these, 12 warm-ups,
    /// 3 drop sets and 1 to failure; volume 45,210 kg (warm-ups not counted)." Nil
    /// when there is nothing to import.
    public func setsLine(in unit: MassUnit) -> String? {
        guard nothingToImport == nil else { return nil }
        let tally = plan.setTally
        let volume = Mass(tally.volumeKilograms, .kg).converted(to: unit)
        return
            "Of these, \(counted(tally.warmups, "warm-up")), \(counted(tally.drops, "drop set")) and \(tally.failures) to failure; "
            + "volume \(NumberText.grouped(Int(volume.rounded()))) \(unit.rawValue) (warm-ups not counted)."
    }

    /// Every line of the preview, for the command line.
    public var lines: [String] {
        var lines =
            [headline]
            + [nothingToImport, setsLine(in: plan.file.statedUnit ?? plan.file.assumedUnit), unitLine, alreadyLine]
            .compactMap { $0 }
        lines.append("")
        lines.append("Exercises matched to the library (\(matched.count)):")
        lines += renamed.map { "  \($0.name) -> \($0.exercise!.name)\($0.chosen ? " (chosen)" : "")" }
        if let identicalLine { lines.append("  \(identicalLine)") }
        lines.append("New custom exercises (\(created.count)):")
        lines += created.map { match in
            let draft = match.newExercise!
            return
                "  \(match.name) (\(draft.kind.displayName), \(draft.equipment.displayName), \(draft.muscleGroups.map(\.displayName).joined(separator: ", ")))"
        }
        lines.append("Rows left out (\(plan.file.skippedRows)):")
        lines += skippedGroups.map { "  \($0.count == 1 ? "line" : "\($0.count) rows, lines") \($0.linesText): \($0.reason)" }
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

    /// "25 names are spelt as in your library.", when any are (they are not listed).
    public var identicalLine: String? {
        let count = identicalCount
        return count == 0 ? nil : "\(counted(count, "name")) \(count == 1 ? "is" : "are") spelt as in your library."
    }

    private func day(_ time: LocalDateTime) -> String { String(time.description.prefix(10)) }
}
