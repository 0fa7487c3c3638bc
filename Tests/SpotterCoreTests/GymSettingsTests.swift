import Foundation
import SpotterCore
import Testing

@Suite("Gym settings: bar, plates and the rest alert")
struct GymSettingsTests {
    @Test("A new account: a 20 kg bar, the usual plates, a sound at 70 % and the screen kept on")
    func defaults() {
        let settings = UserSettings()
        #expect(settings.bar == 20)
        #expect(settings.plateChoice == [25, 20, 15, 10, 5, 2.5, 1.25])
        #expect(settings.restSound && settings.restVolume == 70 && settings.wakeLock)
        #expect(settings.roundingStep == 2.5, "a pair of 1.25 kg plates")
    }

    @Test("In pounds: a 45 lb bar and 45, 35, 25, 10, 5, 2.5 lb plates, a 5 lb step")
    func pounds() throws {
        let settings = try SettingsChange(unit: "lb").applied(to: UserSettings())
        #expect(settings.bar == 45)
        #expect(settings.plateChoice == [45, 35, 25, 10, 5, 2.5])
        #expect(settings.roundingStep == 5)
    }

    @Test("Chosen plates are kept heaviest first, once each; the rounding step follows the smallest unless one was chosen")
    func chosenPlates() throws {
        let settings = try SettingsChange(barWeight: .some(15), plates: .some([0.5, 20, 10, 20, 2.5])).applied(to: UserSettings())
        #expect(settings.bar == 15)
        #expect(settings.plateChoice == [20, 10, 2.5, 0.5])
        #expect(settings.roundingStep == 1, "a pair of 0.5 kg plates")
        #expect(try SettingsChange(plateStep: .some(2.5)).applied(to: settings).roundingStep == 2.5, "a chosen step wins")
        let usual = try SettingsChange(barWeight: .some(nil), plates: .some(nil)).applied(to: settings)
        #expect(usual.bar == 20 && usual.plateChoice == UserSettings.defaultPlates(.kg))
    }

    @Test("Switching the unit goes back to that unit's bar and plates, unless they come with it")
    func unitSwitch() throws {
        let kg = try SettingsChange(barWeight: .some(15), plates: .some([20, 10])).applied(to: UserSettings())
        let lb = try SettingsChange(unit: "lb").applied(to: kg)
        #expect(lb.barWeight == nil && lb.plates == nil && lb.bar == 45)
        #expect(try SettingsChange(unit: "kg").applied(to: kg).plateChoice == [20, 10], "the same unit keeps them")
        let given = try SettingsChange(unit: "lb", barWeight: .some(35), plates: .some([45, 25])).applied(to: kg)
        #expect(given.bar == 35 && given.plateChoice == [45, 25])
    }

    @Test("The rest alert changes on its own")
    func restAlert() throws {
        let settings = try SettingsChange(restSound: false, restVolume: 0, wakeLock: false).applied(to: UserSettings())
        #expect(!settings.restSound && settings.restVolume == 0 && !settings.wakeLock)
        #expect(try SettingsChange(restVolume: 100).applied(to: settings).restVolume == 100)
    }

    @Test(
        "Bad values are refused with the field named, and nothing changes",
        arguments: [
            (SettingsChange(barWeight: .some(-1)), "barWeight", "The bar weight must be between 0 and 100 kg, such as 20."),
            (SettingsChange(barWeight: .some(100.5)), "barWeight", "The bar weight must be between 0 and 100 kg, such as 20."),
            (
                SettingsChange(barWeight: .some(20.125)), "barWeight",
                "The bar weight has at most two decimals, such as 15.5; 20.125 has more."
            ),
            (
                SettingsChange(unit: "lb", barWeight: .some(221)), "barWeight",
                "The bar weight must be between 0 and 220 lb, such as 45."
            ),
            (SettingsChange(plates: .some([])), "plates", "Choose at least one plate."),
            (SettingsChange(plates: .some([0.1, 25])), "plates", "Each plate must be between 0.25 and 50 kg; 0.1 is not."),
            (SettingsChange(plates: .some([25, 51])), "plates", "Each plate must be between 0.25 and 50 kg; 51 is not."),
            (
                SettingsChange(plates: .some([25, 1.255])), "plates",
                "Plates have at most two decimals, such as 1.25; 1.255 has more."
            ),
            (SettingsChange(plates: .some((1...13).map(Double.init))), "plates", "Choose at most 12 different plates."),
            (SettingsChange(restVolume: -1), "restVolume", "The rest sound volume must be between 0 and 100."),
            (SettingsChange(restVolume: 101), "restVolume", "The rest sound volume must be between 0 and 100."),
        ])
    func refused(change: SettingsChange, field: String, message: String) {
        var change = change
        change.restSound = false
        #expect(throws: ValidationFailure(field: field, message: message)) { try change.applied(to: UserSettings()) }
    }

