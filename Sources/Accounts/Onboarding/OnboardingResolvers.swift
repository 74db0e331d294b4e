import AppCore
import Foundation
import GraphQLExecution
import GraphQLType
import Postgres

/// Binds schema/onboarding.graphql: the emotion challenge, the selfie and the
/// avatar; `@auth` guards the mutations and the selfie's image URL.
package enum OnboardingResolvers {
    package static func bind(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.readFields(of: EmotionChallengeView.self)
        builder.readFields(of: SelfieVerificationRecord.self)
        builder.resolve("Query", "emotionChallenge") { info in
            EmotionChallenge.all.randomElement().map {
                EmotionChallengeView(challenge: $0, publicURL: info.context.publicURL)
            }
        }
        builder.resolveDomain("Mutation", "submitSelfie") { info in
            try await SelfieChanges.submit(
                challengeID: info.args.string("challengeId"),
                selfie: try info.context.uploadedFile(info.args["selfie"], argument: "selfie"),
                context: info.context
            )
        }
        builder.resolveDomain("Mutation", "updateAvatar") { info in
            let viewer = try info.context.signedIn()
            let image = try info.context.uploadedFile(info.args["image"], argument: "image")
            return try await AvatarChanges.update(to: image, viewer: viewer, context: info.context)
        }
        builder.resolveDomain("User", "selfieVerifications") { info in
            let user = try info.source(as: UserRecord.self)
            let first = min(max(info.args.optionalInt("first") ?? 10, 0), 100)
            return try await SelfieQueries.list(of: user.id, first: first, context: info.context)
        }
        builder.resolve("User", "avatarUrl", source: UserRecord.self) { user, info in
            user.avatarMediaID.map(info.context.mediaURL)
        }
    }
}
