import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

@Suite("Workout types API")
struct WorkoutTypeAPITests {
    @Test("seeded types, add, rename, recolour, archive and reorder", arguments: TestDatabase.all)
    func lifecycle(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let seeded = try await client.api(.get, "/api/v1/workout-types", token: h.anaToken).items()
            #expect(
                seeded.compactMap { $0["name"] as? String } == [
                    "Back", "Chest", "Shoulders", "Biceps", "Triceps", "Legs", "Core", "Full Body", "Cardio",
                ])

            let created = try await client.api(
                .post, "/api/v1/workout-types", token: h.anaToken,
                json: ##"{"name": "Mobility", "colorHex": "#12ab34", "icon": "body"}"##)
            #expect(created.status == .created)
            let mobility = try created.object()
            let id = try #require(mobility["id"] as? String)
            #expect(mobility["colorHex"] as? String == "#12AB34")
            #expect(mobility["sortOrder"] as? Int == 9)
            #expect(mobility["isSeeded"] as? Bool == false)

            let renamed = try await client.api(
                .patch, "/api/v1/workout-types/\(id)", token: h.anaToken,
                json: #"{"name": "Mobility & Stretch", "icon": "flame"}"#)
            #expect(try renamed.object()["name"] as? String == "Mobility & Stretch")
            #expect(try renamed.object()["icon"] as? String == "flame")
            #expect(try renamed.object()["colorHex"] as? String == "#12AB34")

            let archived = try await client.api(
                .patch, "/api/v1/workout-types/\(id)", token: h.anaToken, json: #"{"archived": true}"#)
            #expect(try archived.object()["archived"] as? Bool == true)
            #expect(try await client.api(.get, "/api/v1/workout-types", token: h.anaToken).items().count == 9)

            let all = try await client.api(.get, "/api/v1/workout-types?archived=true", token: h.anaToken).items()
            let ids = all.compactMap { $0["id"] as? String }
            #expect(ids.count == 10)
            let reordered = try await client.api(
                .put, "/api/v1/workout-types/order", token: h.anaToken,
                json: "{\"ids\": [\"\(ids.reversed().joined(separator: "\",\""))\"]}")
            #expect(reordered.status == .ok)
            let after = try reordered.items()
            #expect(after.compactMap { $0["id"] as? String } == ids.reversed())
            #expect(after.compactMap { $0["sortOrder"] as? Int } == Array(0..<10))
        }
    }

    @Test("bad names, colours, icons and orders are refused and change nothing", arguments: TestDatabase.all)
    func badInput(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let before = try await client.api(.get, "/api/v1/workout-types?archived=true", token: h.anaToken).text
            let cases: [(String, String, HTTPResponse.Status, String)] = [
                (
                    ##"{"name": "  ", "colorHex": "#123456", "icon": "star"}"##, "name", .badRequest,
                    "Give the workout type a name."
                ),
                (
                    ##"{"name": " back ", "colorHex": "#123456", "icon": "star"}"##, "name", .conflict,
                    "You already have a workout type called Back."
                ),
                (
                    #"{"name": "Yoga", "colorHex": "blue", "icon": "star"}"#, "colorHex", .badRequest,
                    "Use a colour like #4F8EF7 (a # and six hex digits)."
                ),
                (##"{"name": "Yoga", "colorHex": "#123456", "icon": "unicorn"}"##, "icon", .badRequest, ""),
            ]
            for (json, field, status, message) in cases {
                let response = try await client.api(.post, "/api/v1/workout-types", token: h.anaToken, json: json)
                #expect(response.status == status, "\(json)")
                #expect(try response.error().field == field)
                if !message.isEmpty { #expect(try response.error().message == message) }
            }
            let ids = try await client.api(.get, "/api/v1/workout-types", token: h.anaToken).items().compactMap {
                $0["id"] as? String
            }
            let partial = try await client.api(
                .put, "/api/v1/workout-types/order", token: h.anaToken,
                json: "{\"ids\": [\"\(ids.dropLast().joined(separator: "\",\""))\"]}")
            #expect(partial.status == .badRequest)
            #expect(try partial.error().message == "The order must list every item exactly once (9 items).")
            let rename = try await client.api(
                .patch, "/api/v1/workout-types/\(ids[0])", token: h.anaToken, json: #"{"name": "Chest"}"#)
            #expect(rename.status == .conflict)
            #expect(try await client.api(.get, "/api/v1/workout-types?archived=true", token: h.anaToken).text == before)
        }
    }
}
