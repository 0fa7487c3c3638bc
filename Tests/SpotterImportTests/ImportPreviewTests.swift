import Foundation
import SpotterCore
import Testing

@testable import SpotterImport

/// What the preview says beyond counts: the sets by kind and their volume, the
/// rows left out grouped by reason, the dates of the new workouts only, and the
/// matched names worth a look.
@Suite("Import preview: set kinds, volume, grouped rows left out, new dates, names worth a look")
struct ImportPreviewTests {
    typealias Plan = ImportPlanTests

    @Test("runs of lines become ranges, in order, each line once; past the cap the rest are counted")
    func lineRanges() {
        #expect(LineRanges.runs([9, 3, 4, 5, 4]) == [3...5, 9...9])
        #expect(LineRanges.text([6773, 6774, 6775, 6900], most: 12) == "6773–6775, 6900")
        #expect(LineRanges.text([7], most: 12) == "7")
        #expect(LineRanges.text([], most: 12) == "")
        #expect(LineRanges.text([2, 4, 6, 7, 8, 10], most: 2) == "2, 4 and 4 more lines")
        #expect(LineRanges.text([2, 4, 6], most: 2) == "2, 4 and 1 more line")
    }

    @Test("rows left out for the same reason are one line with their lines as ranges, in the order the reasons first come")
    func groupedSkips() throws {
        let empty = { (line: Int) in "2024-06-18 11:04:00,Push,1h,Bench Press (Barbell),\(line),,,0,0,,," }
        let rows = [
            "2024-06-18 11:04:00,Push,1h,Bench Press (Barbell),1,100,5,0,0,,,",  // line 2
            empty(3), empty(4), empty(5),
            "2024-06-18 11:04:00,Push,1h,Bench Press (Barbell),6,heavy,5,0,0,,,",  // line 6
            empty(7), empty(8),
        ]
        let summary = ImportSummary(plan: try Plan.plan(rows, library: [Plan.exercise("Bench Press (Barbell)")]))
        let nothing = "The set has no weight, reps, time or distance."
        let heavy = "The weight \"heavy\" is not a number."
        #expect(
            summary.skippedGroups == [
                ImportSummary.SkippedGroup(reason: nothing, lines: [3, 4, 5, 7, 8]),
                ImportSummary.SkippedGroup(reason: heavy, lines: [6]),
            ])
        #expect(summary.skippedGroups.map(\.linesText) == ["3–5, 7–8", "6"])
        #expect(summary.lines.contains("Rows left out (6):"))
        #expect(summary.lines.contains("  5 rows, lines 3–5, 7–8: \(nothing)"))
        #expect(summary.lines.contains("  line 6: \(heavy)"))
        #expect(summary.plan.setCount == 1, "the rows left out add nothing")
    }

    @Test("on a re-import the headline's dates are those of the new workouts; the sets line counts only theirs")
    func newDates() throws {
        let rows = [
            "2024-06-18 11:04:00,Push,1h,Bench Press (Barbell),W,40,10,0,0,,,",
            "2024-06-18 11:04:00,Push,1h,Bench Press (Barbell),1,100,5,0,0,,,",
            "2024-06-20 11:04:00,Push,1h,Bench Press (Barbell),1,80,5,0,0,,,",
            "2024-06-27 11:04:00,Push,1h,Bench Press (Barbell),1,90,5,0,0,,,",
        ]
        let library = [Plan.exercise("Bench Press (Barbell)")]
        let keys = try importText(([Plan.header] + rows).joined(separator: "\n"), source: .strong).importKeys
        let first = ImportSummary(plan: try Plan.plan(rows, library: library))
        #expect(first.headline == "Strong export: 3 workouts with 4 sets, 2024-06-18 to 2024-06-27.")
        let again = ImportSummary(plan: try Plan.plan(rows, library: library, existing: [keys[0]]))
        #expect(again.headline == "Strong export: 2 workouts with 2 sets, 2024-06-20 to 2024-06-27.")
        #expect(
            again.setsLine(in: .kg) == "Of these, 0 warm-ups, 0 drop sets and 0 to failure; volume 850 kg (warm-ups not counted)."
        )
        let one = ImportSummary(plan: try Plan.plan(rows, library: library, existing: [keys[0], keys[2]]))
        #expect(one.headline == "Strong export: 1 workout with 1 set, 2024-06-20.")
        let none = ImportSummary(plan: try Plan.plan(rows, library: library, existing: Set(keys)))
        #expect(none.headline == "Nothing to import")
        #expect(none.setsLine(in: .kg) == nil)
    }

    @Test("warm-ups, drop sets and sets to failure are counted; volume is weight x reps without warm-ups, in the lifter's unit")
    func setKindsAndVolume() throws {
        let rows = [
            "2024-06-18 11:04:00,Push,1h,Bench Press (Barbell),W,60,10,0,0,,,",  // warm-up: no volume
            "2024-06-18 11:04:00,Push,1h,Bench Press (Barbell),1,100,5,0,0,,,",  // 500
            "2024-06-18 11:04:00,Push,1h,Bench Press (Barbell),2,100,5,0,0,,,",  // 500
            "2024-06-18 11:04:00,Push,1h,Bench Press (Barbell),D,80,8,0,0,,,",  // 640
            "2024-06-18 11:04:00,Push,1h,Bench Press (Barbell),F,90,3,0,0,,,",  // 270
            "2024-06-18 11:04:00,Push,1h,Plank,1,,,0,60,,,",  // timed: no volume
        ]
        let plan = try Plan.plan(rows, library: [Plan.exercise("Bench Press (Barbell)")])
        #expect(plan.setTally == SetTally(warmups: 1, drops: 1, failures: 1, volumeKilograms: 1910))
        let summary = ImportSummary(plan: plan)
        #expect(
            summary.setsLine(in: .kg)
                == "Of these, 1 warm-up, 1 drop set and 1 to failure; volume 1,910 kg (warm-ups not counted).")
        // 1,910 kg / 0.45359237 = 4,210.8 lb.
        #expect(
            summary.setsLine(in: .lb)
                == "Of these, 1 warm-up, 1 drop set and 1 to failure; volume 4,211 lb (warm-ups not counted).")
        #expect(summary.lines[1] == summary.setsLine(in: .kg), "the command line says it in the file's unit")
        let pounds = try importText(([Plan.header] + rows).joined(separator: "\n"), source: .strong, unit: .lb)
        let volume = try #require(pounds.outline.workouts.first?.setTally.volumeKilograms)
        #expect(abs(volume - 1910 * Mass.kilogramsPerPound) < 1e-9, "a file in lb counts its pounds")
    }

    @Test("only names logged under an exercise spelt otherwise are listed; those spelt alike (case and spaces aside) are counted")
    func renamed() throws {
        let rows = [
            "2024-06-18 11:04:00,Push,1h,Bench Press (Barbell),1,100,5,0,0,,,",
            "2024-06-18 11:04:00,Push,1h,bench  press (BARBELL),1,100,5,0,0,,,",
            "2024-06-18 11:04:00,Push,1h,Barbell Bench Press,1,100,5,0,0,,,",
            "2024-06-18 11:04:00,Push,1h,Curl (Barbell),1,40,5,0,0,,,",
        ]
        let bench = Plan.exercise("Bench Press (Barbell)")
        let curl = Plan.exercise("Bicep Curl (Barbell)")
        let summary = ImportSummary(plan: try Plan.plan(rows, library: [bench, curl], chosen: ["Curl (Barbell)": curl.id]))
        #expect(summary.matched.count == 4, "every matched name is still there")
        #expect(summary.renamed.map(\.name) == ["Barbell Bench Press", "Curl (Barbell)"])
        #expect(summary.identicalCount == 2)
        #expect(summary.identicalLine == "2 names are spelt as in your library.")
        #expect(summary.lines.contains("  Barbell Bench Press -> Bench Press (Barbell)"))
        #expect(summary.lines.contains("  Curl (Barbell) -> Bicep Curl (Barbell) (chosen)"))
        #expect(summary.lines.contains("  2 names are spelt as in your library."))
        #expect(!summary.lines.contains { $0.hasPrefix("  Bench Press (Barbell) ->") })
    }
}
