import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// Who may see a feed image besides its author: the author's friends, or everyone.
package enum FeedVisibility: String, Sendable {
    case `public` = "PUBLIC"
    case friends = "FRIENDS"

    /// The medium's visibility: `GET /media/{id}` serves a friends' image to the same people as the image.
    var media: MediaVisibility { self == .public ? .public : .friends }
}

/// A row of `feed_images` with its image's size, as `FeedImage` and the REST
/// payload read it. Every read that makes one has already applied the
/// visibility rule (``FeedQueries/visible(to:)``), so the record carries no flag.
package struct FeedImageRecord: GraphQLRecord, Sendable {
    package let id: UUID
    package let authorID: UUID
    package let mediaID: UUID
    package let description: String?
    package let location: String?
    let width: Int
    let height: Int
    let visibility: FeedVisibility
    package let createdAt: Date

    package static let objectTypeName = "FeedImage"

    /// The columns ``init(row:)`` reads, from `feed_images` aliased `f` joined to `media` aliased `m`.
    static let columns: SQL = """
        f.id, f.author_id, f.media_id, f.description, f.location, m.width, m.height, f.visibility, f.created_at
        """

    init(row: PostgresRow) throws {
        id = try row.decode("id", as: UUID.self)
        authorID = try row.decode("author_id", as: UUID.self)
        mediaID = try row.decode("media_id", as: UUID.self)
        description = try row.decode("description", as: String?.self)
        location = try row.decode("location", as: String?.self)
        width = try row.decode("width", as: Int.self)
        height = try row.decode("height", as: Int.self)
        visibility = FeedVisibility(rawValue: try row.decode("visibility", as: String.self)) ?? .friends
        createdAt = try row.decode("created_at", as: Date.self)
    }

    package static let fieldReaders: [String: @Sendable (FeedImageRecord) -> (any Sendable)?] = [
        "id": { $0.id }, "description": { $0.description }, "location": { $0.location }, "width": { $0.width },
        "height": { $0.height }, "createdAt": { $0.createdAt }, "visibility": { $0.visibility.rawValue },
    ]
}
