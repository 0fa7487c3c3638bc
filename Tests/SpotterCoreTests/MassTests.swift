import Foundation
import SpotterCore
import Testing

@Suite("Mass: a weight as entered, converted kg <-> lb by the defined pound")
struct MassTests {
    /// Equal within rounding of the last few bits of a Double.
    static func close(_ a: Double, _ b: Double, within tolerance: Double = 1e-9) -> Bool {
        abs(a - b) <= tolerance
    }

    @Test("One pound is 0.45359237 kg, by definition")
    func definedConstant() {
        #expect(Mass.kilogramsPerPound == 0.45359237)
        #expect(Mass(1, .lb).converted(to: .kg) == 0.45359237)
    }

    @Test("225 lb is 102.05828325 kg")
    func poundsToKilograms() {
        #expect(Self.close(Mass(225, .lb).converted(to: .kg), 102.05828325))
    }

    @Test(
        "Pounds to kilograms, checked by hand",
        arguments: [
            (45.0, 20.41165665),
            (135.0, 61.23496995),
            (25.0, 11.33980925),
            (0.0, 0.0),
        ])
    func poundsToKilogramsTable(pounds: Double, kilograms: Double) {
        #expect(Self.close(Mass(pounds, .lb).converted(to: .kg), kilograms))
    }

    @Test(
        "Kilograms to pounds divides by the same constant",
        arguments: [
            (100.0, 220.46226218487757),
            (2000.0, 4409.245243697552),
            (20.0, 44.09245243697551),
            (0.0, 0.0),
        ])
    func kilogramsToPounds(kilograms: Double, pounds: Double) {
        #expect(Self.close(Mass(kilograms, .kg).converted(to: .lb), pounds))
    }

    @Test("Going to the other unit and back gives the weight entered")
    func roundTrip() {
        let inKg = Mass(225, .lb).converted(to: .kg)
        #expect(Self.close(Mass(inKg, .kg).converted(to: .lb), 225))
        let inLb = Mass(102.5, .kg).converted(to: .lb)
        #expect(Self.close(Mass(inLb, .lb).converted(to: .kg), 102.5))
    }

    @Test(
        "Same unit is the identity, exactly",
        arguments: [
            Mass(225, .lb), Mass(102.5, .kg), Mass(0, .kg), Mass(0.25, .lb), Mass(2000, .kg),
        ])
    func sameUnitIdentity(mass: Mass) {
        #expect(mass.converted(to: mass.unit) == mass.value)
    }

    @Test("A weight is stored as entered: 225 lb stays 225 lb")
    func storedAsEntered() {
        let mass = Mass(225, .lb)
        #expect(mass.value == 225)
        #expect(mass.unit == .lb)
        #expect(mass != Mass(102.05828325, .kg))
    }

    @Test(
        "A weight converted from pounds is known as its quarter pound step, within the given tolerance",
        arguments: [
            // 90 x 0.45359237 = 40.8233133; 225 x 0.45359237 = 102.05828325;
            // 2.5 x 0.45359237 = 1.133980925; 15 x 0.45359237 = 6.80388555.
            (40.8233133, 90.0), (102.05828325, 225.0), (1.133980925, 2.5), (6.80388555, 15.0),
        ])
    func poundStep(kilograms: Double, pounds: Double) {
        #expect(Mass(kilograms, .kg).step(in: .lb, within: 1e-8) == pounds)
    }

    @Test("Genuine kilograms are no pound step: 100 kg is 220.4623 lb, 102.5 kg is 225.9738 lb, 20 kg is 44.0925 lb")
    func genuineKilograms() {
        #expect(Mass(100, .kg).step(in: .lb, within: 1e-8) == nil)
        #expect(Mass(102.5, .kg).step(in: .lb, within: 1e-8) == nil)
        #expect(Mass(20, .kg).step(in: .lb, within: 0.005) == nil, "44.0925 lb is 0.0925 from 44, more than 0.005 kg (0.011 lb)")
        // 102.0582822 kg is 0.00000105 kg short of 225 lb: outside 0.0000001 kg, inside 0.000002 kg.
        #expect(Mass(102.0582822, .kg).step(in: .lb, within: 1e-7) == nil)
        #expect(Mass(102.0582822, .kg).step(in: .lb, within: 2e-6) == 225)
        #expect(Mass(0.0001, .kg).step(in: .lb, within: 0.001) == nil, "no step of 0: nothing is a bodyweight set by rounding")
    }

    @Test("Pounds converted from kilograms are known as their quarter kilogram step: 220.46226218 lb is 100 kg")
    func kilogramStep() {
        #expect(Mass(220.46226218, .lb).step(in: .kg, within: 1e-8) == 100)
        #expect(Mass(225, .lb).step(in: .kg, within: 0.005) == nil, "102.0583 kg is 0.058 from 102")
    }

    @Test("Shown in the other unit: what 0.01 covers reads as the step, anything else as converted")
    func shown() {
        // 40.82 kg is 89.9927 lb; 0.005 kg is 0.0110 lb, so 90 is within it.
        #expect(Mass(40.82, .kg).shown(in: .lb) == 90)
        // 102.06 kg is 225.0038 lb.
        #expect(Mass(102.06, .kg).shown(in: .lb) == 225)
        // 1.13 kg is 2.4912 lb, 0.0088 from 2.5.
        #expect(Mass(1.13, .kg).shown(in: .lb) == 2.5)
        // 100 kg is 220.4623 lb, 0.038 from 220.5: converted.
        #expect(Self.close(Mass(100, .kg).shown(in: .lb), 220.46226218487757))
        #expect(Self.close(Mass(102.5, .kg).shown(in: .lb), 225.97381873949952))
        // 90 lb is 40.8233 kg, 0.073 from 40.75: converted.
        #expect(Self.close(Mass(90, .lb).shown(in: .kg), 40.8233133))
    }

    @Test(
        "Shown in its own unit: the value as entered, whatever it is",
        arguments: [
            Mass(100, .kg), Mass(102.5, .kg), Mass(40.82, .kg), Mass(89.99, .lb), Mass(225, .lb),
        ])
    func shownInOwnUnit(mass: Mass) {
        #expect(mass.shown(in: mass.unit) == mass.value)
    }
}
