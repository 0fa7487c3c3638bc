import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// Settings: preferences, password and API tokens.
struct SettingsPagesController {
    let services: AppServices

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.get("settings", use: show)
        router.post("settings", use: save)
        router.get("settings/password", use: passwordForm)
        router.post("settings/password", use: changePassword)
        router.get("settings/tokens", use: tokens)
        router.post("settings/tokens", use: createToken)
        router.post("settings/tokens/:id/revoke", use: revokeToken)
    }

    @Sendable func show(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        return try renderSettings(
            context: context, user: user, form: nil, failure: nil, notice: Notice.from(request), status: .ok)
    }

    @Sendable func save(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        var request = request
        let form = try await SubmittedForm.read(&request)
        do {
            let rest = form["defaultRestSeconds"].trimmingCharacters(in: .whitespaces)
            guard let seconds = Int(rest) else {
                throw ValidationFailure(field: "defaultRestSeconds", message: "Rest is a whole number of seconds, such as 120.")
            }
            let stepText = form["plateStep"].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
            var step: Double?? = .some(nil)
            if !stepText.isEmpty {
                guard let value = Double(stepText) else {
                    throw ValidationFailure(
                        field: "plateStep", message: "The plate step is a number, such as 2.5, or empty for the usual one.")
                }
                step = .some(value)
            }
            var change = SettingsChange(
                unit: form["unit"], defaultRestSeconds: seconds, theme: form["theme"], timeZone: form["timeZone"], plateStep: step
            )
            try GymSettingsForm.change(form, into: &change, unitChanged: form["unit"].lowercased() != user.settings.unit.rawValue)
            _ = try await services.accounts.changeSettings(change, user: user)
            return .seeOther("/settings?notice=saved")
        } catch let failure as ValidationFailure {
            return try renderSettings(
                context: context, user: user, form: form, failure: failure, notice: nil, status: .badRequest)
        }
    }

    private func renderSettings(
        context: SignedInContext, user: User, form: SubmittedForm?, failure: ValidationFailure?, notice: String?,
        status: HTTPResponse.Status
    ) throws -> Response {
        let unit = form?["unit"] ?? user.settings.unit.rawValue
        let theme = form?["theme"] ?? user.settings.theme.rawValue
        let model = SettingsPage(
            page: PageChrome(title: "Settings", context: context, section: .settings),
            username: user.username,
            units: MassUnit.allCases.map { OptionView(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == unit) },
            unitError: failure?.message(for: "unit"),
            themes: Theme.allCases.map { OptionView(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == theme) },
            themeError: failure?.message(for: "theme"),
            restSeconds: FieldView(
                form?["defaultRestSeconds"] ?? String(user.settings.defaultRestSeconds), failure: failure,
                field: "defaultRestSeconds"),
            timeZone: FieldView(form?["timeZone"] ?? user.settings.timeZone, failure: failure, field: "timeZone"),
            plateStep: FieldView(
                form?["plateStep"] ?? user.settings.plateStep.map(WeightFormat.trim) ?? "", failure: failure, field: "plateStep"),
            plateStepHint:
                "Suggested weights round to it. Empty: a pair of your smallest plates, \(PlateMath.number(UserSettings.defaultPlateStep(plates: user.settings.plateChoice))) \(user.settings.unit.rawValue).",
            gym: GymSettingsForm(settings: user.settings, form: form, failure: failure),
            notice: notice)
        return try services.views.render(model, status: status)
    }

    @Sendable func passwordForm(_ request: Request, context: SignedInContext) async throws -> Response {
        return try renderPassword(context: context, form: nil, failure: nil, status: .ok)
    }

    @Sendable func changePassword(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        var request = request
        let form = try await SubmittedForm.read(&request)
        do {
            guard form["newPassword"] == form["newPasswordConfirmation"] else {
                throw SpotterError.invalid(
                    field: "newPasswordConfirmation", "The two new passwords differ. Type the same password twice.")
            }
            let revokeTokens = form["revokeTokens"] == "on"
            try await services.accounts.changePassword(
                .init(
                    current: form["currentPassword"], new: form["newPassword"],
                    keepingSession: context.authentication?.webSession?.id,
                    revokeTokens: revokeTokens),
                user: user, guesses: services.limiter.currentPasswordGuesses(context), now: services.clock())
            return .seeOther(revokeTokens ? "/settings?notice=passwordChangedTokensRevoked" : "/settings?notice=passwordChanged")
        } catch SpotterError.invalid(let failure) {
            return try renderPassword(context: context, form: form, failure: failure, status: .badRequest)
        } catch let problem as APIProblem where problem.status == .tooManyRequests {
            var response = try renderPassword(
                context: context, form: form, failure: ValidationFailure(field: "currentPassword", message: problem.message),
                status: .tooManyRequests)
            response.headers[.retryAfter] = problem.headers[.retryAfter]
            return response
        }
    }

    private func renderPassword(
        context: SignedInContext, form: SubmittedForm?, failure: ValidationFailure?, status: HTTPResponse.Status
    ) throws -> Response {
        let model = PasswordPage(
            page: PageChrome(title: "Change password", context: context, section: .settings, backLink: "/settings"),
            currentError: failure?.message(for: "currentPassword"),
            newError: failure?.message(for: "newPassword"),
            confirmationError: failure?.message(for: "newPasswordConfirmation"),
            revokeTokens: form?["revokeTokens"] == "on")
        return try services.views.render(model, status: status)
    }

    @Sendable func tokens(_ request: Request, context: SignedInContext) async throws -> Response {
        try await renderTokens(context: context, name: FieldView(""), newToken: nil, notice: Notice.from(request), status: .ok)
    }

    @Sendable func createToken(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        var request = request
        let form = try await SubmittedForm.read(&request)
        do {
            let (token, secret) = try await services.accounts.createToken(
                userID: user.id, name: form["name"], now: services.clock())
            return try await renderTokens(
                context: context, name: FieldView(""), newToken: NewTokenView(name: token.name, secret: secret), notice: nil,
                status: .created)
        } catch SpotterError.invalid(let failure) {
            return try await renderTokens(
                context: context, name: FieldView(form["name"], failure: failure, field: "name"), newToken: nil, notice: nil,
                status: .badRequest)
        }
    }

    @Sendable func revokeToken(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let id = try context.parameters.uuid("id", resource: "The token")
        try await services.accounts.revokeToken(id: id, userID: user.id)
        return .seeOther("/settings/tokens?notice=tokenRevoked")
    }

    private func renderTokens(
        context: SignedInContext, name: FieldView, newToken: NewTokenView?, notice: String?, status: HTTPResponse.Status
    ) async throws -> Response {
        let user = context.user
        let tokens = try await services.accounts.tokens(userID: user.id)
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        formatter.timeZone = user.settings.zone
        let model = TokensPage(
            page: PageChrome(title: "API tokens", context: context, section: .settings, backLink: "/settings"),
            tokens: tokens.map { token in
                TokenRowView(
                    id: token.id.text, name: token.name, prefix: token.prefix,
                    created: formatter.string(from: token.createdAt),
                    lastUsed: token.lastUsedAt.map { formatter.string(from: $0) } ?? "never")
            },
            name: name, newToken: newToken, notice: notice)
        return try services.views.render(model, status: status)
    }
}
