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

    @Test("Same unit is the identity, exactly", arguments: [
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
}
