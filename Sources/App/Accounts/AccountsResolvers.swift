import Foundation
import GraphQLExecution
import GraphQLType

/// Binds schema/accounts.graphql: each resolver reads its arguments and hands
/// them to the operation's own type; `@auth` is enforced by ``AuthDirective``.
enum AccountsResolvers {
    static func bind(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.readFields(of: UserRecord.self)
        builder.readFields(of: Onboarding.self)
        builder.readFields(of: PasswordStrengthQuery.self)
        builder.readFields(of: AuthPayload.self)
        builder.readFields(of: SignUpPayload.self)
        builder.readFields(of: LegalDocuments.self)
        bindQueries(into: &builder)
        bindSignUpAndLogIn(into: &builder)
        bindAccountChanges(into: &builder)
    }

    private static func bindQueries(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.resolveDomain("Query", "viewer") { info in
            guard let viewer = info.context.viewer else { return nil }
            return try await UserQueries.user(id: viewer.userID, database: info.context.database)
        }
        builder.resolveDomain("Query", "emailAvailable") { info in
            let email = try AccountInput.validEmail(info.args["email"]?.stringValue ?? "")
            return try await info.context.database.withConnection { try await !UserQueries.emailInUse(email, on: $0) }
        }
        builder.resolveDomain("Query", "nicknameAvailable") { info in
            let nickname = try AccountInput.validNickname(info.args["nickname"]?.stringValue ?? "")
            return try await info.context.database.withConnection { try await !UserQueries.nicknameInUse(nickname, on: $0) }
        }
        builder.resolve("Query", "passwordStrength") { info in
            PasswordStrengthQuery(evaluation: info.context.accounts.settings.passwordPolicy.evaluate(info.args["password"]?.stringValue ?? ""))
        }
        builder.resolve("Query", "legalDocuments") { info in
            LegalDocuments(publicURL: info.context.accounts.settings.publicURL)
        }
    }

    private static func bindSignUpAndLogIn(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.resolveDomain("Mutation", "signUp") { info in
            try await SignUp.run(info.args["input"]?.objectValue ?? [:], context: info.context)
        }
        builder.resolveDomain("Mutation", "verifyEmail") { info in
            try await EmailVerification.signIn(token: info.args["token"]?.stringValue ?? "", context: info.context)
        }
        builder.resolveDomain("Mutation", "verifyCode") { info in
            try await EmailVerification.signIn(
                email: info.args["email"]?.stringValue ?? "", code: info.args["code"]?.stringValue ?? "", context: info.context
            )
        }
        builder.resolveDomain("Mutation", "resendVerification") { info in
            try await VerificationResend.resend(email: info.args["email"]?.stringValue ?? "", context: info.context)
        }
        builder.resolveDomain("Mutation", "logIn") { info in
            try await LogIn.run(
                email: info.args["email"]?.stringValue ?? "", password: info.args["password"]?.stringValue ?? "",
                context: info.context
            )
        }
        builder.resolveDomain("Mutation", "logOut") { info in
            guard let viewer = info.context.viewer else { throw AuthDirective.unauthenticated }
            return try await info.context.database.withTransaction { connection in
                try await Sessions.revoke(tokenHash: viewer.tokenHash, on: connection)
                try await AccountEvent.logout.record(userID: viewer.userID, context: info.context, on: connection)
                return true
            }
        }
        builder.resolveDomain("Mutation", "logOutEverywhere") { info in
            guard let viewer = info.context.viewer else { throw AuthDirective.unauthenticated }
            return try await info.context.database.withTransaction { connection in
                try await Sessions.revokeAll(of: viewer.userID, on: connection)
                try await AccountEvent.logoutEverywhere.record(userID: viewer.userID, context: info.context, on: connection)
                return true
            }
        }
        builder.resolveDomain("Mutation", "signInWithProvider") { info in
            try await ProviderSignIn.run(
                provider: info.args["provider"]?.stringValue ?? "", idToken: info.args["idToken"]?.stringValue ?? "",
                createAccount: info.args["createAccount"]?.boolValue ?? true, context: info.context
            )
        }
    }

    private static func bindAccountChanges(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.resolveDomain("Mutation", "requestPasswordReset") { info in
            try await PasswordReset.request(email: info.args["email"]?.stringValue ?? "", context: info.context)
        }
        builder.resolveDomain("Mutation", "resetPassword") { info in
            try await PasswordReset.reset(
                token: info.args["token"]?.stringValue ?? "", newPassword: info.args["newPassword"]?.stringValue ?? "",
                confirmPassword: info.args["confirmPassword"]?.stringValue ?? "", context: info.context
            )
        }
        builder.resolveDomain("Mutation", "recoverNickname") { info in
            try await PasswordReset.recoverNickname(email: info.args["email"]?.stringValue ?? "", context: info.context)
        }
        builder.resolveDomain("Mutation", "changePassword") { info in
            try await PasswordChange.run(
                current: info.args["currentPassword"]?.stringValue ?? "", new: info.args["newPassword"]?.stringValue ?? "",
                confirm: info.args["confirmPassword"]?.stringValue ?? "", context: info.context
            )
        }
        builder.resolveDomain("Mutation", "changeEmail") { info in
            try await AccountChanges.changeEmail(
                newEmail: info.args["newEmail"]?.stringValue ?? "", password: info.args["password"]?.stringValue ?? "",
                context: info.context
            )
        }
        builder.resolveDomain("Mutation", "changeNickname") { info in
            try await AccountChanges.changeNickname(info.args["nickname"]?.stringValue ?? "", context: info.context)
        }
        builder.resolveDomain("Mutation", "updateProfile") { info in
            try await AccountChanges.updateProfile(info.args["input"]?.objectValue ?? [:], context: info.context)
        }
        builder.resolveDomain("Mutation", "deleteAccount") { info in
            try await AccountChanges.deleteAccount(password: info.args["password"]?.stringValue ?? "", context: info.context)
        }
    }
}

/// `Query.legalDocuments`: where the served terms and privacy policy are (`GET /terms`, `GET /privacy`).
struct LegalDocuments: GraphQLRecord {
    let publicURL: String

    static let objectTypeName = "LegalDocuments"
    static let fieldReaders: [String: @Sendable (LegalDocuments) -> (any Sendable)?] = [
        "termsUrl": { $0.publicURL + "/terms" }, "privacyUrl": { $0.publicURL + "/privacy" },
    ]
}
