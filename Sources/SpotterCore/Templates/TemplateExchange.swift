import Foundation

/// The JSON file templates are shared in, between users or servers. Exercises are
/// named by catalog key (built-in) and by name, since ids differ between databases.
public struct TemplateExchange: Sendable, Equatable, Codable {
    public static let formatName = "spotter-templates"
    public static let currentVersion = 1
    /// The versions `decode` reads: every one Spotter has written.
    public static let readableVersions = 1...currentVersion

    public var format: String
    public var version: Int
    public var exportedAt: Date?
    public var templates: [Template]

    public struct Template: Sendable, Equatable, Codable {
        public var name: String
        public var category: String
        public var notes: String?
        public var exercises: [Exercise]
        /// Break cards of a guided template; absent in files without any.
        public var breaks: [Break]?
        /// Built in the timeline view; absent means no.
        public var guided: Bool?

        public init(
            name: String, category: String, notes: String?, exercises: [Exercise], breaks: [Break]? = nil, guided: Bool? = nil
        ) {
            self.name = name
            self.category = category
            self.notes = notes
            self.exercises = exercises
            self.breaks = breaks
            self.guided = guided
        }

        /// The breaks as a draft (positions in the timeline, exercises and breaks counted together).
        public var breakDrafts: [TemplateDraft.BreakDraft]? {
            breaks?.map { TemplateDraft.BreakDraft(position: $0.position, seconds: $0.seconds) }
        }
    }

    public struct Break: Sendable, Equatable, Codable {
        public var position: Int
        public var seconds: Int

        public init(position: Int, seconds: Int) {
            self.position = position
            self.seconds = seconds
        }
    }

    public struct Exercise: Sendable, Equatable, Codable {
        /// The exercise's name where it was exported.
        public var exercise: String
        /// The built-in exercise's key, when it is one.
        public var catalogKey: String?
        public var sets: Int
        public var repMin: Int
        public var repMax: Int
        public var targetWeight: Double?
        public var weightUnit: String?
        public var targetRPE: Double?
        public var restSeconds: Int?
        public var targetDurationSeconds: Int?
        public var notes: String?

        public init(
            exercise: String, catalogKey: String?, sets: Int, repMin: Int, repMax: Int, targetWeight: Double?,
            weightUnit: String?,
            targetRPE: Double?, restSeconds: Int?, targetDurationSeconds: Int?, notes: String?
        ) {
            self.exercise = exercise
            self.catalogKey = catalogKey
            self.sets = sets
            self.repMin = repMin
            self.repMax = repMax
            self.targetWeight = targetWeight
            self.weightUnit = weightUnit
            self.targetRPE = targetRPE
            self.restSeconds = restSeconds
            self.targetDurationSeconds = targetDurationSeconds
            self.notes = notes
        }
    }

    public init(exportedAt: Date?, templates: [Template]) {
        format = Self.formatName
        version = Self.currentVersion
        self.exportedAt = exportedAt
        self.templates = templates
    }

    /// A template for the file; `exercise` gives each exercise's name and catalog key.
    public static func entry(for template: WorkoutTemplate, exercise: (UUID) -> (name: String, catalogKey: String?)) -> Template {
        Template(
            name: template.name, category: template.category.rawValue, notes: template.notes.isEmpty ? nil : template.notes,
            exercises: template.exercises.map { item in
                let named = exercise(item.exerciseID)
                return Exercise(
                    exercise: named.name, catalogKey: named.catalogKey, sets: item.setCount, repMin: item.reps.min,
                    repMax: item.reps.max,
                    targetWeight: item.targetWeight?.value, weightUnit: item.targetWeight?.unit.rawValue,
                    targetRPE: item.targetRPE,
                    restSeconds: item.restSeconds, targetDurationSeconds: item.targetDurationSeconds,
                    notes: item.notes.isEmpty ? nil : item.notes)
            },
            breaks: template.breaks.isEmpty ? nil : template.breaks.map { Break(position: $0.position, seconds: $0.seconds) },
            guided: template.guided ? true : nil)
    }

    /// Reads a file, or says in words what is wrong with it.
    public static func decode(_ data: Data) throws(ValidationFailure) -> TemplateExchange {
        guard !data.isEmpty else {
            throw ValidationFailure(field: "file", message: "The file is empty. Choose a template file exported from Spotter.")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let document: TemplateExchange
        if let issue = PlainText.firstForbiddenString(inJSON: data) {
            throw ValidationFailure(field: "file", message: "The file's \(issue.message)")
        }
        do {
            document = try decoder.decode(TemplateExchange.self, from: data)
        } catch {
            throw ValidationFailure(
                field: "file",
                message:
                    "This is not a Spotter template file (\(Self.reason(error))). Export templates from Spotter and import that file."
            )
        }
        guard document.format == formatName else {
            throw ValidationFailure(
                field: "file", message: "This file is not a Spotter template file (format \"\(document.format)\").")
        }
        guard document.version <= currentVersion else {
            throw ValidationFailure(
                field: "file",
                message:
                    "This file was made by a newer Spotter (version \(document.version)). Update this server, then import it.")
        }
        // Only the versions Spotter has written: a version below them names no format.
        guard readableVersions.contains(document.version) else {
            throw ValidationFailure(
                field: "file",
                message:
                    "This file says version \(document.version), which no Spotter writes: template files are version \(currentVersion). Export the templates from Spotter again and import that file."
            )
        }
        guard !document.templates.isEmpty else { throw ValidationFailure(field: "file", message: "The file holds no templates.") }
        return document
    }

    static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?: "\"\(path(context.codingPath + [key]))\" is missing"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?: "\"\(path(context.codingPath))\" has the wrong type"
        case .dataCorrupted(let context)?:
            context.codingPath.isEmpty ? "it is not JSON" : "\"\(path(context.codingPath))\" is not valid"
        default: "it could not be read"
        }
    }

    static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(
            in: CharacterSet(charactersIn: "."))
    }
}
