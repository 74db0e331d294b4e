import AppCore
import Foundation
import Postgres

/// The admin dashboard's demo data (issue 13 "Demo data"): erin is blocked
/// for spam, dan's selfie waits for review, and the event log holds a week of
/// the demo accounts' sign-ups, logins, a failed login, a role change and the
/// block. Idempotent: the block is written once, the selfie when dan has none,
/// the events when no demo event exists.
enum DemoAdministration {
    static let blocked = "erin@demo.quarry.dev"
    static let blockReason = "Sent the same advert to 40 people."
    static let selfieOwner = "dan@demo.quarry.dev"

    /// (type, account, days ago): what the event log shows for the demo week.
    static let events: [(String, String, Int)] = [
        ("SIGN_UP", "alice@demo.quarry.dev", 6), ("SIGN_UP", "bob@demo.quarry.dev", 6), ("SIGN_UP", "carol@demo.quarry.dev", 6),
        ("ROLE_CHANGED", "admin@demo.quarry.dev", 6), ("SIGN_UP", "erin@demo.quarry.dev", 5),
        ("LOGIN", "alice@demo.quarry.dev", 5), ("LOGIN", "bob@demo.quarry.dev", 4),
        ("LOGIN_FAILED", "carol@demo.quarry.dev", 3), ("LOGIN", "carol@demo.quarry.dev", 3),
        ("LOGIN", "alice@demo.quarry.dev", 2), ("SIGN_UP", "dan@demo.quarry.dev", 1),
        ("USER_BLOCKED", "erin@demo.quarry.dev", 1), ("LOGIN", "bob@demo.quarry.dev", 0),
    ]

    static func load(on connection: PostgresConnection) async throws {
        _ = try await connection.execute("""
            UPDATE users SET blocked_at = now() - interval '1 day', block_reason = \(blockReason)
            WHERE lower(email) = \(blocked) AND blocked_at IS NULL
            """)
        guard try await connection.query("SELECT 1 FROM event_log WHERE details->>'demo' = 'true' LIMIT 1").isEmpty else { return }
        for (type, email, daysAgo) in events {
            _ = try await connection.execute("""
                INSERT INTO event_log (type, user_id, at, ip, user_agent, details)
                SELECT \(type), u.id, now() - \(daysAgo)::int * interval '1 day' - interval '2 hours', '203.0.113.7',
                       'ScreenCache/1.4 iOS/18.1', '{"demo": "true"}'::jsonb
                FROM users u WHERE lower(u.email) = \(email)
                """)
        }
    }

    /// dan's selfie for the "happy" challenge, waiting for review, when dan has none.
    static func loadSelfies(database: PostgresPool, store: any MediaStore) async throws {
        let owner = try await database.query("""
            SELECT u.id FROM users u WHERE lower(u.email) = \(selfieOwner)
            AND NOT EXISTS (SELECT 1 FROM selfie_verifications v WHERE v.user_id = u.id)
            """).first.map { try $0.decode("id", as: UUID.self) }
        guard let owner else { return }
        // Drawn like the demo screenshots: a warm face-coloured picture is enough for a demo queue.
        let picture = DemoScreenshots.Shot(
            owner: selfieOwner, annotation: "", hoursAgo: 20, bar: (141, 110, 99), rows: (255, 224, 178)
        )
        let (sha256, byteSize) = try await DemoScreenshots.storePicture(of: picture, in: store)
        try await database.withTransaction { connection in
            let media = try await connection.query("""
                INSERT INTO media (owner_id, sha256, content_type, byte_size, width, height, kind, visibility)
                VALUES (\(owner), \(sha256), 'image/png', \(byteSize), \(DemoScreenshots.width), \(DemoScreenshots.height),
                        'SELFIE', 'PRIVATE')
                RETURNING id
                """)[0].decode("id", as: UUID.self)
            _ = try await connection.execute("""
                INSERT INTO selfie_verifications (user_id, media_id, challenge_id, created_at)
                VALUES (\(owner), \(media), 'happy', now() - interval '20 hours')
                """)
        }
    }
}
