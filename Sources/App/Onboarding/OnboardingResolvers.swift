import Foundation
import GraphQLExecution
import GraphQLType
import Postgres

/// Binds schema/onboarding.graphql: the emotion challenge, the selfie and the
/// avatar; `@auth` guards the mutations and the selfie's image URL.
enum OnboardingResolvers {
    static func bind(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.readFields(of: EmotionChallengeView.self)
        builder.readFields(of: SelfieVerificationRecord.self)
        builder.resolve("Query", "emotionChallenge") { info in
            EmotionChallenge.all.randomElement().map {
                EmotionChallengeView(challenge: $0, publicURL: info.context.accounts.settings.publicURL)
            }
        }
        builder.resolveDomain("Mutation", "submitSelfie") { info in
            try await SelfieSubmission.submit(
                challengeID: info.args["challengeId"]?.stringValue ?? "",
                selfie: try info.context.uploadedFile(info.args["selfie"], argument: "selfie"),
                context: info.context
            )
        }
        builder.resolveDomain("Mutation", "updateAvatar") { info in
            guard let viewer = info.context.viewer else { throw AuthDirective.unauthenticated }
            let image = try info.context.uploadedFile(info.args["image"], argument: "image")
            try await MediaIngest.storeImage(
                image, argument: "image", owner: viewer.userID, kind: .avatar, visibility: .public, context: info.context
            ) { mediaID, connection in
                _ = try await connection.execute(
                    "UPDATE users SET avatar_media_id = \(mediaID), updated_at = now() WHERE id = \(viewer.userID)"
                )
            }
            return try await UserQueries.user(id: viewer.userID, database: info.context.database)
        }
        builder.resolveDomain("User", "selfieVerifications") { info in
            let user = try info.source(as: UserRecord.self)
            let first = min(max(info.args["first"]?.intValue ?? 10, 0), 100)
            return try await SelfieSubmission.list(of: user.id, first: first, context: info.context)
        }
        builder.resolve("User", "avatarUrl", source: UserRecord.self) { user, info in
            user.avatarMediaID.map { MediaQueries.url(of: $0, publicURL: info.context.accounts.settings.publicURL) }
        }
    }
}
