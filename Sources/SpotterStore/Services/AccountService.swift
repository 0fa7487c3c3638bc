import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// Registration, logins, passwords, web sessions and API tokens.
public struct AccountService: Sendable {
    let store: SpotterStore
    let hasher: PasswordHasher

    /// How long a web session lasts without a new login.
    public static let sessionLifetime: TimeInterval = 30 * 24 * 3600

    public init(store: SpotterStore, hasher: PasswordHasher) {
        self.store = store
        self.hasher = hasher
    }

    private var users: UserRepository { UserRepository(store: store) }
    private var db: any Database { store.database }
    /// Reads on every request use a reader connection (see `SpotterStore.reader`).
    private var reads: any SQLDatabase { store.reader.sql }

    /// Makes an account after checking the name and the password policy.
    public func register(username: String, password: String, settings: UserSettings = .init(), now: Date) async throws -> User {
        let name: String
        do {
            name = try Credentials.validUsername(username)
            try Credentials.checkNewPassword(password)
        } catch { throw SpotterError.invalid(error) }
        let hash = try await hasher.hash(password)
        return try await users.create(username: name, passwordHash: hash, settings: settings, now: now)
    }

    /// The account for these credentials, or nil. An unknown name costs as much time
    /// as a wrong password, so the answer does not tell which was wrong.
    public func authenticate(username: String, password: String) async throws -> User? {
        guard let (user, hash) = try await users.credentials(username: username) else {
            _ = try await hasher.verify(password, hash: Self.decoyHash)
            return nil
        }
        return try await hasher.verify(password, hash: hash) ? user : nil
    }

    /// A valid bcrypt hash of nothing anyone can type, checked for unknown names.
    private static let decoyHash = "$2b$12$C6UzMDM.H6dfI/f/IKcEeO5Wyk1Q9fY0Sx/Ui/pC3Fz2jt7gGkHNe"

    /// A password change as the lifter asks it.
    public struct PasswordChange: Sendable {
        public var current: String
        public var new: String
        /// The web session asking stays signed in (nil for a token); every other one ends.
        public var keepingSession: UUID?
        /// Every API token stops working too, the one making the request included.
        public var revokeTokens: Bool

        public init(current: String, new: String, keepingSession: UUID? = nil, revokeTokens: Bool = false) {
            self.current = current
            self.new = new
            self.keepingSession = keepingSession
            self.revokeTokens = revokeTokens
        }
    }

    /// Changes the password after checking the current one; ends every other web session,
    /// and with `revokeTokens` every API token too. API tokens are kept otherwise: a
    /// script is not a device signed in with the password. Each try is a guess at the
    /// current password: `guesses` lets it in (or throws to slow it down), and hears
    /// when the current password was right, even if the new one was then refused.
    public func changePassword(_ change: PasswordChange, user: User, guesses: (any PasswordGuesses)? = nil, now: Date)
        async throws
    {
        try guesses?.admit(now: now)
        guard let hash = try await users.passwordHash(userID: user.id),
            try await hasher.verify(change.current, hash: hash)
        else { throw SpotterError.invalid(field: "currentPassword", "The current password is not right.") }
        do { try Credentials.checkNewPassword(change.new, field: "newPassword") } catch {
            guesses?.right(now: now)
            throw SpotterError.invalid(error)
        }
        let newHash = try await hasher.hash(change.new)
        try await db.writeTransaction { tx in
            try await UserRepository(db: tx).setPasswordHash(newHash, userID: user.id)
            var others: SQLQueryString = "DELETE FROM web_sessions WHERE user_id = \(bind: user.id)"
            if let sessionID = change.keepingSession { others += " AND id <> \(bind: sessionID)" }
            try await tx.sql.raw(others).run()
            if change.revokeTokens { try await tx.sql.raw("DELETE FROM api_tokens WHERE user_id = \(bind: user.id)").run() }
        }
        guesses?.right(now: now)
        await store.signInChanged(.user(user.id))
    }

    /// Changes the lifter's settings: the change is checked and applied over the ones
    /// stored (`SettingsChange`), or refused with a `ValidationFailure` naming each bad field.
    public func changeSettings(_ change: SettingsChange, user: User) async throws -> User {
        let settings = try change.applied(to: user.settings)
        return try await users.update(settings: settings, userID: user.id)
    }

    /// Sets a new password without the old one (the CLI's reset) and ends every web session.
    public func resetPassword(username: String, new: String) async throws {
        guard let user = try await users.find(username: username) else { throw SpotterError.notFound("The user \(username)") }
        do { try Credentials.checkNewPassword(new) } catch { throw SpotterError.invalid(error) }
        let newHash = try await hasher.hash(new)
        try await db.writeTransaction { tx in
            try await UserRepository(db: tx).setPasswordHash(newHash, userID: user.id)
            try await tx.sql.raw("DELETE FROM web_sessions WHERE user_id = \(bind: user.id)").run()
        }
        await store.signInChanged(.user(user.id))
    }

    // MARK: Web sessions

    /// A signed-in browser: the cookie secret (shown to the browser only) and the
    /// token its forms must carry.
    public struct WebSession: Sendable, Equatable {
        public var id: UUID
        public var user: User
        public var csrfToken: String
    }

    public func startSession(userID: UUID, now: Date) async throws -> (secret: String, session: WebSession) {
        let secret = Secrets.make(prefix: "")
        let (id, csrfToken) = (UUID(), Secrets.make(prefix: ""))
        try await WebSessionRows.insert(
            WebSessionRows.values(
                id: id, userID: userID, tokenHash: Secrets.hash(secret), csrfToken: csrfToken, createdAt: now,
                expiresAt: now.addingTimeInterval(Self.sessionLifetime)),
            on: db)
        guard let user = try await users.find(id: userID) else { throw SpotterError.notFound("The account") }
        return (secret, WebSession(id: id, user: user, csrfToken: csrfToken))
    }

