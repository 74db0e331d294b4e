import Foundation
import Postgres

/// The demo accounts' liked food suggestions (issue 16, foodstabook.md 2.4.1): bob, the home cook, liked a few
/// dishes of the catalogue (db/migrations/0020_food_suggestions.sql), so his suggestions lean to their categories
/// and tags from the first call. Idempotent: a like that exists is left alone.
enum DemoFood {
    /// (account, the names of the foods it liked).
    static let likes = [
        ("bob@demo.quarry.dev", ["Jollof rice", "Shakshuka", "Chili con carne", "Pad Thai", "Banana bread"]),
        ("alice@demo.quarry.dev", ["Matcha latte", "Avocado toast"]),
    ]

    static func load(on connection: PostgresConnection) async throws {
        for (email, foods) in likes {
            _ = try await connection.execute("""
                INSERT INTO food_likes (user_id, food_id)
                SELECT u.id, f.id FROM users u, foods f WHERE lower(u.email) = \(email) AND f.name = ANY(\(foods))
                ON CONFLICT DO NOTHING
                """)
        }
    }
}
