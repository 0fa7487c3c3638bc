import Foundation
import SpotterCore
import SpotterTestSupport
import Testing

/// Every preset played for its whole length by a lifter who does each set as
/// suggested at RPE 8, from 100 kg x 5 at RPE 8 on every lift the week before.
@Suite("Program projection: what each preset asks of a lifter, week by week")
struct ProgramProjectionTests {
    /// A fixed id for each catalog key the presets name.
    static func exerciseIDs() -> [String: UUID] {
        var ids: [String: UUID] = [:]
        for (index, key) in Set(TemplatePresets.all.flatMap { $0.exercises.map(\.catalogKey) }).sorted().enumerated() {
            ids[key] = UUID.numbered(1_000 + index)
        }
        return ids
    }

    static func projection(_ preset: ProgramPreset, start: Double = 100) -> ProgramProjection {
        let ids = exerciseIDs()
        let templates = Dictionary(
            uniqueKeysWithValues: TemplatePresets.all.map { ($0.id, $0.template(exerciseIDs: ids, shippedAt: .init())) })
        let program = preset.program(id: preset.id, ownerID: nil, now: Date(timeIntervalSince1970: 0))
        let before = Date(timeIntervalSince1970: 1_000_000)
        let history = Dictionary(
            uniqueKeysWithValues: ids.values.map { id in
                (
                    id,
                    [
                        PreviousPerformance.Session(
                            startedAt: before,
                            sets: [
                                WorkoutSet(id: UUID(), reps: 5, weight: Mass(start, .kg), rpe: 8, done: true, updatedAt: before)
                            ])
                    ]
                )
            })
        return ProgramProjection(program: program, templates: templates, history: history, unit: .kg, plateStep: 2.5)
    }

    static func lift(_ key: String) -> UUID { exerciseIDs()[key]! }

    /// Starting Strength alternates Workout A and B on Mon/Wed/Fri, squat in both; each
    /// day's squat starts from the same workout last time (before that, the 100 kg
    /// session outside the program, at week ×1). Weeks are ×1, ×1.025, ×1.05.
    /// - Week 1: Mon A 100 × 1.025 = 102.5; Wed B the same; Fri A 102.5 × 1.025 = 105.06 → 105.
    /// - Week 2: Mon B 102.5 × 1.025 × 1.025 = 107.69 → 107.5; Wed A 105 × 1.025 × 1.025
    ///   = 110.3 → 110; Fri B 107.5 × 1.025 = 110.19 → 110.
    /// - Week 3: Mon A 110 × 1.025 × 1.05/1.025 = 115.5 → 115; Wed B 110 × 1.05 = 115.5 →
    ///   115; Fri A 115 × 1.025 = 117.9 → 117.5.
    @Test("Starting Strength's squat, session by session for 3 weeks and each week's top set for 12")
    func startingStrength() throws {
        let preset = try #require(ProgramPresets.all.first { $0.name == "Starting Strength" })
        let projection = Self.projection(preset)
        let squat = projection.sessions.filter { $0.exerciseID == Self.lift("squat-barbell") && $0.week <= 3 }
        #expect(squat.map(\.weight) == [102.5, 102.5, 105, 107.5, 110, 110, 115, 115, 117.5])
        let top = try #require(projection.lifts().first { $0.exerciseID == Self.lift("squat-barbell") })
        #expect(top.topSets == [105, 110, 117.5, 122.5, 130, 137.5, 147.5, 155, 167.5, 175, 187.5, 195])
    }

    @Test(
        "Every preset, for its whole length: no step of one lift on one day above 10% but out of a deload, none down but into one, the last week above the first",
        arguments: ProgramPresets.all)
    func plausible(preset: ProgramPreset) {
        let projection = Self.projection(preset)
        #expect(!projection.sessions.isEmpty)
        var last: [String: ProgramProjection.Session] = [:]
        for session in projection.sessions {
            guard let weight = session.weight else { continue }
            let day = preset.program(id: preset.id, ownerID: nil, now: .init()).weeks.flatMap(\.days)
                .first { $0.id == session.dayID }!.templateID
            let key = "\(day)-\(session.exerciseID)-\(session.occurrence)"
            if let before = last[key], let previous = before.weight {
                let change = weight / previous - 1
                if !before.isDeload {
                    #expect(change <= 0.10, "\(preset.name) week \(session.week): \(previous) -> \(weight)")
                }
                if !session.isDeload {
                    #expect(change >= -0.001, "\(preset.name) week \(session.week): \(previous) -> \(weight)")
                }
            }
            last[key] = session
        }
        for lift in projection.lifts(limit: 10) {
            let tops = lift.topSets.compactMap { $0 }
            #expect((tops.last ?? 0) > (tops.first ?? 0), "\(preset.name): \(tops)")
        }
    }
}
