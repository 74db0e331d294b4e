import Auth
import Foundation
import Postgres

/// Who may fetch a medium at `GET /media/{id}`.
public enum MediaVisibility: String, Sendable {
    /// Anyone (avatars).
    case `public` = "PUBLIC"
    /// Its owner and ADMIN and above (selfies); everyone else gets 404.
    case `private` = "PRIVATE"
    /// Its owner, the owner's friends and ADMIN and above (screenshots); everyone else gets 404.
    case friends = "FRIENDS"
}

/// What a medium is for.
package enum MediaKind: String, Sendable {
    case avatar = "AVATAR"
    case selfie = "SELFIE"
    case image = "IMAGE"
    case screenshot = "SCREENSHOT"
}

/// A row of `media`: what serving a medium needs.
public struct MediaRecord: Sendable, Equatable {
    public let id: UUID
    public let ownerID: UUID
    public let sha256: String
    public let contentType: String
    public let byteSize: Int
    public let width: Int
    public let height: Int
    public let visibility: MediaVisibility

    /// Whether `viewer` may see it without asking who their friends are: public
    /// media to anyone, the others to their owner and ADMIN and above.
    public func isVisibleWithoutFriendship(to viewer: Viewer?) -> Bool {
        switch visibility {
        case .public: true
        case .private, .friends: viewer.map { $0.userID == ownerID || $0.role.includes(.admin) } ?? false
        }
    }
}

/// Reads of `media`.
public enum MediaQueries {
    /// The medium with `id`, or `nil`.
    public static func media(id: UUID, database: PostgresPool) async throws -> MediaRecord? {
        let rows = try await database.query("""
            SELECT id, owner_id, sha256, content_type, byte_size, width, height, visibility FROM media WHERE id = \(id)
            """)
        guard let row = rows.first else { return nil }
        return MediaRecord(
            id: try row.decode("id", as: UUID.self),
            ownerID: try row.decode("owner_id", as: UUID.self),
            sha256: try row.decode("sha256", as: String.self),
            contentType: try row.decode("content_type", as: String.self),
            byteSize: try row.decode("byte_size", as: Int.self),
            width: try row.decode("width", as: Int.self),
            height: try row.decode("height", as: Int.self),
            visibility: MediaVisibility(rawValue: try row.decode("visibility", as: String.self)) ?? .private
        )
    }

    /// Whether `viewer` may see `media` (issue 5 "Media": a private selfie or a
    /// non-friend's screenshot is 404 to others): as
    /// ``MediaRecord/isVisibleWithoutFriendship(to:)`` says, and for FRIENDS
    /// media also to a friend of the owner (one statement, only then).
    public static func isVisible(_ media: MediaRecord, to viewer: Viewer?, database: PostgresPool) async throws -> Bool {
        if media.isVisibleWithoutFriendship(to: viewer) { return true }
        guard media.visibility == .friends, let viewer else { return false }
        return try await Friendships.areFriends(viewer.userID, media.ownerID, database: database)
    }

    /// The absolute URL at which Quarry serves a medium (API.md "Conventions").
    ///
    /// Written into one new string: a list of pictures makes one for each, and concatenating
    /// made three (issue 17).
    public static func url(of id: UUID, publicURL: String) -> String {
        var base = publicURL
        let path: StaticString = "/media/"
        return base.withUTF8 { base in
            String(unsafeUninitializedCapacity: base.count + path.utf8CodeUnitCount + 36) { out in
                var end = out.initialize(fromContentsOf: base)
                for index in 0..<path.utf8CodeUnitCount {
                    out[end] = path.utf8Start[index]
                    end += 1
                }
                id.writeLowercasedText(into: out, at: end)
                return end + 36
            }
        }
    }
}
