import Accounts
import AppCore
import Foundation
import Postgres

/// `quarry seed-demo` (issue 3): realistic demo data, so a newcomer to a fresh
/// `make run` sees a living system — accounts of every role with profiles,
/// for the admin dashboard a blocked account, a selfie to review and a
/// week of events, an image feed with comments, loyalty cards with their issuers, food posts with follows,
/// likes and comments, and liked food suggestions.
/// Each area adds its own demo rows here as it lands. Idempotent: what exists
/// (by address) is left alone.
public enum DemoData {
    /// The password of every demo account, printed by the command.
    public static let password = "quarry demo 2026 granite"

    struct Account {
        let email: String
        let nickname: String
        let role: String
        let realName: String
        let country: String
        let bio: String
        /// Whether the account has passed the emotion/selfie step (dan, who just joined, waits for review).
        var emotionVerified = true
    }

    static let accounts = [
        Account(email: "admin@demo.quarry.dev", nickname: "ada_admin", role: "ADMIN", realName: "Ada Byron", country: "GB",
                bio: "Keeps the community friendly."),
        Account(email: "alice@demo.quarry.dev", nickname: "alice", role: "USER", realName: "Alice Martin", country: "FR",
                bio: "Collects screenshots of beautiful apps."),
        Account(email: "bob@demo.quarry.dev", nickname: "bob_cooks", role: "USER", realName: "Bob Okafor", country: "NG",
                bio: "Home cook. Posts what I eat."),
        Account(email: "carol@demo.quarry.dev", nickname: "carol", role: "USER", realName: "Carol Nguyen", country: "US",
                bio: "Loyalty-card hoarder and coupon hunter."),
        Account(email: "dan@demo.quarry.dev", nickname: "dan", role: "USER", realName: "Dan Kowalski", country: "PL",
                bio: "Just joined.", emotionVerified: false),
        // Blocked by the administration (``DemoAdministration``).
        Account(email: "erin@demo.quarry.dev", nickname: "erin_deals", role: "USER", realName: "Erin Blake", country: "IE",
                bio: "Best deals every day!!! Follow for more."),
    ]

    /// Creates the demo accounts that do not exist yet, and with a media
    /// store their screenshots (``DemoScreenshots``); returns the new accounts' addresses.
    public static func load(
        database: PostgresPool, accounts services: AccountServices, media: (any MediaStore)? = nil
    ) async throws -> [String] {
        let hash = try await services.hasher.hash(password)
        let created = try await database.withTransaction { connection in
            var created: [String] = []
            for account in accounts where try await !UserQueries.emailInUse(account.email, on: connection) {
                _ = try await connection.execute("""
                    INSERT INTO users (email, nickname, password_hash, role, real_name, country, bio, email_verified_at,
                                       emotion_verified_at, accepted_terms_at)
                    VALUES (\(account.email), \(account.nickname), \(hash), \(account.role), \(account.realName),
                            \(account.country), \(account.bio), now(), CASE WHEN \(account.emotionVerified) THEN now() END, now())
                    """)
                created.append(account.email)
            }
            try await DemoFriends.load(on: connection)
            try await DemoMessages.load(on: connection)
            try await DemoAdministration.load(on: connection)
            try await DemoCards.load(on: connection)
            try await DemoOffers.load(on: connection)
            try await DemoPosts.loadPeople(on: connection)
            try await DemoFood.load(on: connection)
            return created
        }
        if let media {
            try await DemoScreenshots.load(database: database, store: media)
            try await DemoAdministration.loadSelfies(database: database, store: media)
            try await DemoFeed.load(database: database, store: media)
            try await DemoPosts.load(database: database, store: media)
        }
        return created
    }
}
