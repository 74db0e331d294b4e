import Accounts
import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// The batch loaders of the friends area (DESIGN.md "One round trip per
/// level"): a field under a list — each friend's friendship status, each
/// user's requests — asks its loader for one key and the executor runs one
/// statement for the whole level, so a page of 50 friends costs what a page of
/// 2 does. Loaders hold no per-request state, so one set is made when the
/// schema is bound and shared by every request; each key carries the viewer it
/// is read for.
package struct FriendsLoaders: Sendable {
    let statuses: BatchLoader<FriendQueries.StatusKey, String>
    let friendPages: BatchLoader<FriendQueries.PageKey, Connection<UserRecord>>
    /// The pending friend requests of a user (incoming first, then outgoing, each newest first).
    let requestLists: BatchLoader<UUID, [FriendRequestRecord]>

    init(database: PostgresPool) {
        statuses = BatchLoader(masking: { try await FriendQueries.statuses($0, database: database) })
        friendPages = BatchLoader(masking: { try await FriendQueries.pages($0, database: database) })
        requestLists = BatchLoader(masking: { try await FriendQueries.requests(of: $0, database: database) })
    }
}
