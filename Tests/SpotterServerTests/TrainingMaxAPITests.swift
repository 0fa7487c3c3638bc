import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// `/api/v1/training-maxes` and a lift's `/training-max`: set under the client's id,
/// changed in place, listed, the lift's max in force and history, refused when
/// wrong, and kept from other lifters. Today is 2026-09-21 (UTC).
@Suite("Training maxes API")
struct TrainingMaxAPITests {
    static func put(_ client: any TestClientProtocol, _ id: String, _ body: [String: Any], token: String) async throws
        -> TestResponse
    {
        let json = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
        return try await client.api(.put, "/api/v1/training-maxes/\(id)", token: token, json: json)
    }

    @Test("set, change in place, list newest day first, read the lift, delete", arguments: TestDatabase.all)
    func lifecycle(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let lift = try await h.createCustomExercise()
            let (first, second) = (wkID(), wkID())
            let created = try await Self.put(client, first, ["exerciseId": lift, "weight": 125], token: h.anaToken)
            #expect(created.status == .created, "\(created.text)")
            let max = try created.object()
            #expect(max["exerciseId"] as? String == lift)
            #expect(wkNumber(max["weight"]) == 125)
            #expect(max["weightUnit"] as? String == "kg")
            #expect(max["day"] as? String == "2026-09-21", "today when no day is sent")
            #expect(max["source"] as? String == "typed")
            #expect(max["createdAt"] as? String == wkTime(testNow))

            h.clock.advance(by: 60)
            let older = try await Self.put(
                client, second,
                ["exerciseId": lift, "weight": 265, "weightUnit": "lb", "day": "2026-08-31", "source": "estimated"],
                token: h.anaToken)
            #expect(older.status == .created)
            let retried = try await Self.put(client, first, ["exerciseId": lift, "weight": 127.5], token: h.anaToken)
            #expect(retried.status == .ok)
            #expect(wkNumber(try retried.object()["weight"]) == 127.5)
            #expect(try retried.object()["createdAt"] as? String == wkTime(testNow), "a change keeps when it was first saved")
            #expect(try await h.count("training_maxes") == 2)

            #expect(wkIDs(try await client.api(.get, "/api/v1/training-maxes", token: h.anaToken).items()) == [first, second])
            let shown = try await client.api(.get, "/api/v1/exercises/\(lift)/training-max", token: h.anaToken).object()
            #expect(shown["exerciseName"] as? String == "Cable Fly (Low to High)")
            #expect((shown["current"] as? [String: Any])?["id"] as? String == first)
            #expect(wkIDs(try #require(shown["history"] as? [[String: Any]])) == [first, second])
            #expect(shown["offer"] is NSNull, "no sessions, no offer")

            #expect(try await client.api(.delete, "/api/v1/training-maxes/\(first)", token: h.anaToken).status == .noContent)
            #expect(try await client.api(.get, "/api/v1/training-maxes/\(first)", token: h.anaToken).status == .notFound)
            let after = try await client.api(.get, "/api/v1/exercises/\(lift)/training-max", token: h.anaToken).object()
            #expect((after["current"] as? [String: Any])?["id"] as? String == second, "the one before is in force again")
            #expect(wkNumber((after["current"] as? [String: Any])?["weight"]) == 265)
        }
    }

    @Test("a bad max is refused with its field and what to fix, and nothing is stored", arguments: TestDatabase.all)
    func refusals(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let lift = try await h.createCustomExercise()
            let plank = try #require(
                try await client.api(
                    .post, "/api/v1/exercises", token: h.anaToken,
                    json: #"{"name": "Long Plank", "muscleGroups": ["core"], "equipment": "bodyweight", "kind": "duration"}"#
                ).object()["id"] as? String)
            let cases: [([String: Any], String, String)] = [
                (["exerciseId": lift], "weight", "Enter the training max from 1 to 600 kg."),
                (["exerciseId": lift, "weight": 0], "weight", "The training max must be from 1 to 600 kg."),
                (
                    ["exerciseId": lift, "weight": 1400, "weightUnit": "lb"], "weight",
                    "The training max must be from 2.3 to 1322.7 lb."
                ),
                (["exerciseId": lift, "weight": 100, "weightUnit": "KG"], "weightUnit", "The weight unit must be kg or lb."),
                (
                    ["exerciseId": lift, "weight": 100, "day": "2026-09-22"], "day",
                    "The date is in the future; enter today or an earlier day."
                ),
                (["exerciseId": lift, "weight": 100, "source": "guess"], "source", "The source must be typed or estimated."),
                (
                    ["exerciseId": plank, "weight": 100], "exerciseId",
                    "Long Plank is measured as duration; training maxes are for weight × reps lifts."
                ),
            ]
            for (body, field, message) in cases {
                let answer = try await Self.put(client, wkID(), body, token: h.anaToken)
                #expect(answer.status == .badRequest, "\(body)")
                #expect(try answer.error().field == field)
                #expect(try answer.error().message == message)
            }
            let missing = try await Self.put(client, wkID(), ["exerciseId": wkID(), "weight": 100], token: h.anaToken)
            #expect(missing.status == .notFound)
            #expect(try missing.error().message == "The exercise was not found.")
            let noLift = try await Self.put(client, wkID(), ["weight": 100], token: h.anaToken)
            #expect(noLift.status == .badRequest)
            #expect(try await h.count("training_maxes") == 0)
        }
    }

    @Test("Ben never reads, changes or deletes Ana's maxes, nor reaches her custom lift", arguments: TestDatabase.all)
    func otherLifter(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let lift = try await h.createCustomExercise()
            let id = wkID()
            _ = try await Self.put(client, id, ["exerciseId": lift, "weight": 125], token: h.anaToken)
            let before = try await client.api(.get, "/api/v1/training-maxes/\(id)", token: h.anaToken).text

            #expect(try await client.api(.get, "/api/v1/training-maxes/\(id)", token: h.benToken).status == .notFound)
            #expect(try await client.api(.delete, "/api/v1/training-maxes/\(id)", token: h.benToken).status == .notFound)
            #expect(try await client.api(.get, "/api/v1/exercises/\(lift)/training-max", token: h.benToken).status == .notFound)
            let onHers = try await Self.put(client, wkID(), ["exerciseId": lift, "weight": 200], token: h.benToken)
            #expect(onHers.status == .notFound, "her custom lift is missing to him")
            let bensLift = try await h.createCustomExercise(.ben)
            let taken = try await Self.put(client, id, ["exerciseId": bensLift, "weight": 200], token: h.benToken)
            #expect(taken.status == .conflict, "her id is taken, not his to change")
            #expect(try await client.api(.get, "/api/v1/training-maxes", token: h.benToken).items().isEmpty)

            #expect(try await client.api(.get, "/api/v1/training-maxes/\(id)", token: h.anaToken).text == before)
            #expect(try await h.count("training_maxes") == 1)
        }
    }
}
