import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// A live row of `posts` with its photo's size, its like count and whether the
/// viewer liked it, as `Post` reads it. Every read that makes one has already
/// left deleted posts out (``PostQueries/live``).
package struct PostRecord: NodeRecord {
    package let id: UUID
    let authorID: UUID
    let mediaID: UUID
    let caption: String?
    let location: GeoPoint?
    let width: Int
    let height: Int
    let createdAt: Date
    let likeCount: Int
    let viewerHasLiked: Bool

    package static let objectTypeName = "Post"

    /// The tables ``columns(seenBy:)`` reads: `posts` aliased `p` joined to its photo's `media` row aliased `m`.
    static let from: SQL = "posts p JOIN media m ON m.id = p.media_id"

    /// The columns ``init(row:)`` reads; the like count and `viewer`'s like are
    /// per-post index lookups on `post_likes`' primary key.
    static func columns(seenBy viewer: UUID?) -> SQL {
        var liked: SQL = "FALSE"
        if let viewer { liked = "EXISTS (SELECT 1 FROM post_likes vl WHERE vl.post_id = p.id AND vl.user_id = \(viewer))" }
        return """
            p.id, p.author_id, p.media_id, p.caption, p.latitude, p.longitude, m.width, m.height, p.created_at,
            (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id) AS like_count, \(liked) AS viewer_has_liked
            """
    }

    init(row: PostgresRow) throws {
        id = try row.decode("id", as: UUID.self)
        authorID = try row.decode("author_id", as: UUID.self)
        mediaID = try row.decode("media_id", as: UUID.self)
        caption = try row.decode("caption", as: String?.self)
        if let latitude = try row.decode("latitude", as: Double?.self), let longitude = try row.decode("longitude", as: Double?.self) {
            location = GeoPoint(latitude: latitude, longitude: longitude)
        } else {
            location = nil
        }
        width = try row.decode("width", as: Int.self)
        height = try row.decode("height", as: Int.self)
        createdAt = try row.decode("created_at", as: Date.self)
        likeCount = try row.decode("like_count", as: Int.self)
        viewerHasLiked = try row.decode("viewer_has_liked", as: Bool.self)
    }

    package static let fieldReaders: [String: @Sendable (PostRecord) -> (any Sendable)?] = [
        "id": { $0.globalID }, "caption": { $0.caption }, "location": { $0.location }, "width": { $0.width },
        "height": { $0.height }, "createdAt": { $0.createdAt }, "likeCount": { $0.likeCount },
        "viewerHasLiked": { $0.viewerHasLiked },
    ]
}
