import AppCore
import Auth
import Foundation
import GraphQLExecution
import GraphQLType
import Postgres

/// `Mutation.signUp` (API.md "Accounts"; Screen Cache's and the onboarding
/// seed's sign-up stories): validates every field at once with the seeds'
/// messages, creates the account and its e-mail verification in one
/// transaction, and returns a token at once only when the server does not
/// require verification.
package enum SignUp {
    static let confirmationMessage =
        "Confirmation link has been sent to your email. Please open it and verify your email address."
    static let codeSentMessage = "A verification code has been sent to your phone. Please enter it to verify your account."
    static let welcomeMessage = "Your account has been created."

    static func run(_ form: SignUpForm, context: QuarryContext) async throws -> SignUpPayload {
        let settings = context.accounts.settings
        let email = AccountInput.normalizedEmail(form.email)
        let nickname = form.nickname.trimmingCharacters(in: .whitespacesAndNewlines)
        let password = form.password
        let optional = { (text: String?) in
            text.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let bySMS = form.verificationChannel == "SMS"
        if bySMS, !settings.smsVerification {
            throw ClientError.make(
                "SMS_UNAVAILABLE", "Verification by SMS is not available. Please choose verification by email.",
                fields: [(field: "verificationChannel", message: "Verification by SMS is not available")]
            )
        }
        var problems: [(field: String, message: String)] = []
        if !AccountInput.isValidEmail(email) { problems.append((field: "email", message: AccountInput.invalidEmail)) }
        // A phone is optional, but it must be a number a code can go to; the SMS channel needs one.
        let typedPhone = optional(form.phone)
        let phone = typedPhone.flatMap(PhoneNumber.e164)
        if typedPhone != nil, phone == nil {
            problems.append((field: "phone", message: PhoneNumber.invalidMessage))
        } else if bySMS, phone == nil {
            problems.append((field: "phone", message: PhoneNumber.missingMessage))
        }
        if let problem = AccountInput.nicknameProblem(nickname) { problems.append((field: "nickname", message: problem)) }
        let evaluation = settings.passwordPolicy.evaluate(password, userInputs: [email, nickname] + [optional(form.realName)].compactMap { $0 })
        if !evaluation.meetsPolicy {
            problems.append((field: "password", message: PasswordStrengthQuery.weakPasswordMessage(evaluation)))
        }
        if !form.acceptedTerms {
            problems.append((field: "acceptedTerms", message: AccountInput.termsNotAccepted))
        }
        try await context.database.withConnection { connection in
            if problems.allSatisfy({ $0.field != "email" }), try await UserQueries.emailInUse(email, on: connection) {
                problems.append((field: "email", message: AccountInput.emailTaken))
            }
            if problems.allSatisfy({ $0.field != "nickname" }), try await UserQueries.nicknameInUse(nickname, on: connection) {
                problems.append((field: "nickname", message: AccountInput.nicknameTaken))
            }
        }
        guard problems.isEmpty else { throw ClientError.invalidInput(problems) }
        let hash = try await context.accounts.hasher.hash(password)
        return try await context.database.withTransaction { connection in
            let verified = !settings.requireEmailVerification
            let user = try await insertUser(
                email: email, nickname: nickname, passwordHash: hash, verified: verified,
                profile: (optional(form.realName), phone, optional(form.country), optional(form.zipCode)),
                on: connection
            )
            let channel: EmailVerification.Channel = bySMS ? .sms : .email
            let secrets = try await EmailVerification.start(
                userID: user.id, email: email, channel: channel, settings: settings, on: connection
            )
            try await EmailVerification.send(
                secrets, channel: channel, email: email, phone: phone, nickname: nickname, settings: settings, on: connection
            )
            try await AccountEvent.signUp.record(userID: user.id, details: ["channel": channel.rawValue], context: context, on: connection)
            guard verified else {
                let message = bySMS ? codeSentMessage : confirmationMessage
                return SignUpPayload(user: user, session: nil, verificationRequired: true, message: message)
            }
            let session = try await Sessions.issue(for: user, context: context, on: connection)
            return SignUpPayload(user: user, session: session, verificationRequired: false, message: welcomeMessage)
        }
    }

    /// Inserts the account; a concurrent sign-up with the same address or
    /// nickname loses to the unique index with the same messages as the check.
    static func insertUser(
        email: String, nickname: String, passwordHash: String?, verified: Bool,
        profile: (realName: String?, phone: String?, country: String?, zipCode: String?),
        on connection: PostgresConnection
    ) async throws -> UserRecord {
        do {
            let rows = try await connection.query("""
                INSERT INTO users AS u (email, nickname, password_hash, email_verified_at, real_name, phone, country, zip_code, accepted_terms_at)
                VALUES (\(email), \(nickname), \(passwordHash), CASE WHEN \(verified) THEN now() END,
                        \(profile.realName), \(profile.phone), \(profile.country), \(profile.zipCode), now())
                RETURNING \(UserRecord.columns)
                """)
            return try UserRecord(row: rows[0])
        } catch let error as PostgresError where error.sqlState == "23505" {
            let field = (error.constraint ?? "").contains("nickname") ? "nickname" : "email"
            throw ClientError.invalidInput([(field: field, message: field == "email" ? AccountInput.emailTaken : AccountInput.nicknameTaken)])
        }
    }
}

/// `SignUpPayload`: the new user, a token when one is issued at once, and what to tell the user.
package struct SignUpPayload: GraphQLRecord {
    let user: UserRecord
    let session: AuthPayload?
    let verificationRequired: Bool
    let message: String

    package static let objectTypeName = "SignUpPayload"
    package static let fieldReaders: [String: @Sendable (SignUpPayload) -> (any Sendable)?] = [
        "user": { $0.user.shownToOwner }, "token": { $0.session?.token }, "expiresAt": { $0.session?.expiresAt },
        "verificationRequired": { $0.verificationRequired }, "message": { $0.message },
    ]
}
