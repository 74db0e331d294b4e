import Accounts
import AppCore
import Feed
import Food
import Foodstabook
import Foundation
import Friends
import GraphQLExecution
import ScreenCache

/// `Query.node(id:)` (API.md "Conventions"; the Relay global object
/// identification): the id's type name picks the area that reads it. An id
/// that is not ours, or names a type without a reader, is `null`, as is an
/// object that does not exist; whether the caller may see it is `@auth`'s
/// business, as for any other field.
enum NodeResolver {
    typealias Read = @Sendable (_ id: UUID, _ context: QuarryContext) async throws -> (any Sendable)?

    /// How each `Node` type is read by its id (one line per area).
    static let readers: [String: Read] = [
        UserRecord.objectTypeName: { id, context in
            try await UserQueries.user(id: id, seenBy: context.viewer, database: context.database)
        },
        ScreenshotRecord.objectTypeName: { id, context in
            try await ScreenshotQueries.screenshot(id: id, seenBy: context.viewer?.userID, database: context.database)
        },
        FriendRequestRecord.objectTypeName: { id, context in try await FriendRequestRecord.read(id: id, context: context) },
        ImageCommentRecord.objectTypeName: { id, context in
            try await FeedQueries.comment(id, seenBy: context.viewer, database: context.database)
        },
        PostRecord.objectTypeName: { id, context in
            try await PostQueries.post(id, seenBy: context.viewer?.userID, database: context.database)
        },
        PostCommentRecord.objectTypeName: { id, context in
            try await PostQueries.comment(id, seenBy: context.viewer?.userID, database: context.database)
        },
        FoodRecord.objectTypeName: { id, context in
            try await FoodQueries.food(id, seenBy: context.viewer?.userID, database: context.database)
        },
        MessageRecord.objectTypeName: { id, context in
            try await MessageQueries.message(id: id, participant: context.viewer?.userID, database: context.database)
        },
    ]

    static func bind(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.resolveDomain("Query", "node") { info in
            guard let id = GlobalID(try info.args.string("id")), let read = readers[id.typeName] else { return nil }
            return try await read(id.id, info.context)
        }
    }
}