    @Test(
        "Two decimals means whole hundredths: what is far below a hundredth or too large to hold them is refused",
        arguments: [
            (
                SettingsChange(barWeight: .some(5e-324)), "barWeight",
                "The bar weight has at most two decimals, such as 15.5; 5e-324 has more."
            ),
            (
                SettingsChange(barWeight: .some(1e-7)), "barWeight",
                "The bar weight has at most two decimals, such as 15.5; 1e-07 has more."
            ),
            (
                SettingsChange(barWeight: .some(20.000001)), "barWeight",
                "The bar weight has at most two decimals, such as 15.5; 20.000001 has more."
            ),
            (SettingsChange(barWeight: .some(1e300)), "barWeight", "The bar weight must be between 0 and 100 kg, such as 20."),
            (
                SettingsChange(plates: .some([25, 1.25000001])), "plates",
                "Plates have at most two decimals, such as 1.25; 1.25000001 has more."
            ),
            (SettingsChange(plates: .some([25, 1e300])), "plates", "Each plate must be between 0.25 and 50 kg; 1e+300 is not."),
            (
                SettingsChange(plateStep: .some(2.5000001)), "plateStep",
                "The smallest plate step has at most two decimals, such as 1.25; 2.5000001 has more."
            ),
            (
                SettingsChange(plateStep: .some(0.25 + 5e-17)), "plateStep",
                "The smallest plate step has at most two decimals, such as 1.25; 0.25000000000000006 has more."
            ),
        ])
    func tinyAndHuge(change: SettingsChange, field: String, message: String) {
        #expect(throws: ValidationFailure(field: field, message: message)) { try change.applied(to: UserSettings()) }
    }

    @Test("Weights as typed keep passing: every hundredth from 0 to 100 kg as a bar, and 0.3 but not 0.1 + 0.2")
    func hundredthsAsTyped() throws {
        for hundredths in 0...10_000 {
            let typed = try #require(Double(String(format: "%d.%02d", hundredths / 100, hundredths % 100)))
            #expect(try SettingsChange(barWeight: .some(typed)).applied(to: UserSettings()).bar == typed, "\(typed)")
        }
        #expect(try SettingsChange(plateStep: .some(0.3)).applied(to: UserSettings()).plateStep == 0.3)
        #expect(throws: ValidationFailure.self, "0.30000000000000004 is no value anyone typed") {
            try SettingsChange(plateStep: .some(0.1 + 0.2)).applied(to: UserSettings())
        }
    }

    @Test("Twelve different plates are fine, repeats not counted")
    func twelve() throws {
        let plates = (1...12).map(Double.init) + [12, 12]
        #expect(try SettingsChange(plates: .some(plates)).applied(to: UserSettings()).plateChoice.count == 12)
    }

    @Test("Settings written before the bar, plates and rest alert existed read with the usual ones")
    func oldDocuments() throws {
        let json = #"{"unit":"lb","defaultRestSeconds":90,"theme":"dark","timeZone":"UTC","onboardingSeen":true}"#
        let settings = try JSONDecoder().decode(UserSettings.self, from: Data(json.utf8))
        #expect(settings == UserSettings(unit: .lb, defaultRestSeconds: 90, theme: .dark, timeZone: "UTC", onboardingSeen: true))
        let again = try JSONDecoder().decode(
            UserSettings.self,
            from: JSONEncoder().encode(
                UserSettings(barWeight: 15, plates: [10, 5], restSound: false, restVolume: 20, wakeLock: false)))
        #expect(again == UserSettings(barWeight: 15, plates: [10, 5], restSound: false, restVolume: 20, wakeLock: false))
    }
}
