import Foundation
import SpotterCore

/// The settings page's "Plates" and "Rest alerts" sections: the bar, the plates as
/// chips to tick (the usual plates of the unit and any the lifter has) with a field
/// for others, the rest sound, its volume and the screen kept awake.
struct GymSettingsForm {
    /// Plates sold for home and commercial gyms, offered as chips.
    static func commonPlates(_ unit: MassUnit) -> [Double] {
        unit == .kg ? [25, 20, 15, 10, 5, 2.5, 2, 1.25, 1, 0.5] : [45, 35, 25, 10, 5, 2.5, 1.25]
    }

    /// The change the form asks for. A form sent without these sections (an older
    /// page) changes none of it; a form that switches the unit leaves the bar and
    /// plates to the new unit's usual ones, since the numbers on it are in the old unit.
    static func change(_ form: SubmittedForm, into change: inout SettingsChange, unitChanged: Bool) throws(ValidationFailure) {
        guard form["gymSettings"] == "1" else { return }
        change.restSound = form["restSound"] == "on"
        change.wakeLock = form["wakeLock"] == "on"
        let volume = form["restVolume"].trimmingCharacters(in: .whitespaces)
        guard let level = Int(volume) else {
            throw ValidationFailure(field: "restVolume", message: "The volume is a whole number from 0 to 100.")
        }
        change.restVolume = level
        if unitChanged { return }
        let bar = form["barWeight"].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        guard let barWeight = Double(bar) else {
            throw ValidationFailure(field: "barWeight", message: "The bar weight is a number, such as 20, or 0 for none.")
        }
        change.barWeight = .some(barWeight)
        var plates = form.values("plate").compactMap { Double($0) }
        for word in form["otherPlates"].split(whereSeparator: { $0 == " " || $0 == ";" }) {
            guard let plate = Double(word.replacingOccurrences(of: ",", with: ".")) else {
                throw ValidationFailure(
                    field: "plates", message: "Other plates are numbers with spaces between them, such as 0.5 0.25.")
            }
            plates.append(plate)
        }
        change.plates = .some(plates)
    }

    let unit: String
    let barWeight: FieldView
    let plates: [OptionView]
    let otherPlates: FieldView
    let platesError: String?
    let restSound: Bool
    let restVolume: FieldView
    let wakeLock: Bool

    /// The sections as saved, or as sent back with what is wrong.
    init(settings: UserSettings, form: SubmittedForm?, failure: ValidationFailure?) {
        let sent = form?["gymSettings"] == "1" ? form : nil
        let chosen = sent.map { $0.values("plate").compactMap(Double.init) } ?? settings.plateChoice
        let offered = Self.commonPlates(settings.unit)
        let shown = (offered + settings.plateChoice.filter { !offered.contains($0) }).sorted(by: >)
        unit = settings.unit.rawValue
        barWeight = FieldView(sent?["barWeight"] ?? PlateMath.number(settings.bar), failure: failure, field: "barWeight")
        plates = shown.map { OptionView(value: PlateMath.number($0), label: PlateMath.number($0), selected: chosen.contains($0)) }
        otherPlates = FieldView(sent?["otherPlates"] ?? "")
        platesError = failure?.message(for: "plates")
        restSound = sent.map { $0["restSound"] == "on" } ?? settings.restSound
        restVolume = FieldView(sent?["restVolume"] ?? String(settings.restVolume), failure: failure, field: "restVolume")
        wakeLock = sent.map { $0["wakeLock"] == "on" } ?? settings.wakeLock
    }
}
