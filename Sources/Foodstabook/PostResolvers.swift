import Accounts
import AppCore
import Foundation
import GraphQLExecution
import GraphQLType
import Postgres

/// Binds schema/posts.graphql. Posts are for signed-in users (`@auth` on the
/// lists and mutations; ``PostQueries/post(_:seenBy:database:)`` for
/// `Query.node`), and a deleted post is left out by every read. `Post.author`,
/// `PostComment.author`, `Post.comments`, `User.posts`, `User.followers` and
/// `User.following` go through batch loaders, so a page of posts with their
/// authors and comments costs one statement per level.
package enum PostResolvers {
    package static func bind(into builder: inout ExecutableSchemaBuilder<QuarryContext>, database: PostgresPool, users: UserLoader) {
        builder.readFields(of: PostRecord.self)
        builder.readFields(of: PostCommentRecord.self)
        Connection<PostRecord>.bind(as: "PostConnection", edge: "PostEdge", into: &builder)
        Connection<PostCommentRecord>.bind(as: "PostCommentConnection", edge: "PostCommentEdge", into: &builder)
        builder.resolve("Post", "photoUrl", source: PostRecord.self) { post, info in info.context.mediaURL(post.mediaID) }
        builder.resolve("Post", "author", source: PostRecord.self) { post, info in users.load(post.authorID, info.context) }
        builder.resolve("PostComment", "author", source: PostCommentRecord.self) { comment, info in
            users.load(comment.authorID, info.context)
        }
        let comments = BatchLoader(masking: { try await PostQueries.commentPages($0, database: database) })
        builder.resolve("Post", "comments", source: PostRecord.self) { post, info in
            comments.load(PostCommentPageKey(postID: post.id, page: try PageRequest(arguments: info.args, order: .newestFirst)))
        }
        let posts = BatchLoader(masking: { try await PostQueries.pages($0, database: database) })
        builder.resolve("User", "posts", source: UserRecord.self) { user, info in
            let page = try PageRequest(arguments: info.args, order: .newestFirst)
            return posts.load(PostPageKey(authorID: user.id, viewer: info.context.viewer?.userID, page: page))
        }
        let follows = BatchLoader(masking: { try await FollowQueries.pages($0, database: database) })
        for (field, followers) in [("followers", true), ("following", false)] {
            builder.resolve("User", field, source: UserRecord.self) { user, info in
                let page = try PageRequest(arguments: info.args, order: .newestFirst)
                return follows.load(FollowPageKey(userID: user.id, viewer: info.context.viewer?.userID, followers: followers, page: page))
            }
        }
        bindPostMutations(into: &builder)
        bindSocialMutations(into: &builder)
        bindSearch(into: &builder)
    }

    private static func bindPostMutations(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.resolveDomain("Mutation", "createPost") { info in
            let viewer = try info.context.signedIn()
            let caption = try PostInput.caption(info.args.optionalString("caption"))
            let location = try GeoPoint.read(info.args["location"], field: "location")
            let photo = try info.context.uploadedFile(info.args["photo"], argument: "photo")
            return try await PostChanges.create(photo, caption: caption, location: location, author: viewer.userID, context: info.context)
        }
        builder.resolveDomain("Mutation", "editPostCaption") { info in
            let viewer = try info.context.signedIn()
            let id = try info.args.id(of: PostRecord.self, "id", else: PostInput.postNotFound)
            let caption = try PostInput.caption(info.args.string("caption"))
            return try await PostChanges.editCaption(id, caption: caption, by: viewer, database: info.context.database)
        }
        builder.resolveDomain("Mutation", "deletePost") { info in
            let viewer = try info.context.signedIn()
            let id = try info.args.id(of: PostRecord.self, "id", else: PostInput.postNotFound)
            try await PostChanges.delete(id, by: viewer, database: info.context.database)
            return true
        }
    }

    private static func bindSocialMutations(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.resolveDomain("Mutation", "likePost") { info in
            let viewer = try info.context.signedIn()
            let id = try info.args.id(of: PostRecord.self, "id", else: PostInput.postNotFound)
            return try await PostChanges.like(id, by: viewer, database: info.context.database)
        }
        builder.resolveDomain("Mutation", "unlikePost") { info in
            let viewer = try info.context.signedIn()
            let id = try info.args.id(of: PostRecord.self, "id", else: PostInput.postNotFound)
            return try await PostChanges.unlike(id, by: viewer, database: info.context.database)
        }
        builder.resolveDomain("Mutation", "commentOnPost") { info in
            let viewer = try info.context.signedIn()
            let id = try info.args.id(of: PostRecord.self, "id", else: PostInput.postNotFound)
            let text = try PostInput.comment(info.args.string("text"))
            return try await PostChanges.comment(on: id, text: text, by: viewer, database: info.context.database)
        }
        builder.resolveDomain("Mutation", "deletePostComment") { info in
            let viewer = try info.context.signedIn()
            let id = try info.args.id(of: PostCommentRecord.self, "id", else: PostInput.commentNotFound)
            try await PostChanges.deleteComment(id, by: viewer, database: info.context.database)
            return true
        }
        builder.resolveDomain("Mutation", "follow") { info in
            let viewer = try info.context.signedIn()
            let id = try info.args.id(of: UserRecord.self, "userId", else: PostInput.userNotFound)
            try await FollowChanges.follow(id, by: viewer, database: info.context.database)
            return true
        }
        builder.resolveDomain("Mutation", "unfollow") { info in
            let viewer = try info.context.signedIn()
            let id = try info.args.id(of: UserRecord.self, "userId", else: PostInput.userNotFound)
            try await FollowChanges.unfollow(id, by: viewer, database: info.context.database)
            return true
        }
    }
}
