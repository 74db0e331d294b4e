import Accounts
import AppCore
import Foundation
import GraphQLLanguage
import Postgres

/// `searchUsers` (the Find Friends screen): people whose nickname contains the
/// query, as the viewer sees them (``UserRecord/viewerIsFriend`` is set).
package extension FriendQueries {
    /// How many users `searchUsers` lists without `first`.
    static let searchDefaultSize = 20

    /// Users matching `query`, best first: nicknames starting with it, then
    /// shorter ones, then alphabetical. Never the viewer nor a blocked account;
    /// a blank query matches nobody (the screen shows no list then).
    static func searchUsers(query: String, first: Int?, viewer: Viewer, database: PostgresPool) async throws -> [UserRecord] {
        let size = first ?? searchDefaultSize
        guard (0...PageRequest.maximumSize).contains(size) else {
            throw ClientError.invalidInput([("first", "first must be between 0 and \(PageRequest.maximumSize).")])
        }
        guard let filter = SubstringFilter(query), size > 0 else { return [] }
        return try await database.query("""
            SELECT \(UserRecord.columns(seenBy: viewer.userID)) FROM users u
            WHERE \(filter.matches("u.nickname")) AND u.id <> \(viewer.userID) AND u.blocked_at IS NULL
            ORDER BY (\(filter.isPrefix(of: "u.nickname"))) DESC, length(u.nickname), lower(u.nickname), u.id
            LIMIT \(size)
            """).map(UserRecord.init(row:))
    }
}
