import AppCore
import Auth
import Foundation
import GraphQLLanguage
import Postgres

/// `Mutation.signInWithProvider` (onboarding seed sign-up/sign-in stories 4–6
/// and 3–5): the ID token is verified against the provider's keys, issuer,
/// audience and expiry; a linked identity or an account with the same verified
/// address is entered (and linked); otherwise, when signing up, an account is
/// created — Apple's hidden relay address included.
package enum ProviderSignIn {
    static let accountNotFound = "Account was not found"
    static let signUpFailed = "Unable to sign up with this account"
    static let invalidToken = "The sign-in token is invalid or has expired."

    static func run(provider name: String, idToken: String, createAccount: Bool, context: QuarryContext) async throws -> AuthPayload {
        guard let provider = IdentityProvider(rawValue: name) else {
            throw ClientError.make("BAD_USER_INPUT", "Unknown identity provider \(name)")
        }
        let identity: VerifiedIdentity
        do {
            identity = try await context.accounts.identities.verify(idToken, from: provider)
        } catch {
            switch error.reason {
            case .providerNotConfigured:
                throw ClientError.make("PROVIDER_NOT_CONFIGURED", "Signing in with \(name.capitalized) is not available.")
            case .keysUnavailable:
                throw ClientError.make("PROVIDER_UNAVAILABLE", "\(name.capitalized) cannot be reached. Please try again later.")
            default:
                throw ClientError.make("INVALID_ID_TOKEN", invalidToken)
            }
        }
        return try await context.database.withTransaction { connection in
            let user = try await account(for: identity, createAccount: createAccount, context: context, on: connection)
            if user.blocked {
                throw ClientError.make("ACCOUNT_BLOCKED", LogIn.blockedMessage(supportEmail: context.accounts.settings.supportEmail))
            }
            try await AccountEvent.providerSignIn.record(userID: user.id, details: ["provider": name], context: context, on: connection)
            return try await Sessions.issue(for: user, context: context, on: connection)
        }
    }

    /// The account of a verified identity: linked before, or found by its
    /// verified address (then linked), or created when signing up.
    private static func account(
        for identity: VerifiedIdentity, createAccount: Bool, context: QuarryContext, on connection: PostgresConnection
    ) async throws -> UserRecord {
        let provider = identity.provider.rawValue
        if let row = try await connection.query("""
            SELECT \(UserRecord.columns) FROM user_identities i JOIN users u ON u.id = i.user_id
            WHERE i.provider = \(provider) AND i.subject = \(identity.subject)
            """).first {
            return try UserRecord(row: row)
        }
        // Facebook sends only addresses it has confirmed, without an `email_verified` claim.
        let trusted = identity.emailVerified || identity.isPrivateRelayEmail || identity.provider == .facebook
        guard let email = identity.email, trusted else {
            throw createAccount ? ClientError.make("PROVIDER_SIGNUP_FAILED", signUpFailed)
                : ClientError.make("ACCOUNT_NOT_FOUND", accountNotFound)
        }
        let user: UserRecord
        if let (existing, _) = try await UserQueries.userWithPassword(email: email, on: connection) {
            user = existing
            if !existing.emailVerified {
                _ = try await connection.execute("UPDATE users SET email_verified_at = now() WHERE id = \(existing.id)")
            }
        } else if createAccount {
            user = try await createAccountFor(identity, email: email, on: connection)
            try await AccountEvent.providerSignUp.record(userID: user.id, details: ["provider": provider], context: context, on: connection)
        } else {
            throw ClientError.make("ACCOUNT_NOT_FOUND", accountNotFound)
        }
        _ = try await connection.execute("""
            INSERT INTO user_identities (provider, subject, user_id) VALUES (\(provider), \(identity.subject), \(user.id))
            """)
        return try await UserQueries.user(id: user.id, on: connection) ?? user
    }

    private static func realName(_ identity: VerifiedIdentity) -> String? {
        let name = [identity.givenName, identity.familyName].compactMap { $0 }.joined(separator: " ")
        return name.isEmpty ? nil : name
    }

    /// Creates the account, its nickname taken from the given name or the
    /// address's local part, with digits added while that is taken (each try in
    /// a savepoint, so a concurrent sign-up taking the same nickname only costs a retry).
    private static func createAccountFor(
        _ identity: VerifiedIdentity, email: String, on connection: PostgresConnection
    ) async throws -> UserRecord {
        let local = email.split(separator: "@").first.map(String.init) ?? "user"
        let cleaned = (identity.givenName ?? local).filter { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        let base = cleaned.isEmpty ? "user" : String(cleaned.prefix(30))
        for attempt in 0..<8 {
            let nickname = attempt == 0 ? base : base + SecureRandom.digits(4 + attempt / 2)
            do {
                return try await connection.withTransaction { savepoint in
                    try await SignUp.insertUser(
                        email: email, nickname: nickname, passwordHash: nil, verified: true,
                        profile: (realName: realName(identity), phone: identity.phone, country: nil, zipCode: nil),
                        on: savepoint
                    )
                }
            } catch let error as GraphQLError where error.extensions["fields"] != nil && error.message == AccountInput.nicknameTaken {
                continue
            }
        }
        throw ClientError.make("PROVIDER_SIGNUP_FAILED", signUpFailed)
    }
}
