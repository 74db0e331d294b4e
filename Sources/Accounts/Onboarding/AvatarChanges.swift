import AppCore
import Foundation
import Postgres

/// `updateAvatar` (API.md "Onboarding"): the image becomes a public medium and
/// the user's avatar in one transaction (``MediaIngest``), replacing the old one.
package enum AvatarChanges {
    static func update(to image: UploadedFile, viewer: Viewer, context: QuarryContext) async throws -> UserRecord? {
        try await MediaIngest.storeImage(
            image, argument: "image", owner: viewer.userID, kind: .avatar, visibility: .public, context: context
        ) { mediaID, connection in
            _ = try await connection.execute(
                "UPDATE users SET avatar_media_id = \(mediaID), updated_at = now() WHERE id = \(viewer.userID)"
            )
        }
        return try await UserQueries.user(id: viewer.userID, database: context.database)
    }
}