    /// The signed-in browser for a cookie secret, in one query with its account.
    /// Every page asks this, so it is plain SQL (see `UserRows`) and remembered
    /// for a few seconds (see `SignInCache`).
    public func session(secret: String, now: Date) async throws -> WebSession? {
        let key = Secrets.hash(secret)
        if let cached = store.sessionOwners.entry(for: key, now: now) {
            return cached.value.expiresAt > now ? cached.value.session : nil
        }
        let ticket = store.sessionOwners.ticket()
        guard
            let row = try await reads.raw(
                """
                SELECT \(UserRows.select), s.id AS session_id, s.csrf_token, s.expires_at \
                FROM web_sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = \(bind: key)
                """
            ).first()
        else { return nil }
        let owner = SessionOwner(
            session: WebSession(
                id: try row.decode(column: "session_id", as: UUID.self), user: try UserRows.user(row),
                csrfToken: try row.decode(column: "csrf_token", as: String.self)),
            expiresAt: try row.decode(column: "expires_at", as: Date.self))
        store.sessionOwners.remember(
            .init(value: owner, userID: owner.session.user.id, credentialID: owner.session.id, cachedAt: now), for: key,
            ticket: ticket)
        return owner.expiresAt > now ? owner.session : nil
    }

    public func endSession(id: UUID) async throws {
        try await db.sql.raw("DELETE FROM web_sessions WHERE id = \(bind: id)").run()
        await store.signInChanged(.credential(id))
    }

    // MARK: API tokens

    /// Makes a token; the secret is returned this once and stored only as a hash.
    public func createToken(userID: UUID, name: String, now: Date) async throws -> (token: APIToken, secret: String) {
        let cleanName: String
        do { cleanName = try APIToken.validName(name) } catch { throw SpotterError.invalid(error) }
        let secret = Secrets.make(prefix: "spt_")
        let token = APIToken(id: UUID(), name: cleanName, prefix: String(secret.prefix(10)), createdAt: now, lastUsedAt: nil)
        try await APITokenRows.insert(APITokenRows.values(token, userID: userID, tokenHash: Secrets.hash(secret)), on: db)
        return (token, secret)
    }

    public func tokens(userID: UUID) async throws -> [APIToken] {
        try await db.sql.raw(
            "SELECT t.* FROM api_tokens t WHERE t.user_id = \(bind: userID) ORDER BY t.created_at DESC"
        ).all().map(APITokenRows.token)
    }

    public func revokeToken(id: UUID, userID: UUID) async throws {
        guard
            try await db.sql.raw("SELECT t.id FROM api_tokens t WHERE t.user_id = \(bind: userID) AND t.id = \(bind: id)").first()
                != nil
        else { throw SpotterError.notFound("The token") }
        try await db.sql.raw("DELETE FROM api_tokens WHERE id = \(bind: id)").run()
        await store.signInChanged(.credential(id))
    }

    /// The owner of a bearer token, or nil for an unknown or revoked one. Notes when
    /// it was used, at most once a minute, so reads do not turn into writes. Every
    /// API request asks this, so it is plain SQL (see `UserRows`) and remembered
    /// for a few seconds (see `SignInCache`).
    public func user(forToken secret: String, now: Date) async throws -> User? {
        let key = Secrets.hash(secret)
        var entry = store.tokenOwners.entry(for: key, now: now)
        let ticket = store.tokenOwners.ticket()
        if entry == nil {
            guard
                let row = try await reads.raw(
                    """
                    SELECT \(UserRows.select), t.id AS token_id, t.last_used_at \
                    FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = \(bind: key)
                    """
                ).first()
            else { return nil }
            let user = try UserRows.user(row)
            entry = .init(
                value: TokenOwner(user: user, lastUsedAt: try row.optional("last_used_at")), userID: user.id,
                credentialID: try row.decode(column: "token_id", as: UUID.self), cachedAt: now)
            store.tokenOwners.remember(entry!, for: key, ticket: ticket)
        }
        guard var entry else { return nil }
        if entry.value.lastUsedAt.map({ now.timeIntervalSince($0) > 60 }) ?? true {
            // Only a note for the settings page: a read must not fail because it could
            // not be written (a full disk, a busy database). Tried again a minute on.
            do {
                try await store.sql.raw(
                    "UPDATE api_tokens SET last_used_at = \(bind: now) WHERE id = \(bind: entry.credentialID)"
                ).run()
            } catch {
                store.logger.warning("The API token's last use was not noted: \(String(reflecting: error))")
                if let fault = StorageFault(error) { store.storageStatus.note(fault, at: now) }
            }
            entry.value.lastUsedAt = now
            store.tokenOwners.remember(entry, for: key, ticket: ticket)
        }
        return entry.value.user
    }
}

/// The account behind a token, as `SignInCache` keeps it.
struct TokenOwner: Sendable {
    var user: User
    var lastUsedAt: Date?
}

/// A signed-in browser, as `SignInCache` keeps it.
struct SessionOwner: Sendable {
    var session: AccountService.WebSession
    var expiresAt: Date
}

/// Counts guesses at a lifter's current password, so that wrong ones can be slowed
/// down (the server counts them per account and address, as it does sign-ins).
public protocol PasswordGuesses: Sendable {
    /// Lets a guess go ahead, counted as wrong until `right`; throws to refuse it for now.
    func admit(now: Date) throws
    /// The guess was right: it no longer counts.
    func right(now: Date)
}
