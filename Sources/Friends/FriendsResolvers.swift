import Accounts
import AppCore
import Foundation
import GraphQLExecution
import GraphQLType
import Postgres

/// Binds schema/friends.graphql. Fields under lists (`User.friends`,
/// `User.friendRequests`, `User.friendship`, a request's users) return a
/// ``FriendsLoaders`` (or ``UserLoader``) request, so each costs one statement per level of the
/// response; `@auth` is enforced by ``AuthDirective``.
package enum FriendsResolvers {
    package static func bind(into builder: inout ExecutableSchemaBuilder<QuarryContext>, database: PostgresPool, users: UserLoader) {
        let loaders = FriendsLoaders(database: database)
        builder.readFields(of: FriendRequestRecord.self)
        Connection<UserRecord>.bind(as: "UserConnection", edge: "UserEdge", into: &builder)
        bindUserFields(into: &builder, loaders: loaders)
        bindRequestFields(into: &builder, users: users)
        bindOperations(into: &builder)
    }

    private static func bindUserFields(into builder: inout ExecutableSchemaBuilder<QuarryContext>, loaders: FriendsLoaders) {
        builder.resolve("User", "friends", source: UserRecord.self) { user, info in
            let page = try PageRequest(arguments: info.args, order: .newestFirst)
            return loaders.friendPages.load(.init(
                owner: user.id, viewer: info.context.viewer?.userID, filter: SubstringFilter(info.args.optionalString("search")),
                page: page
            ))
        }
        builder.resolve("User", "friendRequests", source: UserRecord.self) { user, _ in
            loaders.requestLists.load(user.id)
        }
        builder.resolve("User", "friendship", source: UserRecord.self) { user, info in
            guard let viewer = info.context.viewer?.userID, viewer != user.id else { return nil }
            return loaders.statuses.load(.init(viewer: viewer, other: user.id))
        }
    }

    private static func bindRequestFields(into builder: inout ExecutableSchemaBuilder<QuarryContext>, users: UserLoader) {
        builder.resolve("FriendRequest", "sender", source: FriendRequestRecord.self) { request, info in
            users.load(request.senderID, info.context)
        }
        builder.resolve("FriendRequest", "recipient", source: FriendRequestRecord.self) { request, info in
            users.load(request.recipientID, info.context)
        }
    }

    private static func bindOperations(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.resolveDomain("Query", "searchUsers") { info in
            try await FriendQueries.searchUsers(
                query: info.args.string("query"), first: info.args.optionalInt("first"),
                viewer: try info.context.signedIn(), database: info.context.database
            )
        }
        builder.resolveDomain("Mutation", "sendFriendRequest") { info in
            let viewer = try info.context.signedIn()
            let other = try info.args.id(of: UserRecord.self, "userId", else: FriendErrors.userNotFound)
            return try await FriendChanges.send(to: other, viewer: viewer, database: info.context.database)
        }
        builder.resolveDomain("Mutation", "acceptFriendRequests") { info in
            let viewer = try info.context.signedIn()
            let ids = try info.args.ids(of: FriendRequestRecord.self, "ids", else: FriendErrors.requestNotAddressedToViewer)
            return try await FriendChanges.accept(ids: ids, viewer: viewer, database: info.context.database)
        }
        builder.resolveDomain("Mutation", "cancelFriendRequest") { info in
            let viewer = try info.context.signedIn()
            let id = try info.args.id(of: FriendRequestRecord.self, "id", else: FriendErrors.requestNotFound)
            return try await FriendChanges.cancel(id: id, viewer: viewer, database: info.context.database)
        }
        builder.resolveDomain("Mutation", "removeFriend") { info in
            let viewer = try info.context.signedIn()
            let other = try info.args.id(of: UserRecord.self, "userId", else: FriendErrors.userNotFound)
            return try await FriendChanges.removeFriend(other, viewer: viewer, database: info.context.database)
        }
    }
}
