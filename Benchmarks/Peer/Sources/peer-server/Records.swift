import Crypto
import Foundation
import Graphiti
import PostgresNIO

/// The signed-in user of a request: the same lookup as Quarry's (Sources/Accounts/Changes/Sessions.swift): the
/// SHA-256 of the bearer token in `access_tokens`, unexpired, of a user who is not blocked. (Quarry also slides the
/// token's expiry forward there, which writes only once a minute per token.)
struct Viewer: Sendable {
    let userID: UUID

    static func lookup(token: String, client: PostgresClient) async throws -> Viewer? {
        let hash = Data(SHA256.hash(data: Data(token.utf8)))
        let rows = try await client.query("""
            SELECT u.id FROM access_tokens t JOIN users u ON u.id = t.user_id
            WHERE t.token_hash = \(hash) AND t.expires_at > now() AND u.blocked_at IS NULL
            """)
        for try await id in rows.decode(UUID.self) { return Viewer(userID: id) }
        return nil
    }
}

/// A row of `users` (db/migrations/0001_accounts.sql), with the per-parent reads of its lists.
struct User: Identifiable, Sendable {
    let id: UUID
    let nickname: String
    let avatarMediaID: UUID?

    static func find(_ id: UUID, database: PostgresClient) async throws -> User? {
        let rows = try await database.query("SELECT id, nickname, avatar_media_id FROM users WHERE id = \(id)")
        for try await (id, nickname, avatar) in rows.decode((UUID, String, UUID?).self) {
            return User(id: id, nickname: nickname, avatarMediaID: avatar)
        }
        return nil
    }

    func avatarUrl(context: PeerContext, arguments: NoArguments) -> String? {
        avatarMediaID.map(context.mediaURL)
    }

    /// Newest friendship first, as Quarry orders them (`friendships_user_created_idx`); one row more than asked
    /// tells Graphiti's connection whether there is a next page.
    func friends(context: PeerContext, arguments: FirstArguments) async throws -> Connection<User> {
        let rows = try await context.database.query("""
            SELECT u.id, u.nickname, u.avatar_media_id FROM friendships f JOIN users u ON u.id = f.friend_id
            WHERE f.user_id = \(id) ORDER BY f.created_at DESC, f.friend_id DESC LIMIT \(arguments.first + 1)
            """)
        var friends: [User] = []
        for try await (id, nickname, avatar) in rows.decode((UUID, String, UUID?).self) {
            friends.append(User(id: id, nickname: nickname, avatarMediaID: avatar))
        }
        return try friends.connection(from: arguments.pagination, makeCursor: cursor)
    }

    /// The user's newest screenshots (db/migrations/0006_screenshots.sql).
    func screenshots(context: PeerContext, arguments: FirstArguments) async throws -> Connection<Screenshot> {
        let rows = try await context.database.query("""
            SELECT id, media_id, annotation, created_at FROM screenshots
            WHERE owner_id = \(id) ORDER BY created_at DESC, id DESC LIMIT \(arguments.first + 1)
            """)
        var screenshots: [Screenshot] = []
        for try await (id, media, annotation, created) in rows.decode((UUID, UUID, String?, Date).self) {
            screenshots.append(Screenshot(id: id, mediaID: media, annotation: annotation, createdAt: Timestamp.format(created)))
        }
        return try screenshots.connection(from: arguments.pagination, makeCursor: cursor)
    }

    /// The last message the viewer exchanged with this user, either way (db/migrations/0007_messages.sql).
    func lastMessage(context: PeerContext, arguments: NoArguments) async throws -> Message? {
        guard let viewer = context.viewer else { return nil }
        let rows = try await context.database.query("""
            SELECT text, created_at FROM messages
            WHERE user_low = least(\(viewer.userID), \(id)) AND user_high = greatest(\(viewer.userID), \(id))
            ORDER BY created_at DESC, id DESC LIMIT 1
            """)
        for try await (text, created) in rows.decode((String, Date).self) {
            return Message(text: text, createdAt: Timestamp.format(created))
        }
        return nil
    }
}

struct Screenshot: Identifiable, Sendable {
    let id: UUID
    let mediaID: UUID
    let annotation: String?
    let createdAt: String

    func imageUrl(context: PeerContext, arguments: NoArguments) -> String { context.mediaURL(mediaID) }
}

/// An edge's cursor: the node's id in base64, as Graphiti's own for `Identifiable` nodes whose id is a string.
func cursor(_ node: some Identifiable<UUID>) -> String {
    Data(node.id.uuidString.utf8).base64EncodedString()
}

struct Message: Sendable {
    let text: String
    let createdAt: String
}

/// Quarry's `DateTime` text (Sources/AppCore/Scalars/DateTimeScalar.swift): UTC, milliseconds truncated after
/// rounding to PostgreSQL's microseconds, so both servers answer the same JSON (the rows' instants are after 1970).
enum Timestamp {
    static func format(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1_000_000).rounded()) / 1000
        let whole = Date(timeIntervalSince1970: TimeInterval(milliseconds / 1000)).formatted(.iso8601)
        return whole.dropLast() + "." + String(format: "%03d", milliseconds % 1000) + "Z"
    }
}
