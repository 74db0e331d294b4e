import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// A row of `screenshots` with its image's size, as the GraphQL `Screenshot`
/// type reads it. `@auth(self: true, friends: true)` on the type lets the
/// owner and the owner's friends see it: the read that made the record says
/// whether the caller is a friend (``viewerIsFriend``).
package struct ScreenshotRecord: NodeRecord, OwnedByUser {
    package let id: UUID
    package let ownerID: UUID
    let mediaID: UUID
    let width: Int
    let height: Int
    let annotation: String?
    let createdAt: Date
    let updatedAt: Date
    /// Whether the caller is the owner's friend (see ``OwnedByUser/viewerIsFriend``).
    package var viewerIsFriend = false

    package static let objectTypeName = "Screenshot"

    /// The columns ``init(row:)`` reads, from `screenshots` aliased `s` joined to `media` aliased `m`.
    static let columns: SQL = """
        s.id, s.owner_id, s.media_id, m.width, m.height, s.annotation, s.created_at, s.updated_at
        """

    /// ``columns`` plus `viewer_is_friend`: whether `viewer` is a friend of the owner.
    static func columns(seenBy viewer: UUID?) -> SQL {
        guard let viewer else { return columns }
        return "\(columns), \(Friendships.viewerIsFriendColumn(viewer: viewer, owner: "s.owner_id"))"
    }

    init(row: PostgresRow) throws {
        id = try row.decode("id", as: UUID.self)
        ownerID = try row.decode("owner_id", as: UUID.self)
        mediaID = try row.decode("media_id", as: UUID.self)
        width = try row.decode("width", as: Int.self)
        height = try row.decode("height", as: Int.self)
        annotation = try row.decode("annotation", as: String?.self)
        createdAt = try row.decode("created_at", as: Date.self)
        updatedAt = try row.decode("updated_at", as: Date.self)
        viewerIsFriend = try Friendships.viewerIsFriend(in: row)
    }

    /// This screenshot as a caller who is (or is not) the owner's friend sees it.
    func seen(byFriend isFriend: Bool) -> ScreenshotRecord {
        var record = self
        record.viewerIsFriend = isFriend
        return record
    }

    package static let fieldReaders: [String: @Sendable (ScreenshotRecord) -> (any Sendable)?] = [
        "id": { $0.globalID }, "width": { $0.width }, "height": { $0.height }, "annotation": { $0.annotation },
        "createdAt": { $0.createdAt }, "updatedAt": { $0.updatedAt },
    ]
}
