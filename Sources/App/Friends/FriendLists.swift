import Foundation
import Postgres

/// Friends lists and friend request lists, read for many users at once (see
/// ``FriendsLoaders``): one statement per distinct page asked for, however
/// many users it is asked for.
enum FriendLists {
    /// What a set of keys shares so that one statement answers them all.
    private struct PageGroup: Hashable {
        let viewer: UUID?
        let filter: NicknameFilter?
        let page: PageRequest
    }

    /// Pages of friends, newest friendship first: each owner's page is a
    /// keyset range of the `friendships_user_created_idx` index, read by a
    /// lateral subquery so that every owner gets at most `page.limit` rows.
    static func pages(
        _ keys: [FriendsLoaders.FriendsPageKey], database: PostgresPool
    ) async throws -> [FriendsLoaders.FriendsPageKey: Connection<UserRecord>] {
        var answers: [FriendsLoaders.FriendsPageKey: Connection<UserRecord>] = [:]
        let groups = Dictionary(grouping: keys) { PageGroup(viewer: $0.viewer, filter: $0.filter, page: $0.page) }
        for (group, members) in groups {
            let time: SQL = "f.created_at"
            let id: SQL = "f.friend_id"
            let rows = try await database.query("""
                SELECT k.owner, f.created_at AS friends_since, \(UserRecord.columns(seenBy: group.viewer))
                FROM unnest(\(members.map(\.owner))) AS k(owner)
                CROSS JOIN LATERAL (
                    SELECT f.friend_id, f.created_at FROM friendships f JOIN users fu ON fu.id = f.friend_id
                    WHERE f.user_id = k.owner AND \(group.filter?.matches("fu.nickname") ?? "TRUE")
                      AND \(group.page.condition(time: time, id: id))
                    ORDER BY \(group.page.ordering(time: time, id: id)) LIMIT \(group.page.limit)
                ) f
                JOIN users u ON u.id = f.friend_id
                ORDER BY k.owner, \(group.page.ordering(time: time, id: id))
                """)
            var friends: [UUID: [UserRecord]] = [:]
            var since: [UUID: [UUID: Date]] = [:]
            for row in rows {
                let owner = try row.decode("owner", as: UUID.self)
                let friend = try UserRecord(row: row)
                friends[owner, default: []].append(friend)
                since[owner, default: [:]][friend.id] = try row.decode("friends_since", as: Date.self)
            }
            for key in members {
                // Every row read has its friendship's time; the account's own time only keeps the closure total.
                let times = since[key.owner] ?? [:]
                answers[key] = Connection(rows: friends[key.owner] ?? [], request: group.page) { friend in
                    Cursor(time: times[friend.id] ?? friend.createdAt, id: friend.id)
                }
            }
        }
        return answers
    }

    /// Each owner's pending requests: addressed to them first, then sent by
    /// them, each newest first, seen from the owner.
    static func requests(of owners: [UUID], database: PostgresPool) async throws -> [UUID: [FriendRequestRecord]] {
        let rows = try await database.query("""
            SELECT o.owner, \(FriendRequestRecord.columns)
            FROM unnest(\(owners)) AS o(owner)
            JOIN friend_requests r ON r.recipient_id = o.owner OR r.sender_id = o.owner
            ORDER BY o.owner, r.recipient_id = o.owner DESC, r.created_at DESC, r.id DESC
            """)
        var answers = Dictionary(uniqueKeysWithValues: owners.map { ($0, [FriendRequestRecord]()) })
        for row in rows {
            let owner = try row.decode("owner", as: UUID.self)
            answers[owner, default: []].append(try FriendRequestRecord(row: row, seenFrom: owner))
        }
        return answers
    }
}
