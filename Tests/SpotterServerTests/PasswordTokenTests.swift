import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// A password change signs other browsers out; API tokens keep working unless the
/// lifter asks to revoke them too, and then they are refused at once.
@Suite("Password change and API tokens")
struct PasswordTokenTests {
    static let newPassword = "a much longer one"

    static func change(_ h: Harness, token: String, revokeTokens: String?) async throws -> TestResponse {
        let extra = revokeTokens.map { #", "revokeTokens": \#($0)"# } ?? ""
        return try await h.client.api(
            .put, "/api/v1/me/password", token: token,
            json: #"{"currentPassword": "\#(testPassword)", "newPassword": "\#(newPassword)"\#(extra)}"#)
    }

    @Test(
        "the page says tokens keep working and offers to revoke them; ticked, every token of the lifter answers 401 at once",
        arguments: TestDatabase.all)
    func page(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var browser = try await Browser.signedIn(client, as: "ben")
            #expect(
                try await client.api(.get, "/api/v1/me", token: h.benToken).status == .ok, "the token's owner is now remembered")
            let form = try await browser.get("/settings/password")
            #expect(form.text.contains("API tokens keep working after a password change"))
            #expect(form.text.contains(#"<input type="checkbox" name="revokeTokens""#))
            #expect(form.text.contains("Also revoke all API tokens"))

            let wrong = try await browser.post(
                "/settings/password",
                [
                    ("currentPassword", "not the password"), ("newPassword", Self.newPassword),
                    ("newPasswordConfirmation", Self.newPassword),
                    ("revokeTokens", "on"),
                ])
            #expect(wrong.status == .badRequest)
            #expect(wrong.text.contains(#"name="revokeTokens" aria-describedby="tokens-hint" checked"#), "the box stays ticked")
            #expect(try await client.api(.get, "/api/v1/me", token: h.benToken).status == .ok, "a refused change revokes nothing")

            let changed = try await browser.post(
                "/settings/password",
                [
                    ("currentPassword", testPassword), ("newPassword", Self.newPassword),
                    ("newPasswordConfirmation", Self.newPassword),
                    ("revokeTokens", "on"),
                ])
            #expect(changed.location == "/settings?notice=passwordChangedTokensRevoked")
            #expect(
                try await browser.get("/settings?notice=passwordChangedTokensRevoked").text.contains(
                    "every API token was revoked"))
            let revoked = try await client.api(.get, "/api/v1/me", token: h.benToken)
            #expect(revoked.status == .unauthorized, "refused at once, though remembered a moment ago")
            #expect(
                try await client.api(.get, "/api/v1/me", token: h.anaToken).status == .ok, "another lifter's token is untouched")
            #expect(try await h.count("api_tokens") == 1)
            #expect(try await browser.get("/settings").status == .ok, "this browser stays signed in")
        }
    }

    @Test("without the box, the tokens keep working and the notice says so")
    func pageKeepsTokens() async throws {
        try await withApp(.sqlite) { client, h in
            var browser = try await Browser.signedIn(client, as: "ben")
            _ = try await browser.get("/settings/password")
            let changed = try await browser.post(
                "/settings/password",
                [
                    ("currentPassword", testPassword), ("newPassword", Self.newPassword),
                    ("newPasswordConfirmation", Self.newPassword),
                ])
            #expect(changed.location == "/settings?notice=passwordChanged")
            #expect(try await browser.get("/settings?notice=passwordChanged").text.contains("API tokens still work"))
            #expect(try await client.api(.get, "/api/v1/me", token: h.benToken).status == .ok)
            #expect(try await h.count("api_tokens") == 2)
        }
    }

    @Test(
        "the API: revokeTokens true revokes every token, the calling one included, at once; false or absent keeps them",
        arguments: TestDatabase.all)
    func api(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let second = try await client.api(.post, "/api/v1/tokens", token: h.anaToken, json: #"{"name": "backup script"}"#)
            let secret = try #require(try second.object()["token"] as? String)
            #expect(try await client.api(.get, "/api/v1/me", token: secret).status == .ok)

            let kept = try await Self.change(h, token: h.anaToken, revokeTokens: "false")
            #expect(kept.status == .noContent)
            #expect(try await client.api(.get, "/api/v1/me", token: secret).status == .ok)

            let badCurrent = try await client.api(
                .put, "/api/v1/me/password", token: h.anaToken,
                json: #"{"currentPassword": "not it at all", "newPassword": "another long one", "revokeTokens": true}"#)
            #expect(badCurrent.status == .badRequest)
            #expect(try badCurrent.error().field == "currentPassword")
            #expect(try await client.api(.get, "/api/v1/me", token: secret).status == .ok, "a refused change revokes nothing")

            let revoked = try await client.api(
                .put, "/api/v1/me/password", token: h.anaToken,
                json: #"{"currentPassword": "\#(Self.newPassword)", "newPassword": "yet another long one", "revokeTokens": true}"#
            )
            #expect(revoked.status == .noContent)
            for token in [h.anaToken, secret] {
                let answer = try await client.api(.get, "/api/v1/me", token: token)
                #expect(answer.status == .unauthorized)
                #expect(try answer.error().message == "The API token is not valid or was revoked.")
            }
            #expect(try await client.api(.get, "/api/v1/me", token: h.benToken).status == .ok)
            #expect(try await h.count("api_tokens") == 1, "Ben's only")
        }
    }
}
