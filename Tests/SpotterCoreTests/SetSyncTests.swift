import Foundation
import SpotterCore
import Testing

@Suite("SetSync: the change made last, by the device's clock, wins")
struct SetSyncTests {
    static let stored = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("A set never stored before is applied")
    func nothingStored() {
        #expect(SetSync.decide(stored: nil, incoming: Self.stored) == .apply)
        #expect(SetSync.decide(stored: nil, incoming: Date(timeIntervalSince1970: 0)) == .apply)
    }

    @Test("A newer change is applied")
    func newerApplies() {
        #expect(SetSync.decide(stored: Self.stored, incoming: Date(timeIntervalSince1970: 1_700_000_001)) == .apply)
        #expect(SetSync.decide(stored: Self.stored, incoming: Date(timeIntervalSince1970: 1_700_000_000.001)) == .apply)
    }

    @Test("A change with the same time is applied")
    func equalApplies() {
        #expect(SetSync.decide(stored: Self.stored, incoming: Date(timeIntervalSince1970: 1_700_000_000)) == .apply)
    }

    @Test("An older change keeps the stored set")
    func olderKeepsStored() {
        #expect(SetSync.decide(stored: Self.stored, incoming: Date(timeIntervalSince1970: 1_699_999_999)) == .keepStored)
        #expect(SetSync.decide(stored: Self.stored, incoming: Date(timeIntervalSince1970: 1_699_999_999.999)) == .keepStored)
    }

    @Test("Two phones editing offline: whichever edited last wins, whatever order they sync in")
    func twoDevices() {
        let phoneA = Date(timeIntervalSince1970: 1_700_000_100)
        let phoneB = Date(timeIntervalSince1970: 1_700_000_200)
        // A syncs first, then B: B is newer and applies.
        #expect(SetSync.decide(stored: nil, incoming: phoneA) == .apply)
        #expect(SetSync.decide(stored: phoneA, incoming: phoneB) == .apply)
        // B syncs first, then A: A is older and is not applied.
        #expect(SetSync.decide(stored: nil, incoming: phoneB) == .apply)
        #expect(SetSync.decide(stored: phoneB, incoming: phoneA) == .keepStored)
    }
}
