import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// Welcome, sign in, registration, sign out and the first-visit onboarding.
struct AuthPagesController {
    let services: AppServices

    /// Welcome, sign-in and registration are public; the rest is behind sign-in.
    func addRoutes(public router: Router<AppRequestContext>, signedIn: RouterGroup<SignedInContext>) {
        router.get("welcome", use: welcome)
        router.get("login", use: loginForm)
        router.post("login", use: login)
        router.get("register", use: registerForm)
        router.post("register", use: register)
        signedIn.post("logout", use: logout)
        signedIn.get("onboarding", use: onboardingForm)
        signedIn.post("onboarding", use: onboarding)
    }

    @Sendable func welcome(_ request: Request, context: AppRequestContext) async throws -> Response {
        var response = try services.views.render(
            WelcomePage(
                page: PageChrome(title: "Welcome", context: context, section: nil), registrationOpen: services.registrationOpen,
                onboarding: false, catalogSize: services.catalogSize, unitOptions: [], restSeconds: "", timeZone: "", error: nil))
        response.setCookie(WebCookies.welcomed(context: context))
        return response
    }

    @Sendable func loginForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let next = ReturnPath.safe(request.uri.queryParameters.get("next"))
        if context.user != nil { return .seeOther(next) }
        return try renderLogin(context: context, username: "", error: nil, next: next, status: .ok)
    }

    @Sendable func login(_ request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let form = try await SubmittedForm.read(&request)
        let username = form["username"].trimmingCharacters(in: .whitespaces).lowercased()
        let next = ReturnPath.safe(form["next"])
        let now = services.clock()
        let guess = AbuseLimiter.Guess.signIn(username: username)
        if let wait = services.limiter.admit(guess, address: context.clientAddress, now: now) {
            var response = try renderLogin(
                context: context, username: username,
                error: "Too many failed attempts. Try again in \(AbuseLimiter.waitText(wait)).", next: next,
                status: .tooManyRequests)
            response.headers[.retryAfter] = String(wait)
            return response
        }
        // An unknown name costs a password check too (AccountService), so both answers take as long.
        guard let user = try await services.accounts.authenticate(username: username, password: form["password"]) else {
            return try renderLogin(
                context: context, username: username, error: "The user name or password is not right.", next: next,
                status: .unauthorized)
        }
        services.limiter.recordSuccess(guess, address: context.clientAddress, now: now)
        let (secret, _) = try await services.accounts.startSession(userID: user.id, now: now)
        var response = Response.seeOther(next)
        response.setCookie(WebCookies.session(secret, context: context))
        return response
    }

    private func renderLogin(
        context: AppRequestContext, username: String, error: String?, next: String, status: HTTPResponse.Status
    ) throws -> Response {
        try services.views.render(
            LoginPage(
                page: PageChrome(title: "Sign in", context: context, section: nil), username: username, error: error,
                next: next, registerLink: ReturnPath.address("/register", next: next),
                registrationOpen: services.registrationOpen), status: status)
    }

    @Sendable func registerForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let next = ReturnPath.safe(request.uri.queryParameters.get("next"))
        if context.user != nil { return .seeOther(next) }
        return try renderRegister(context: context, form: nil, next: next, failure: nil, status: .ok)
    }

    @Sendable func register(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard services.registrationOpen else {
            return try renderRegister(context: context, form: nil, next: "/", failure: nil, status: .forbidden)
        }
        var request = request
        let form = try await SubmittedForm.read(&request)
        let next = ReturnPath.safe(form["next"])
        let now = services.clock()
        // Registering answers whether a name is taken (it must, to let the lifter pick
        // another), so attempts are limited per address like sign-ins.
        if let wait = services.limiter.admit(.registration, address: context.clientAddress, now: now) {
            var response = try renderRegister(
                context: context, form: form, next: next,
                failure: ValidationFailure(
                    field: "username", message: "Too many registrations from here. Try again in \(AbuseLimiter.waitText(wait))."),
                status: .tooManyRequests)
            response.headers[.retryAfter] = String(wait)
            return response
        }
        let failure: ValidationFailure
        do {
            let settings = try Self.checkRegistration(form)
            let user = try await services.accounts.register(
                username: form["username"], password: form["password"], settings: settings, now: now)
            let (secret, _) = try await services.accounts.startSession(userID: user.id, now: now)
            var response = Response.seeOther(next)
            response.setCookie(WebCookies.session(secret, context: context))
            return response
        } catch SpotterError.invalid(let problem) {
            failure = problem
        } catch let problem as ValidationFailure {
            failure = problem
        } catch SpotterError.conflict(let field, let message) {
            failure = ValidationFailure(field: field ?? "username", message: message)
        }
        return try renderRegister(context: context, form: form, next: next, failure: failure, status: .badRequest)
    }

    /// Every problem of a registration form at once, so the page can mark them all;
    /// returns the new account's settings.
    static func checkRegistration(_ form: SubmittedForm) throws(ValidationFailure) -> UserSettings {
        var issues: [FieldIssue] = []
        do { _ = try Credentials.validUsername(form["username"]) } catch { issues += error.issues }
        do { try Credentials.checkNewPassword(form["password"]) } catch { issues += error.issues }
        if form["password"] != form["passwordConfirmation"] {
            issues.append(
                .init(field: "passwordConfirmation", message: "The two passwords differ. Type the same password twice."))
        }
        var settings = UserSettings(onboardingSeen: true)
        do {
            settings = try SettingsChange(unit: form["unit"], timeZone: form["timeZone"].isEmpty ? nil : form["timeZone"])
                .applied(to: settings)
        } catch { issues += error.issues }
        guard issues.isEmpty else { throw ValidationFailure(issues) }
        return settings
    }

    private func renderRegister(
        context: AppRequestContext, form: SubmittedForm?, next: String, failure: ValidationFailure?, status: HTTPResponse.Status
    ) throws -> Response {
        let unit = form?["unit"] ?? MassUnit.kg.rawValue
        return try services.views.render(
            RegisterPage(
                page: PageChrome(title: "Create account", context: context, section: nil),
                registrationOpen: services.registrationOpen,
                username: FieldView(form?["username"] ?? "", failure: failure, field: "username"),
                passwordError: failure?.message(for: "password"),
                confirmationError: failure?.message(for: "passwordConfirmation"),
                unitOptions: MassUnit.allCases.map {
                    OptionView(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == unit)
                },
                timeZone: form?["timeZone"] ?? "", next: next,
                signInLink: ReturnPath.address("/login", next: next)), status: status)
    }

    @Sendable func logout(_ request: Request, context: SignedInContext) async throws -> Response {
        if let session = context.signIn.webSession {
            try await services.accounts.endSession(id: session.id)
        }
        var response = Response.seeOther("/login")
        response.setCookie(WebCookies.clearedSession(context: context))
        return response
    }

    @Sendable func onboardingForm(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        return try renderOnboarding(user: user, context: context, form: nil, error: nil, status: .ok)
    }

    private func renderOnboarding(
        user: User, context: SignedInContext, form: SubmittedForm?, error: String?, status: HTTPResponse.Status
    ) throws -> Response {
        let unit = form?["unit"] ?? user.settings.unit.rawValue
        return try services.views.render(
            WelcomePage(
                page: PageChrome(title: "Welcome", context: context, section: nil), registrationOpen: false, onboarding: true,
                catalogSize: services.catalogSize,
                unitOptions: MassUnit.allCases.map {
                    OptionView(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == unit)
                },
                restSeconds: form?["defaultRestSeconds"] ?? String(user.settings.defaultRestSeconds),
                timeZone: form?["timeZone"] ?? user.settings.timeZone, error: error), status: status)
    }

    @Sendable func onboarding(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        var request = request
        let form = try await SubmittedForm.read(&request)
        let change = SettingsChange(
            unit: form["unit"].isEmpty ? nil : form["unit"],
            defaultRestSeconds: Int(form["defaultRestSeconds"]),
            timeZone: form["timeZone"].isEmpty ? nil : form["timeZone"], onboardingSeen: true)
        do {
            _ = try await services.accounts.changeSettings(change, user: user)
            return .seeOther("/")
        } catch let failure as ValidationFailure {
            return try renderOnboarding(
                user: user, context: context, form: form, error: failure.first.message, status: .badRequest)
        }
    }
}
