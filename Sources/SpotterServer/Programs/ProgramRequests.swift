import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// One weekday of the schedule as the API sends it; no `templateId` means rest.
struct ProgramDayInput: Decodable, Sendable {
    var weekday: String
    var templateId: UUID?
    var notes: String?
    var suggestedRPE: Double?

    var draft: ProgramDraft.DayDraft {
        ProgramDraft.DayDraft(weekday: weekday, templateID: templateId, notes: notes, suggestedRPE: suggestedRPE)
    }
}

/// `PUT /api/v1/programs/{id}` (the whole program; a new id creates it) and
/// `PATCH` (the fields sent change; `archived` archives or restores).
struct ProgramInput: Decodable, Sendable {
    var name: String?
    var description: String?
    var category: String?
    var difficulty: String?
    var weeks: Int?
    var pattern: String?
    var baseIntensity: Double?
    var weeklyIncrement: Double?
    var schedule: [ProgramDayInput]?
    var archived: Bool?

    var draft: ProgramDraft {
        ProgramDraft(
            name: name, summary: description, category: category, difficulty: difficulty, weekCount: weeks, pattern: pattern,
            baseIntensity: baseIntensity, weeklyIncrement: weeklyIncrement, schedule: schedule?.map(\.draft))
    }
}

/// `PATCH /api/v1/programs/{id}/weeks/{number}`.
struct ProgramWeekInput: Decodable, Sendable {
    var phase: String??
    var modifier: Double?
    var deload: Bool?

    enum CodingKeys: String, CodingKey { case phase, modifier, deload }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        phase = try c.decodeClearable(String.self, forKey: .phase)
        modifier = try c.decodeIfPresent(Double.self, forKey: .modifier)
        deload = try c.decodeIfPresent(Bool.self, forKey: .deload)
    }

    /// A phase of null clears it, as "" does.
    var change: ProgramWeekChange {
        ProgramWeekChange(phase: phase.map { $0 ?? "" }, modifier: modifier, isDeload: deload)
    }
}

/// `PATCH /api/v1/programs/{id}/days/{dayId}`.
struct ProgramDayPatchInput: Decodable, Sendable {
    var templateId: UUID?
    var notes: String?
    var suggestedRPE: Double??

    enum CodingKeys: String, CodingKey { case templateId, notes, suggestedRPE }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        templateId = try c.decodeIfPresent(UUID.self, forKey: .templateId)
        notes = try c.decodeIfPresent(String.self, forKey: .notes)
        suggestedRPE = try c.decodeClearable(Double.self, forKey: .suggestedRPE)
    }

    var change: ProgramDayChange { ProgramDayChange(templateID: templateId, notes: notes, suggestedRPE: suggestedRPE) }
}

/// `POST /api/v1/programs/{id}/activate`: resume where the lifter stopped it (the
/// default when they did and no start day is sent), or start over on `startDay`
/// (today when left out).
struct ProgramActivateInput: Decodable, Sendable {
    var startDay: String?
    var resume: Bool?

    init(startDay: String? = nil, resume: Bool? = nil) {
        self.startDay = startDay
        self.resume = resume
    }
}

/// `POST /api/v1/programs/active/start`: today's workout, with the client's id.
struct ProgramStartInput: Decodable, Sendable {
    var workoutId: UUID
    var replaceActive: Bool?
}

extension SignedInContext {
    func programID() throws -> UUID {
        try parameters.uuid("id", resource: "The program")
    }
}
