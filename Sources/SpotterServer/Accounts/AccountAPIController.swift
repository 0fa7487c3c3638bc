import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// `/api/v1/me`, `/api/v1/settings` and `/api/v1/tokens`.
struct AccountAPIController {
    let services: AppServices

    func addRoutes(to group: RouterGroup<SignedInContext>) {
        group.get("me", use: me)
        group.get("settings", use: settings)
        group.patch("settings", use: updateSettings)
        group.put("me/password", use: changePassword)
        group.get("tokens", use: tokens)
        group.post("tokens", use: createToken)
        group.delete("tokens/:id", use: revokeToken)
    }

    @Sendable func me(_ request: Request, context: SignedInContext) async throws -> MeResponse {
        MeResponse(context.user)
    }

    @Sendable func settings(_ request: Request, context: SignedInContext) async throws -> SettingsResponse {
        SettingsResponse(context.user.settings)
    }

    @Sendable func updateSettings(_ request: Request, context: SignedInContext) async throws -> SettingsResponse {
        let user = context.user
        let input = try await request.decodeJSON(as: SettingsInput.self, context: context)
        return SettingsResponse(try await services.accounts.changeSettings(input.change, user: user).settings)
    }

    @Sendable func changePassword(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let input = try await request.decodeJSON(as: PasswordChangeInput.self, context: context)
        try await services.accounts.changePassword(
            .init(
                current: input.currentPassword, new: input.newPassword, keepingSession: context.authentication?.webSession?.id,
                revokeTokens: input.revokeTokens ?? false),
            user: user, guesses: services.limiter.currentPasswordGuesses(context), now: services.clock())
        return .noContent
    }

    @Sendable func tokens(_ request: Request, context: SignedInContext) async throws -> EditedResponse<
        ListResponse<TokenResponse>
    > {
        let user = context.user
        let page = try ListPage(request.uri.queryParameters).cut(try await services.accounts.tokens(userID: user.id), id: \.id)
        return ListPage.response(page.items.map { TokenResponse($0) }, next: page.next, request: request)
    }

    @Sendable func createToken(_ request: Request, context: SignedInContext) async throws -> EditedResponse<TokenResponse> {
        let user = context.user
        let input = try await request.decodeJSON(as: TokenInput.self, context: context)
        let (token, secret) = try await services.accounts.createToken(userID: user.id, name: input.name, now: services.clock())
        return .created(TokenResponse(token, secret: secret))
    }

    @Sendable func revokeToken(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let id = try context.parameters.uuid("id", resource: "The token")
        try await services.accounts.revokeToken(id: id, userID: user.id)
        return .noContent
    }
}
