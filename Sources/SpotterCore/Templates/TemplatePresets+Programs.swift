import Foundation

// The training days the program presets (ProgramPresets+Library.swift) need beyond
// the routines of the template library.

extension TemplatePresets {
    static let programDays: [TemplatePreset] = []
}
