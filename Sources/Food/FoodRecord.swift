import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// A row of `foods` (the catalogue of db/migrations/0020_food_suggestions.sql) as `FoodSuggestion` reads it, with
/// whether the viewer likes it.
package struct FoodRecord: NodeRecord {
    package let id: UUID
    let name: String
    let description: String
    /// `MealCategory` values, as the catalogue stores them.
    let categories: [String]
    let tags: [String]
    let viewerLikes: Bool

    package static let objectTypeName = "FoodSuggestion"

    /// The columns ``init(row:)`` reads from `foods` aliased `f`; the like is an index lookup on `food_likes`' primary key.
    static func columns(seenBy viewer: UUID) -> SQL {
        """
        f.id, f.name, f.description, f.categories, f.tags,
        EXISTS (SELECT 1 FROM food_likes l WHERE l.user_id = \(viewer) AND l.food_id = f.id) AS viewer_likes
        """
    }

    init(row: PostgresRow) throws {
        id = try row.decode("id", as: UUID.self)
        name = try row.decode("name", as: String.self)
        description = try row.decode("description", as: String.self)
        categories = try row.decode("categories", as: [String].self)
        tags = try row.decode("tags", as: [String].self)
        viewerLikes = try row.decode("viewer_likes", as: Bool.self)
    }

    package static let fieldReaders: [String: @Sendable (FoodRecord) -> (any Sendable)?] = [
        "id": { $0.globalID }, "name": { $0.name }, "description": { $0.description }, "categories": { $0.categories },
        "tags": { $0.tags }, "viewerLikes": { $0.viewerLikes },
    ]
}
