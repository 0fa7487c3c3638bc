import Foundation

// The built-in programs (seed 04). Their days name template presets by id.

extension ProgramPresets {
    public static let all: [ProgramPreset] = []
}
