import SpotterCore
import Testing

@Suite("PlateMath: which plates go on each side")
struct PlateMathTests {
    static let kg: [Double] = [25, 20, 15, 10, 5, 2.5, 1.25]
    static let lb: [Double] = [45, 35, 25, 10, 5, 2.5]

    @Test(
        "Exact weights on a 20 kg bar: the fewest plates, heaviest first on a tie",
        arguments: [
            (100.0, [25.0, 15]),  // 40 a side: 25 + 15 beats 20 + 20 (same count, heavier first)
            (140, [25, 25, 10]),  // 60 a side: three plates either way; 25 first, then 25
            (60, [20]),
            (102.5, [25, 15, 1.25]),
            (22.5, [1.25]),
            (200, [25, 25, 25, 15]),  // 90 a side
        ] as [(Double, [Double])])
    func exactKilograms(target: Double, perSide: [Double]) {
        let load = PlateMath.load(target, bar: 20, plates: Self.kg)
        #expect(load == PlateLoad(target: target, weight: target, perSide: perSide))
        #expect(load.isExact)
    }

    @Test("A weight that cannot be loaded gives the closest that can: 102 kg is 102.5 (20 + 2 x 41.25)")
    func closest() {
        let load = PlateMath.load(102, bar: 20, plates: Self.kg)
        #expect(load == PlateLoad(target: 102, weight: 102.5, perSide: [25, 15, 1.25]))
        #expect(!load.isExact)
    }

    @Test("Halfway between two loadable weights the lower one is chosen, and the higher one named")
    func tie() {
        // 101.25 is 1.25 from both 100 and 102.5.
        #expect(
            PlateMath.load(101.25, bar: 20, plates: Self.kg)
                == PlateLoad(target: 101.25, weight: 100, perSide: [25, 15], tiedWith: 102.5))
        // Only 20 and 15 kg plates: 95 is 2.5 from 90 (20 + 15 a side) and from 100 (20 + 20).
        #expect(
            PlateMath.load(95, bar: 20, plates: [20, 15]) == PlateLoad(target: 95, weight: 90, perSide: [20, 15], tiedWith: 100))
    }

    @Test("At or below the bar it is just the bar")
    func justTheBar() {
        let below = PlateMath.load(15, bar: 20, plates: Self.kg)
        #expect(below == PlateLoad(target: 15, weight: 20, perSide: []))
        #expect(below.isJustTheBar && !below.isExact)
        let bar = PlateMath.load(20, bar: 20, plates: Self.kg)
        #expect(bar.isJustTheBar && bar.isExact)
        #expect(PlateMath.load(0, bar: 20, plates: Self.kg).weight == 20)
    }

    @Test("Plates that greedy picking would miss: 60 kg with 15s and 10s is 10 + 10 a side, not 15 and a gap")
    func notGreedy() {
        #expect(PlateMath.load(60, bar: 20, plates: [15, 10]) == PlateLoad(target: 60, weight: 60, perSide: [10, 10]))
    }

    @Test("With few plates the closest may be heavier or the bar: 25 kg plates only, 20 kg bar")
    func coarse() {
        // 40: 10 a side is 10 from nothing and 15 from a 25: the bar.
        #expect(PlateMath.load(40, bar: 20, plates: [25]) == PlateLoad(target: 40, weight: 20, perSide: []))
        // 60: 20 a side is 5 from a 25: 70.
        #expect(PlateMath.load(60, bar: 20, plates: [25]) == PlateLoad(target: 60, weight: 70, perSide: [25]))
    }

    @Test("Pounds on a 45 lb bar")
    func pounds() {
        #expect(PlateMath.load(225, bar: 45, plates: Self.lb) == PlateLoad(target: 225, weight: 225, perSide: [45, 45]))
        #expect(PlateMath.load(315, bar: 45, plates: Self.lb) == PlateLoad(target: 315, weight: 315, perSide: [45, 45, 45]))
        #expect(PlateMath.load(230, bar: 45, plates: Self.lb) == PlateLoad(target: 230, weight: 230, perSide: [45, 45, 2.5]))
        // 227 is 2 from 225 and 3 from 230.
        #expect(PlateMath.load(227, bar: 45, plates: Self.lb) == PlateLoad(target: 227, weight: 225, perSide: [45, 45]))
        #expect(PlateMath.load(185, bar: 45, plates: Self.lb) == PlateLoad(target: 185, weight: 185, perSide: [45, 25]))
    }

    @Test("The heaviest loadable weight no heavier than asked: 56 kg is 55 (15 + 2.5 a side)")
    func atMost() {
        #expect(PlateMath.loadAtMost(56, bar: 20, plates: Self.kg) == PlateLoad(target: 56, weight: 55, perSide: [15, 2.5]))
        #expect(PlateMath.loadAtMost(112, bar: 20, plates: Self.kg).weight == 110)
        #expect(PlateMath.loadAtMost(18, bar: 20, plates: Self.kg).weight == 20)
    }

    @Test("Repeated and unordered plates count once")
    func repeatedPlates() {
        #expect(
            PlateMath.load(100, bar: 20, plates: [15, 25, 25, 1.25]) == PlateLoad(target: 100, weight: 100, perSide: [25, 15]))
    }

    @Test("The weight asked about: a number from 0 to 2000 kg (4409 lb), comma or point")
    func target() throws {
        #expect(try PlateMath.target("102,5", unit: .kg) == 102.5)
        #expect(try PlateMath.target(" 225 ", unit: .lb) == 225)
        for bad in [nil, "", "heavy", "-5", "2000.5", "nan", "inf"] as [String?] {
            #expect(
                throws: ValidationFailure(field: "weight", message: "Give the weight as a number from 0 to 2000 kg, such as 100.")
            ) {
                try PlateMath.target(bad, unit: .kg)
            }
        }
        #expect(
            throws: ValidationFailure(field: "weight", message: "Give the weight as a number from 0 to 4409 lb, such as 100.")
        ) {
            try PlateMath.target("4410", unit: .lb)
        }
    }

    @Test(
        "Numbers as lifters write them", arguments: [(20.0, "20"), (2.5, "2.5"), (1.25, "1.25"), (0.5, "0.5"), (102.5, "102.5")])
    func number(value: Double, text: String) {
        #expect(PlateMath.number(value) == text)
    }
}
