import AppCore
import Auth
import Foundation
import GraphQLExecution
import Postgres

/// A row of `users` as the GraphQL `User` type reads it. Fields that only the
/// user themself or ADMIN may see are guarded by `@auth` in the SDL, not here.
package struct UserRecord: NodeRecord, OwnedByUser {
    package let id: UUID
    let email: String
    let emailVerified: Bool
    let nickname: String
    let role: Role
    let realName: String?
    let phone: String?
    let country: String?
    let zipCode: String?
    let bio: String?
    /// The user's area (`User.homeLocation`), measured from by offers and the newsfeed.
    package let homeLocation: GeoPoint?
    /// The avatar's medium; `User.avatarUrl` is its absolute URL (Sources/Accounts/Onboarding).
    let avatarMediaID: UUID?
    let emotionVerified: Bool
    let blockReason: String?
    let blocked: Bool
    package let createdAt: Date
    /// Set on the user of a sign-up's or sign-in's payload (see ``OwnedByUser``).
    package private(set) var isShownToOwner = false
    /// Whether the caller is this user's friend, set by the reads that ask
    /// (see ``OwnedByUser/viewerIsFriend``).
    package var viewerIsFriend = false

    package static let objectTypeName = "User"
    package var ownerID: UUID { id }

    /// This user, as the payload of their own sign-up or sign-in shows it to them.
    var shownToOwner: UserRecord {
        var user = self
        user.isShownToOwner = true
        return user
    }

    /// The columns ``init(row:)`` reads, from `users` aliased `u`.
    package static let columns: SQL = """
        u.id, u.email, u.email_verified_at IS NOT NULL AS email_verified, u.nickname, u.role, u.real_name, u.phone, \
        u.country, u.zip_code, u.bio, u.avatar_media_id, u.emotion_verified_at IS NOT NULL AS emotion_verified, \
        u.blocked_at IS NOT NULL AS blocked, u.block_reason, u.created_at,
        """ + GeoPoint.columns("u.home_location", as: "home")

    /// ``columns`` plus `viewer_is_friend`: whether `viewer` is the user's
    /// friend, which ``init(row:)`` then reads into ``viewerIsFriend``.
    package static func columns(seenBy viewer: UUID?) -> SQL {
        guard let viewer else { return columns }
        return "\(columns), \(Friendships.viewerIsFriendColumn(viewer: viewer, owner: "u.id"))"
    }

    package init(row: PostgresRow) throws {
        id = try row.decode("id", as: UUID.self)
        email = try row.decode("email", as: String.self)
        emailVerified = try row.decode("email_verified", as: Bool.self)
        nickname = try row.decode("nickname", as: String.self)
        role = Role(rawValue: try row.decode("role", as: String.self)) ?? .user
        realName = try row.decode("real_name", as: String?.self)
        phone = try row.decode("phone", as: String?.self)
        country = try row.decode("country", as: String?.self)
        zipCode = try row.decode("zip_code", as: String?.self)
        bio = try row.decode("bio", as: String?.self)
        homeLocation = try GeoPoint(row: row, name: "home")
        avatarMediaID = try row.decode("avatar_media_id", as: UUID?.self)
        emotionVerified = try row.decode("emotion_verified", as: Bool.self)
        blocked = try row.decode("blocked", as: Bool.self)
        blockReason = try row.decode("block_reason", as: String?.self)
        createdAt = try row.decode("created_at", as: Date.self)
        viewerIsFriend = try Friendships.viewerIsFriend(in: row)
    }

    var onboarding: Onboarding {
        Onboarding(
            emailVerified: emailVerified, emotionVerified: emotionVerified,
            profileComplete: !(realName ?? "").isEmpty && !(country ?? "").isEmpty
        )
    }

    package static let fieldReaders: [String: @Sendable (UserRecord) -> (any Sendable)?] = [
        "id": { $0.globalID },
        "nickname": { $0.nickname }, "bio": { $0.bio }, "createdAt": { $0.createdAt }, "email": { $0.email },
        "phone": { $0.phone }, "realName": { $0.realName }, "country": { $0.country }, "zipCode": { $0.zipCode },
        "role": { $0.role.rawValue }, "onboarding": { $0.onboarding }, "blocked": { $0.blocked },
        "blockReason": { $0.blockReason }, "homeLocation": { $0.homeLocation },
    ]
}

/// `User.onboarding`: which steps a new account has done, and the next one.
package struct Onboarding: GraphQLRecord {
    let emailVerified: Bool
    let emotionVerified: Bool
    let profileComplete: Bool

    var nextStep: String {
        if !emailVerified { return "VERIFY_EMAIL" }
        if !emotionVerified { return "EMOTION_VERIFICATION" }
        if !profileComplete { return "COMPLETE_PROFILE" }
        return "DONE"
    }

    package static let objectTypeName = "Onboarding"
    package static let fieldReaders: [String: @Sendable (Onboarding) -> (any Sendable)?] = [
        "emailVerified": { $0.emailVerified }, "emotionVerified": { $0.emotionVerified },
        "profileComplete": { $0.profileComplete }, "nextStep": { $0.nextStep },
    ]
}
