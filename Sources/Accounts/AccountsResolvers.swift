import AppCore
import Foundation
import GraphQLExecution
import GraphQLType

/// Binds schema/accounts.graphql: each resolver reads its arguments and hands
/// them to the operation's own type; `@auth` is enforced by ``AuthDirective``.
package enum AccountsResolvers {
    package static func bind(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.readFields(of: UserRecord.self)
        builder.readFields(of: Onboarding.self)
        builder.readFields(of: PasswordStrengthQuery.self)
        builder.readFields(of: AuthPayload.self)
        builder.readFields(of: SignUpPayload.self)
        builder.readFields(of: LegalDocuments.self)
        builder.readFields(of: SecurityQuestionRecord.self)
        bindQueries(into: &builder)
        bindSecurityQuestions(into: &builder)
        bindSignUpAndLogIn(into: &builder)
        bindAccountChanges(into: &builder)
    }

    private static func bindQueries(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        // From the row the token lookup read: no statement of its own.
        builder.resolve("Query", "viewer") { info in
            try info.context.viewer.map { try UserRecord(row: $0.userRow) }
        }
        builder.resolveDomain("Query", "emailAvailable") { info in
            let email = try AccountInput.validEmail(info.args.string("email"))
            return try await info.context.database.withConnection { try await !UserQueries.emailInUse(email, on: $0) }
        }
        builder.resolveDomain("Query", "nicknameAvailable") { info in
            let nickname = try AccountInput.validNickname(info.args.string("nickname"))
            return try await info.context.database.withConnection { try await !UserQueries.nicknameInUse(nickname, on: $0) }
        }
        builder.resolve("Query", "passwordStrength") { info in
            try PasswordStrengthQuery(evaluation: info.context.accounts.settings.passwordPolicy.evaluate(info.args.string("password")))
        }
        builder.resolve("Query", "legalDocuments") { info in
            LegalDocuments(publicURL: info.context.publicURL)
        }
    }

    /// Security questions (issue 16): the list, the viewer's choice, and a reset link's question.
    private static func bindSecurityQuestions(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.resolveDomain("Query", "securityQuestions") { info in
            try await info.context.database.withConnection { try await SecurityQuestionQueries.all(on: $0) }
        }
        builder.resolveDomain("Query", "passwordResetQuestion") { info in
            try await PasswordReset.question(token: info.args.string("token"), context: info.context)
        }
        builder.resolveDomain("Mutation", "setSecurityQuestions") { info in
            let answers = try (info.args["input"]?.listValue ?? []).compactMap(\.objectValue).map(SecurityAnswer.init)
            return try await SecurityAnswerChanges.set(answers, context: info.context)
        }
        // Which questions the user chose, never the answers; the user alone sees them.
        builder.resolveDomain("User", "securityQuestions") { info in
            let user = try info.source(as: UserRecord.self)
            guard info.context.viewer?.userID == user.id else { return nil }
            return try await info.context.database.withConnection { try await SecurityQuestionQueries.answered(by: user.id, on: $0) }
        }
    }

    private static func bindSignUpAndLogIn(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.resolveDomain("Mutation", "signUp") { info in
            try await SignUp.run(SignUpForm(info.args.object("input")), context: info.context)
        }
        builder.resolveDomain("Mutation", "verifyEmail") { info in
            try await EmailVerification.signIn(token: info.args.string("token"), context: info.context)
        }
        builder.resolveDomain("Mutation", "verifyCode") { info in
            try await EmailVerification.signIn(
                email: info.args.string("email"), code: info.args.string("code"), context: info.context
            )
        }
        builder.resolveDomain("Mutation", "resendVerification") { info in
            try await VerificationResend.resend(email: info.args.string("email"), context: info.context)
        }
        builder.resolveDomain("Mutation", "logIn") { info in
            try await LogIn.run(
                email: info.args.string("email"), password: info.args.string("password"),
                context: info.context
            )
        }
        builder.resolveDomain("Mutation", "logOut") { info in
            let viewer = try info.context.signedIn()
            return try await info.context.database.withTransaction { connection in
                try await Sessions.revoke(tokenHash: viewer.tokenHash, on: connection)
                try await AccountEvent.logout.record(userID: viewer.userID, context: info.context, on: connection)
                return true
            }
        }
        builder.resolveDomain("Mutation", "logOutEverywhere") { info in
            let viewer = try info.context.signedIn()
            return try await info.context.database.withTransaction { connection in
                try await Sessions.revokeAll(of: viewer.userID, on: connection)
                try await AccountEvent.logoutEverywhere.record(userID: viewer.userID, context: info.context, on: connection)
                return true
            }
        }
        builder.resolveDomain("Mutation", "signInWithProvider") { info in
            try await ProviderSignIn.run(
                provider: info.args.string("provider"), idToken: info.args.string("idToken"),
                createAccount: info.args.bool("createAccount"), context: info.context
            )
        }
    }

    private static func bindAccountChanges(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.resolveDomain("Mutation", "requestPasswordReset") { info in
            try await PasswordReset.request(email: info.args.string("email"), context: info.context)
        }
        builder.resolveDomain("Mutation", "resetPassword") { info in
            try await PasswordReset.reset(
                token: info.args.string("token"), newPassword: info.args.string("newPassword"),
                confirmPassword: info.args.string("confirmPassword"),
                securityAnswer: try info.args["securityAnswer"]?.objectValue.map(SecurityAnswer.init), context: info.context
            )
        }
        builder.resolveDomain("Mutation", "recoverNickname") { info in
            try await PasswordReset.recoverNickname(email: info.args.string("email"), context: info.context)
        }
        builder.resolveDomain("Mutation", "changePassword") { info in
            try await PasswordChange.run(
                current: info.args.string("currentPassword"), new: info.args.string("newPassword"),
                confirm: info.args.string("confirmPassword"), context: info.context
            )
        }
        builder.resolveDomain("Mutation", "changeEmail") { info in
            try await AccountChanges.changeEmail(
                newEmail: info.args.string("newEmail"), password: info.args.string("password"),
                context: info.context
            )
        }
        builder.resolveDomain("Mutation", "changeNickname") { info in
            try await AccountChanges.changeNickname(info.args.string("nickname"), context: info.context)
        }
        builder.resolveDomain("Mutation", "updateProfile") { info in
            try await AccountChanges.updateProfile(ProfileChanges(info.args.object("input")), context: info.context)
        }
        builder.resolveDomain("Mutation", "deleteAccount") { info in
            try await AccountChanges.deleteAccount(password: info.args.string("password"), context: info.context)
        }
    }
}

/// `Query.legalDocuments`: where the served terms and privacy policy are (`GET /terms`, `GET /privacy`).
package struct LegalDocuments: GraphQLRecord {
    let publicURL: String

    package static let objectTypeName = "LegalDocuments"
    package static let fieldReaders: [String: @Sendable (LegalDocuments) -> (any Sendable)?] = [
        "termsUrl": { $0.publicURL + "/terms" }, "privacyUrl": { $0.publicURL + "/privacy" },
    ]
}
