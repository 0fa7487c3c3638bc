import Foundation
import SpotterCore

extension ImportSummary {
    /// Rows left out for the same reason, with their lines: one line of the preview
    /// for "109 rows with nothing measured" instead of 109.
    public struct SkippedGroup: Sendable, Equatable {
        public var reason: String
        /// In file order.
        public var lines: [Int]

        public var count: Int { lines.count }
        /// "6773–6881, 6900": runs of lines as ranges, the first `mostRanges` of them.
        public var linesText: String { LineRanges.text(lines, most: ImportSummary.mostRanges) }
    }

    /// How many ranges of lines a group lists before it counts the rest.
    public static let mostRanges = 12

    /// The rows listed (`ImportOutline.skipped`) by reason, in the order each reason first comes.
    public var skippedGroups: [SkippedGroup] {
        var groups: [SkippedGroup] = []
        var index: [String: Int] = [:]
        for row in plan.file.skipped {
            if let found = index[row.reason] {
                groups[found].lines.append(row.line)
            } else {
                index[row.reason] = groups.count
                groups.append(SkippedGroup(reason: row.reason, lines: [row.line]))
            }
        }
        return groups
    }
}

/// Line numbers in a few characters: runs as ranges.
public enum LineRanges {
    /// The runs of `lines` (sorted, each once): [3, 4, 5, 9] is [3...5, 9...9].
    public static func runs(_ lines: [Int]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for line in Set(lines).sorted() {
            if let last = runs.last, last.upperBound + 1 == line {
                runs[runs.count - 1] = last.lowerBound...line
            } else {
                runs.append(line...line)
            }
        }
        return runs
    }

    /// "3–5, 9", at most `most` runs: "3–5, 9 and 40 more lines" past them.
    public static func text(_ lines: [Int], most: Int) -> String {
        let runs = runs(lines)
        let shown = runs.prefix(most).map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound)" }.joined(
            separator: ", ")
        let rest = runs.dropFirst(most).reduce(0) { $0 + $1.count }
        return rest == 0 ? shown : "\(shown) and \(counted(rest, "more line"))"
    }
}
