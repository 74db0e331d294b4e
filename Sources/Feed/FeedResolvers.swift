import Accounts
import AppCore
import Foundation
import GraphQLExecution
import GraphQLType
import Postgres

/// Binds schema/feed.graphql. Who may see an image is decided by the reads
/// (``FeedQueries``), as the REST routes of the seed's payload contract
/// decide it through the same functions; `FeedImage.author` and
/// `FeedImage.comments` go through batch loaders, so a feed page with its
/// authors and comments costs one statement per level.
package enum FeedResolvers {
    package static func bind(into builder: inout ExecutableSchemaBuilder<QuarryContext>, database: PostgresPool, users: UserLoader) {
        builder.readFields(of: FeedImageRecord.self)
        builder.readFields(of: ImageCommentRecord.self)
        builder.readFields(of: ImageCommentAuthor.self)
        Connection<FeedImageRecord>.bind(as: "FeedImageConnection", edge: "FeedImageEdge", into: &builder)
        Connection<ImageCommentRecord>.bind(as: "ImageCommentConnection", edge: "ImageCommentEdge", into: &builder)
        builder.resolve("FeedImage", "url", source: FeedImageRecord.self) { image, info in info.context.mediaURL(image.mediaID) }
        builder.resolve("FeedImage", "author", source: FeedImageRecord.self) { image, info in
            users.load(image.authorID, info.context)
        }
        let comments = BatchLoader(masking: { try await FeedQueries.commentPages($0, database: database) })
        builder.resolve("FeedImage", "comments", source: FeedImageRecord.self) { image, info in
            let key = ImageCommentPageKey(imageID: image.id, page: try PageRequest(arguments: info.args, order: .newestFirst))
            return comments.load(key)
        }
        builder.resolveDomain("Query", "feed") { info in
            try await FeedQueries.feed(
                for: info.context.viewer, page: PageRequest(arguments: info.args, order: .newestFirst), database: info.context.database
            )
        }
        builder.resolveDomain("Query", "imageComments") { info in
            let page = try PageRequest(arguments: info.args, order: .newestFirst)
            guard let connection = try await FeedQueries.comments(
                ofImage: info.args.uuid("imageId"), seenBy: info.context.viewer, page: page, database: info.context.database
            ) else { throw FeedInput.imageNotFound }
            return connection
        }
        bindMutations(into: &builder)
    }

    private static func bindMutations(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.resolveDomain("Mutation", "createFeedImage") { info in
            let viewer = try info.context.signedIn()
            let description = try FeedInput.optionalText(
                info.args.optionalString("description"), field: "description", limit: FeedInput.maxDescriptionLength
            )
            let location = try FeedInput.optionalText(info.args.optionalString("location"), field: "location", limit: FeedInput.maxLocationLength)
            let visibility = FeedVisibility(rawValue: try info.args.string("visibility")) ?? .friends
            let image = try info.context.uploadedFile(info.args["image"], argument: "image")
            return try await FeedChanges.create(
                image, description: description, location: location, visibility: visibility, author: viewer.userID, context: info.context
            )
        }
        builder.resolveDomain("Mutation", "deleteFeedImage") { info in
            try await FeedChanges.deleteImage(info.args.uuid("id"), by: info.context.signedIn(), database: info.context.database)
            return true
        }
        builder.resolveDomain("Mutation", "commentOnImage") { info in
            let viewer = try info.context.signedIn()
            let message = try FeedInput.message(info.args.string("message"))
            return try await FeedChanges.comment(on: info.args.uuid("imageId"), message: message, by: viewer, database: info.context.database)
        }
        builder.resolveDomain("Mutation", "deleteImageComment") { info in
            let viewer = try info.context.signedIn()
            let id = try info.args.id(of: ImageCommentRecord.self, "id", else: FeedInput.commentNotFound)
            try await FeedChanges.deleteComment(id, by: viewer, database: info.context.database)
            return true
        }
    }
}
