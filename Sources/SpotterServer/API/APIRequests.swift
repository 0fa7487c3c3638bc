import Foundation
import Hummingbird
import SpotterCore

/// A custom exercise as sent by a client. Enumerations arrive as strings so that a
/// wrong value gets a message naming the field and the allowed values.
struct ExerciseInput: Decodable, Sendable {
    var name: String?
    var description: String?
    var muscleGroups: [String]?
    var equipment: String?
    var kind: String?
    var videoURL: String?
    var archived: Bool?

    /// The draft for a new exercise; missing fields count as empty.
    func draft() throws -> ExerciseDraft {
        try merged(onto: ExerciseDraft(name: "", muscleGroups: [], equipment: nil, kind: nil))
    }

    /// The draft after applying the fields present here to an existing exercise.
    func draft(updating exercise: Exercise) throws -> ExerciseDraft {
        try merged(onto: ExerciseDraft(
            name: exercise.name, description: exercise.description, muscleGroups: exercise.primaryMuscles,
            equipment: exercise.equipment, kind: exercise.kind, videoURL: exercise.videoURL?.watchURL ?? ""))
    }

    private func merged(onto base: ExerciseDraft) throws -> ExerciseDraft {
        var draft = base
        if let name { draft.name = name }
        if let description { draft.description = description }
        if let videoURL { draft.videoURL = videoURL }
        if let muscleGroups {
            draft.muscleGroups = try muscleGroups.map { try EnumField.parse($0, as: MuscleGroup.self, field: "muscleGroups", noun: "muscle group") }
        }
        if let equipment { draft.equipment = try EnumField.parse(equipment, as: Equipment.self, field: "equipment", noun: "equipment") }
        if let kind { draft.kind = try EnumField.parse(kind, as: ExerciseKind.self, field: "kind", noun: "kind") }
        return draft
    }

}

/// A closed set of values sent as text; a wrong one gets a message naming the field
/// and every allowed value.
enum EnumField {
    static func parse<Value: RawRepresentable & CaseIterable>(
        _ raw: String, as type: Value.Type, field: String, noun: String
    ) throws -> Value where Value.RawValue == String {
        guard let value = Value(rawValue: raw) else {
            let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw SpotterError.invalid(field: field, "Unknown \(noun) \"\(raw)\". Use one of: \(allowed).")
        }
        return value
    }
}

struct WorkoutTypeInput: Decodable, Sendable {
    var name: String?
    var colorHex: String?
    var icon: String?
    var archived: Bool?

    func draft(updating type: WorkoutType? = nil) -> WorkoutTypeDraft {
        WorkoutTypeDraft(
            name: name ?? type?.name ?? "", colorHex: colorHex ?? type?.colorHex ?? "#8C9A3A",
            icon: icon ?? type?.icon.rawValue ?? WorkoutTypeIcon.dumbbell.rawValue)
    }
}

struct WorkoutTypeOrderInput: Decodable, Sendable {
    var ids: [UUID]
}

struct SettingsInput: Decodable, Sendable {
    var unit: String?
    var defaultRestSeconds: Int?
    var theme: String?
    var timeZone: String?
    var onboardingSeen: Bool?

    var change: SettingsChange {
        SettingsChange(unit: unit, defaultRestSeconds: defaultRestSeconds, theme: theme, timeZone: timeZone, onboardingSeen: onboardingSeen)
    }
}

struct PasswordChangeInput: Decodable, Sendable {
    var currentPassword: String
    var newPassword: String
}

struct TokenInput: Decodable, Sendable {
    var name: String
}

extension Request {
    /// Decodes a JSON body, turning every decoding failure into a 400 that says what is wrong.
    /// Text holding a control character is refused here, for every JSON body alike,
    /// with the path of the field (`entries[0].notes`).
    func decodeJSON<Value: Decodable>(as type: Value.Type, context: some RequestContext) async throws -> Value {
        var request = self
        do {
            let body = try await request.collectBody(upTo: context.maxUploadSize)
            if let issue = body.withUnsafeReadableBytes({ PlainText.firstForbiddenString(inJSON: $0) }) {
                throw SpotterError.invalid(ValidationFailure([issue]))
            }
            return try await request.decode(as: type, context: context)
        } catch let error as SpotterError {
            throw error
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw APIProblem(status: .contentTooLarge, code: "too_large", message: "The request body is too large: at most 1 MB of JSON.")
        } catch let error as HTTPError {
            throw APIProblem(status: .badRequest, code: "bad_request", message: error.body ?? "The body is not valid JSON.")
        } catch {
            throw APIProblem(status: .badRequest, code: "bad_request", message: "The body is not valid JSON.")
        }
    }
}

extension Parameters {
    /// A boolean query value: the one rule for every list of the API. Exactly `true` or
    /// `false`; left out is nil; anything else (`1`, `yes`, an empty value) is a 400 that
    /// names the parameter, rather than a guess.
    func flag(_ name: String) throws -> Bool? {
        guard let value = get(name) else { return nil }
        switch value {
        case "true": return true
        case "false": return false
        default:
            throw APIProblem(
                status: .badRequest, code: "bad_request", message: "Use true or false for \(name), not \"\(value)\".", field: name)
        }
    }

    /// A path id; a malformed one answers 404 like an unknown one.
    func uuid(_ name: String, resource: String) throws -> UUID {
        guard let text = get(name), let id = UUID(uuidString: text) else { throw SpotterError.notFound(resource) }
        return id
    }
}
