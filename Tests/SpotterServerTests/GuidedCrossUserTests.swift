import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// Ben must never play Ana's templates or reach the player of her workouts: every
/// attempt answers like an id that does not exist, and her player, workout and
/// templates stay exactly as they were.
@Suite("One user never reaches another's guided workouts")
struct GuidedCrossUserTests {
    @Test(
        "Ben gets 404 for playing Ana's template and for reading, acting on and stopping her player; nothing of hers changes",
        arguments: TestDatabase.all)
    func everyRoute(engine: TestDatabase) async throws {
        try await withApp(engine) { _, h in
            let lifts = h.workouts(.ana)
            let (squat, plank) = try await lifts.exercises(.squat, .plank)
            let template = try await h.templates(.ana).newTemplate(
                "Ana's Circuit",
                [tpRow(squat, ["setCount": 2, "restSeconds": 60]), tpRow(plank, ["setCount": 1, "targetDurationSeconds": 30])],
                ["breaks": [gdBreak(1, 20)], "guided": true])
            let anaPlayer = h.guided(.ana)
            let workout = wkID()
            try #require(try await anaPlayer.play(template, workout: workout).status == .created)
            h.clock.advance(by: 10)
            try #require(try await anaPlayer.act(workout, "complete", ["reps": 8, "weight": 80]).status == .ok)

            func snapshot() async throws -> [String] {
                var counts: [Int] = []
                for table in ["workouts", "workout_sets", "guided_sessions", "workout_templates", "template_breaks"] {
                    counts.append(try await h.count(table))
                }
                return [
                    gdPosition(try await anaPlayer.state(workout).object()), try await lifts.get(workout).text,
                    try await h.templates(.ana).get(template).text, "\(counts)",
                ]
            }
            let before = try await snapshot()

            let ben = h.guided(.ben)
            let bensWorkout = wkID()
            let play = try await ben.play(template, workout: bensWorkout)
            #expect(play.status == .notFound, "\(play.text)")
            #expect(try play.error().message == "The template was not found.")
            #expect(try await h.workouts(.ben).get(bensWorkout).status == .notFound, "no workout started for Ben")
            let takeOver = try await ben.play(template, workout: workout)
            #expect(takeOver.status == .notFound, "Ben cannot play into Ana's workout id either")

            let read = try await ben.state(workout)
            #expect(read.status == .notFound)
            #expect(try read.error().message == "The guided workout was not found.")
            for action in ["complete", "skip", "extend", "pause", "resume"] {
                let acted = try await ben.act(workout, action, ["item": 0, "set": 1, "phase": "rest", "reps": 1, "weight": 1])
                #expect(acted.status == .notFound, "\(action): \(acted.text)")
                #expect(try acted.error().code == "not_found")
            }
            for keep in [true, false] {
                let stopped = try await ben.stop(workout, keep: keep)
                #expect(stopped.status == .notFound, "stop keep=\(keep): \(stopped.text)")
            }
            #expect(try await snapshot() == before, "Ana's player, workout and template are as they were")

            // And Ana's player still works for her.
            h.clock.advance(by: 60)
            let hers = try await anaPlayer.state(workout).object()
            #expect(hers["phase"] as? String == "set")
            #expect(hers["set"] as? Int == 1)
        }
    }
}
