import Foundation
import Testing

@testable import SpotterCore

/// The Programs tab's and the API's filter over the 15 presets: words, "531" for
/// "5/3/1", a category and a level.
@Suite("Program filter")
struct ProgramFilterTests {
    static let date = Date(timeIntervalSince1970: 1_790_000_000)
    static let presets = ProgramPresets.all.map { $0.program(id: $0.id, ownerID: nil, now: date) }

    static func names(_ filter: ProgramFilter) -> [String] { filter.apply(to: presets).map(\.name) }

    @Test("'531' finds both 5/3/1 programs, as '5/3/1' does; 'bbb' and '531 bbb' find Boring But Big")
    func punctuation() {
        #expect(Self.names(ProgramFilter(search: "531")) == ["5/3/1 Boring But Big", "nSuns 5/3/1"])
        #expect(Self.names(ProgramFilter(search: "5/3/1")) == ["5/3/1 Boring But Big", "nSuns 5/3/1"])
        #expect(Self.names(ProgramFilter(search: "531 boring")) == ["5/3/1 Boring But Big"])
        #expect(Self.names(ProgramFilter(search: "  NSUNS ")) == ["nSuns 5/3/1"])
        #expect(Self.names(ProgramFilter(search: "5x5")) == ["StrongLifts 5x5"])
    }

    @Test("a word must start a word of the name or description: 'upper' finds Upper/Lower and PHUL, 'pper' nothing")
    func wordStarts() {
        #expect(Self.names(ProgramFilter(search: "upper")).contains("Upper/Lower 4-Day"))
        #expect(Self.names(ProgramFilter(search: "pper")) == [])
        #expect(Self.names(ProgramFilter(search: "zzz")) == [])
    }

    @Test("by level: beginner is the three starter programs; advanced with powerlifting is the Peak")
    func difficulty() {
        #expect(
            Self.names(ProgramFilter(difficulty: .beginner)) == ["Starting Strength", "StrongLifts 5x5", "Beginner Full Body"])
        #expect(Self.names(ProgramFilter(category: .powerlifting, difficulty: .advanced)) == ["12-Week Powerlifting Peak"])
        #expect(Self.names(ProgramFilter(category: .crossfit, difficulty: .beginner)) == [])
        #expect(Self.names(ProgramFilter()).count == 15)
    }

    @Test("filtering is said only when something narrows the list")
    func isFiltering() {
        #expect(!ProgramFilter().isFiltering)
        #expect(!ProgramFilter(search: "  ").isFiltering)
        #expect(ProgramFilter(search: "531").isFiltering)
        #expect(ProgramFilter(difficulty: .advanced).isFiltering)
        #expect(ProgramFilter(category: .strength).isFiltering)
    }
}
