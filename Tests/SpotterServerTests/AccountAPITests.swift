import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterStore
import SpotterTestSupport
import Testing

@Suite("Settings, password and tokens API")
struct AccountAPITests {
    @Test("settings start with kg, 120 s and the system theme, and change field by field", arguments: TestDatabase.all)
    func settings(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let initial = try await client.api(.get, "/api/v1/settings", token: h.anaToken).object()
            #expect(initial["unit"] as? String == "kg")
            #expect(initial["defaultRestSeconds"] as? Int == 120)
            #expect(initial["theme"] as? String == "system")
            let changed = try await client.api(
                .patch, "/api/v1/settings", token: h.anaToken, json: #"{"unit": "lb", "defaultRestSeconds": 90, "theme": "dark"}"#
            )
            #expect(changed.status == .ok)
            let me = try await client.api(.get, "/api/v1/me", token: h.anaToken).object()
            let settings = try #require(me["settings"] as? [String: Any])
            #expect(settings["unit"] as? String == "lb")
            #expect(settings["defaultRestSeconds"] as? Int == 90)
            #expect(settings["theme"] as? String == "dark")
        }
    }

    @Test(
        "bad settings are refused with the field named and change nothing",
        arguments: [
            (#"{"unit": "stone"}"#, "unit", "Choose kg or lb."),
            (#"{"defaultRestSeconds": -5}"#, "defaultRestSeconds", "Rest must be between 0 and 1800 seconds."),
            (#"{"defaultRestSeconds": 1801}"#, "defaultRestSeconds", "Rest must be between 0 and 1800 seconds."),
            (#"{"theme": "neon"}"#, "theme", "Choose system, light or dark."),
            (#"{"timeZone": "Mars/Olympus"}"#, "timeZone", "Use a time zone name such as Europe/Berlin."),
            (#"{"unit": "lb", "theme": "neon"}"#, "theme", "Choose system, light or dark."),
        ])
    func badSettings(json: String, field: String, message: String) async throws {
        try await withApp(.sqlite) { client, h in
            let before = try await client.api(.get, "/api/v1/settings", token: h.anaToken).text
            let response = try await client.api(.patch, "/api/v1/settings", token: h.anaToken, json: json)
            #expect(response.status == .badRequest)
            #expect(try response.error().field == field)
            #expect(try response.error().message == message)
            let after = try await client.api(.get, "/api/v1/settings", token: h.anaToken).text
            #expect(after == before)
        }
    }

    @Test("changing the password checks the current one and the policy", arguments: TestDatabase.all)
    func password(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let wrong = try await client.api(
                .put, "/api/v1/me/password", token: h.anaToken,
                json: #"{"currentPassword": "nope nope nope", "newPassword": "a much longer one"}"#)
            #expect(wrong.status == .badRequest)
            #expect(try wrong.error().field == "currentPassword")
            let short = try await client.api(
                .put, "/api/v1/me/password", token: h.anaToken,
                json: "{\"currentPassword\": \"\(testPassword)\", \"newPassword\": \"short\"}")
            #expect(try short.error().field == "newPassword")
            let accounts = AccountService(store: h.store, hasher: PasswordHasher(cost: 4))
            #expect(try await accounts.authenticate(username: "ana", password: testPassword) != nil, "nothing changed yet")
            let ok = try await client.api(
                .put, "/api/v1/me/password", token: h.anaToken,
                json: "{\"currentPassword\": \"\(testPassword)\", \"newPassword\": \"a much longer one\"}")
            #expect(ok.status == .noContent)
            #expect(try await accounts.authenticate(username: "ana", password: "a much longer one") != nil)
            #expect(try await accounts.authenticate(username: "ana", password: testPassword) == nil)
        }
    }

    @Test("a token is shown once, works, and stops working when revoked", arguments: TestDatabase.all)
    func tokens(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let created = try await client.api(.post, "/api/v1/tokens", token: h.anaToken, json: #"{"name": "Laptop script"}"#)
            #expect(created.status == .created)
            let secret = try #require(try created.object()["token"] as? String)
            #expect(secret.hasPrefix("spt_"))
            let id = try #require(try created.object()["id"] as? String)
            let listed = try await client.api(.get, "/api/v1/tokens", token: h.anaToken)
            #expect(!listed.text.contains(secret), "the secret is never listed again")
            #expect(try listed.items().count == 2)
            #expect(try await client.api(.get, "/api/v1/exercises?search=press", token: secret).status == .ok)

            #expect(try await client.api(.delete, "/api/v1/tokens/\(id)", token: h.anaToken).status == .noContent)
            let revoked = try await client.api(.get, "/api/v1/exercises?search=press", token: secret)
            #expect(revoked.status == .unauthorized)
            let empty = try await client.api(.post, "/api/v1/tokens", token: h.anaToken, json: #"{"name": "  "}"#)
            #expect(try empty.error().field == "name")
        }
    }
}
