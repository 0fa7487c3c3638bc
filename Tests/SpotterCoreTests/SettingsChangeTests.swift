import SpotterCore
import Testing

@Suite("SettingsChange: changing a user's preferences")
struct SettingsChangeTests {
    static let start = UserSettings(
        unit: .kg, defaultRestSeconds: 90, theme: .system, timeZone: "UTC", onboardingSeen: false)

    @Test("Defaults of a new account")
    func defaults() {
        let settings = UserSettings()
        #expect(settings.unit == .kg)
        #expect(settings.defaultRestSeconds == 120)
        #expect(settings.theme == .system)
        #expect(settings.timeZone == "UTC")
        #expect(settings.onboardingSeen == false)
    }

    @Test("An empty change leaves everything as it is")
    func nilLeavesValues() throws {
        #expect(try SettingsChange().applied(to: Self.start) == Self.start)
    }

    @Test("Only the given values change")
    func partialChange() throws {
        let result = try SettingsChange(theme: "dark").applied(to: Self.start)
        var expected = Self.start
        expected.theme = .dark
        #expect(result == expected)
    }

    @Test("Everything can change at once")
    func fullChange() throws {
        let result = try SettingsChange(
            unit: "lb", defaultRestSeconds: 180, theme: "light", timeZone: "Europe/Berlin", onboardingSeen: true
        ).applied(to: Self.start)
        #expect(
            result
                == UserSettings(
                    unit: .lb, defaultRestSeconds: 180, theme: .light, timeZone: "Europe/Berlin", onboardingSeen: true))
    }

    @Test(
        "Units kg and lb are accepted in any case",
        arguments: [("kg", MassUnit.kg), ("KG", .kg), ("Kg", .kg), ("lb", .lb), ("LB", .lb), ("lB", .lb)])
    func units(_ raw: String, _ unit: MassUnit) throws {
        var start = Self.start
        start.unit = unit == .kg ? .lb : .kg
        #expect(try SettingsChange(unit: raw).applied(to: start).unit == unit)
    }

    @Test("Other units are refused", arguments: ["", "lbs", "kgs", "pounds", "g", "stone"])
    func badUnits(_ raw: String) throws {
        let failure = try #require(throws: ValidationFailure.self) { try SettingsChange(unit: raw).applied(to: Self.start) }
        #expect(failure.issues == [FieldIssue(field: "unit", message: "Choose kg or lb.")])
    }

    @Test("Rest of 0 to 1800 seconds is accepted", arguments: [0, 1, 60, 1_799, 1_800])
    func restInRange(_ seconds: Int) throws {
        #expect(try SettingsChange(defaultRestSeconds: seconds).applied(to: Self.start).defaultRestSeconds == seconds)
    }

    @Test("Rest outside 0...1800 is refused", arguments: [-1, 1_801, -3_600, Int.max, Int.min])
    func restOutOfRange(_ seconds: Int) throws {
        let failure = try #require(throws: ValidationFailure.self) {
            try SettingsChange(defaultRestSeconds: seconds).applied(to: Self.start)
        }
        #expect(
            failure.issues == [
                FieldIssue(field: "defaultRestSeconds", message: "Rest must be between 0 and 1800 seconds.")
            ])
    }

    @Test(
        "Themes are accepted in any case",
        arguments: [("system", Theme.system), ("light", .light), ("dark", .dark), ("Dark", .dark), ("LIGHT", .light)])
    func themes(_ raw: String, _ theme: Theme) throws {
        var start = Self.start
        start.theme = theme == .dark ? .light : .dark
        #expect(try SettingsChange(theme: raw).applied(to: start).theme == theme)
    }

    @Test("Other themes are refused", arguments: ["", "auto", "night", "blue"])
    func badThemes(_ raw: String) throws {
        let failure = try #require(throws: ValidationFailure.self) { try SettingsChange(theme: raw).applied(to: Self.start) }
        #expect(failure.issues == [FieldIssue(field: "theme", message: "Choose system, light or dark.")])
    }

    @Test(
        "IANA time zone names are accepted and stored as typed",
        arguments: ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Sydney", "UTC"])
    func timeZones(_ name: String) throws {
        #expect(try SettingsChange(timeZone: name).applied(to: Self.start).timeZone == name)
    }

    @Test("Unknown time zones are refused", arguments: ["Mars/Olympus", "", "Europe/Berlinn", "Berlin", "Europe/Berlin/Mitte"])
    func badTimeZones(_ name: String) throws {
        let failure = try #require(throws: ValidationFailure.self) { try SettingsChange(timeZone: name).applied(to: Self.start) }
        #expect(
            failure.issues == [
                FieldIssue(field: "timeZone", message: "Use a time zone name such as Europe/Berlin.")
            ])
    }

    @Test("Several bad fields give one issue each, and nothing changes")
    func severalIssues() throws {
        let change = SettingsChange(
            unit: "stone", defaultRestSeconds: 1_801, theme: "neon", timeZone: "Mars/Olympus", onboardingSeen: true)
        let failure = try #require(throws: ValidationFailure.self) { try change.applied(to: Self.start) }
        #expect(failure.issues.map(\.field) == ["unit", "defaultRestSeconds", "theme", "timeZone"])
        #expect(failure.first == FieldIssue(field: "unit", message: "Choose kg or lb."))
    }

    @Test("One bad field refuses the good ones with it")
    func mixedChangeIsRefused() throws {
        let failure = try #require(throws: ValidationFailure.self) {
            try SettingsChange(unit: "lb", defaultRestSeconds: -1, theme: "dark").applied(to: Self.start)
        }
        #expect(failure.issues.map(\.field) == ["defaultRestSeconds"])
    }

    @Test("The onboarding flag can be set and cleared")
    func onboarding() throws {
        #expect(try SettingsChange(onboardingSeen: true).applied(to: Self.start).onboardingSeen == true)
        var seen = Self.start
        seen.onboardingSeen = true
        #expect(try SettingsChange(onboardingSeen: false).applied(to: seen).onboardingSeen == false)
    }

    @Test("Display names of the choices")
    func displayNames() {
        #expect(MassUnit.allCases.map(\.displayName) == ["kg", "lb"])
        #expect(Theme.allCases.map(\.displayName) == ["System", "Light", "Dark"])
    }

    @Test(
        "The plate step: 2.5 kg or 5 lb by default; a chosen step in 0.25...25; a unit change forgets it; nothing else changes on a bad one"
    )
    func plateStep() throws {
        let kg = UserSettings()
        #expect(kg.plateStep == nil && kg.roundingStep == 2.5)
        #expect(try SettingsChange(unit: "lb").applied(to: kg).roundingStep == 5)
        let small = try SettingsChange(plateStep: .some(1.25)).applied(to: kg)
        #expect(small.plateStep == 1.25 && small.roundingStep == 1.25)
        #expect(try SettingsChange(plateStep: .some(nil)).applied(to: small).roundingStep == 2.5)
        #expect(try SettingsChange(unit: "lb").applied(to: small).plateStep == nil, "1.25 kg means nothing in pounds")
        #expect(try SettingsChange(unit: "kg").applied(to: small).plateStep == 1.25, "the same unit keeps it")
        for bad in [0.0, 0.2, 25.5, -2.5] {
            #expect(
                throws: ValidationFailure(
                    field: "plateStep", message: "The smallest plate step must be between 0.25 and 25 kg, such as 2.5.")
            ) {
                try SettingsChange(defaultRestSeconds: 60, plateStep: .some(bad)).applied(to: kg)
            }
        }
    }
}
