import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// The bar, plates and rest alert in the settings; the plate calculator; warm-up sets.
@Suite("Plates, warm-ups and rest alert settings API")
struct PlatesAPITests {
    @Test(
        "settings carry the bar, plates and rest alert; they change, and a unit switch brings that unit's usual ones",
        arguments: TestDatabase.all)
    func settings(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let initial = try await client.api(.get, "/api/v1/settings", token: h.anaToken).object()
            #expect(initial["barWeight"] as? Double == 20)
            #expect(initial["plates"] as? [Double] == [25, 20, 15, 10, 5, 2.5, 1.25])
            #expect(initial["plateStep"] as? Double == 2.5)
            #expect(
                initial["restSound"] as? Bool == true && initial["restVolume"] as? Int == 70
                    && initial["wakeLock"] as? Bool == true)
            let api = h.workouts()
            let changed = try await api.settings([
                "barWeight": 15, "plates": [0.5, 20, 10, 20], "restSound": false, "restVolume": 35, "wakeLock": false,
            ])
            #expect(changed.status == .ok, "\(changed.text)")
            let after = try await client.api(.get, "/api/v1/settings", token: h.anaToken).object()
            #expect(after["barWeight"] as? Double == 15)
            #expect(after["plates"] as? [Double] == [20, 10, 0.5])
            #expect(after["plateStep"] as? Double == 1, "a pair of the smallest plates")
            #expect(
                after["restSound"] as? Bool == false && after["restVolume"] as? Int == 35 && after["wakeLock"] as? Bool == false)
            let pounds = try await api.settings(["unit": "lb"]).object()
            #expect(pounds["barWeight"] as? Double == 45)
            #expect(pounds["plates"] as? [Double] == [45, 35, 25, 10, 5, 2.5])
            #expect(pounds["restVolume"] as? Int == 35, "the rest alert has no unit and stays")
        }
    }

    @Test(
        "bad bar, plates or volume are refused with the field named and change nothing",
        arguments: TestDatabase.all.flatMap { engine in
            [
                (engine, #"{"barWeight": -1}"#, "barWeight", "The bar weight must be between 0 and 100 kg, such as 20."),
                (
                    engine, #"{"unit": "lb", "barWeight": 300}"#, "barWeight",
                    "The bar weight must be between 0 and 220 lb, such as 45."
                ),
                (engine, #"{"plates": []}"#, "plates", "Choose at least one plate."),
                (engine, #"{"plates": [25, 60]}"#, "plates", "Each plate must be between 0.25 and 50 kg; 60 is not."),
                (engine, #"{"plates": [1,2,3,4,5,6,7,8,9,10,11,12,13]}"#, "plates", "Choose at most 12 different plates."),
                (engine, #"{"plates": [1.333]}"#, "plates", "Plates have at most two decimals, such as 1.25; 1.333 has more."),
                (
                    engine, #"{"restVolume": 101, "restSound": false}"#, "restVolume",
                    "The rest sound volume must be between 0 and 100."
                ),
                // Below a hundredth but "two decimals" to an absolute slack, stored before.
                (
                    engine, #"{"barWeight": 5e-324}"#, "barWeight",
                    "The bar weight has at most two decimals, such as 15.5; 5e-324 has more."
                ),
                (
                    engine, #"{"plateStep": 2.5000001}"#, "plateStep",
                    "The smallest plate step has at most two decimals, such as 1.25; 2.5000001 has more."
                ),
                // Named in the message through hundredths that overflowed an Int: the server stopped.
                (engine, #"{"plates": [25, 1e300]}"#, "plates", "Each plate must be between 0.25 and 50 kg; 1e+300 is not."),
            ]
        })
    func badSettings(engine: TestDatabase, json: String, field: String, message: String) async throws {
        try await withApp(engine) { client, h in
            let before = try await client.api(.get, "/api/v1/settings", token: h.anaToken).text
            let response = try await client.api(.patch, "/api/v1/settings", token: h.anaToken, json: json)
            #expect(response.status == .badRequest)
            #expect(try response.error().field == field)
            #expect(try response.error().message == message)
            #expect(try await client.api(.get, "/api/v1/settings", token: h.anaToken).text == before)
        }
    }

    func plates(_ client: any TestClientProtocol, _ token: String, _ weight: String) async throws -> [String: Any] {
        let response = try await client.api(.get, "/api/v1/plates?weight=\(weight)", token: token)
        try #require(response.status == .ok, "\(response.text)")
        return try response.object()
    }

    @Test("the plate calculator answers for the lifter's own bar and plates", arguments: TestDatabase.all)
    func calculator(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let exact = try await plates(client, h.anaToken, "100")
            #expect(
                exact["perSide"] as? [Double] == [25, 15] && exact["weight"] as? Double == 100 && exact["exact"] as? Bool == true)
            #expect(exact["barWeight"] as? Double == 20 && exact["unit"] as? String == "kg")
            #expect(exact.keys.contains("tiedWith") && exact["tiedWith"] is NSNull)
            let closest = try await plates(client, h.anaToken, "102")
            #expect(
                closest["weight"] as? Double == 102.5 && closest["perSide"] as? [Double] == [25, 15, 1.25]
                    && closest["exact"] as? Bool == false)
            let tie = try await plates(client, h.anaToken, "101.25")
            #expect(tie["weight"] as? Double == 100 && tie["tiedWith"] as? Double == 102.5)
            let bar = try await plates(client, h.anaToken, "15")
            #expect(bar["weight"] as? Double == 20 && bar["perSide"] as? [Double] == [])

            // Ben has 20 and 15 kg plates only: 60 kg is 20 a side, and Ana's answer stays hers.
            _ = try await h.workouts(.ben).settings(["plates": [20, 15]])
            #expect(try await plates(client, h.benToken, "60")["perSide"] as? [Double] == [20])
            #expect(try await plates(client, h.benToken, "95")["tiedWith"] as? Double == 100)
            #expect(try await plates(client, h.anaToken, "60")["perSide"] as? [Double] == [20])
            #expect(try await plates(client, h.anaToken, "95")["perSide"] as? [Double] == [25, 10, 2.5])

            _ = try await h.workouts(.ben).settings(["unit": "lb"])
            let pounds = try await plates(client, h.benToken, "225")
            #expect(
                pounds["perSide"] as? [Double] == [45, 45] && pounds["unit"] as? String == "lb"
                    && pounds["barWeight"] as? Double == 45)
        }
    }

    @Test("a weight that is not a number from 0 to 2000 kg is refused", arguments: TestDatabase.all)
    func badWeight(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            for query in ["", "?weight=", "?weight=heavy", "?weight=-1", "?weight=2001"] {
                let response = try await client.api(.get, "/api/v1/plates\(query)", token: h.anaToken)
                #expect(response.status == .badRequest, "\(query)")
                #expect(try response.error().field == "weight")
                #expect(try response.error().message == "Give the weight as a number from 0 to 2000 kg, such as 100.")
            }
            #expect(try await client.api(.get, "/api/v1/plates?weight=100", token: nil).status == .unauthorized)
        }
    }

    @Test("the API document names the plate calculator, the warm-ups and the new settings")
    func documented() async throws {
        try await withApp(.sqlite) { client, _ in
            let yaml = try await client.api(.get, "/api/v1/openapi.yaml", token: nil).text
            for line in [
                "  /api/v1/plates:\n", "  /api/v1/workouts/{id}/entries/{entryId}/warm-ups:\n", "    PlateLoad:\n",
                "required: [unit, defaultRestSeconds, theme, timeZone, onboardingSeen, plateStep, barWeight, plates, restSound, restVolume, wakeLock]",
                "        exerciseEquipment:\n",
            ] {
                #expect(yaml.contains(line), "openapi.yaml has \(line)")
            }
        }
    }
}
