import AppCore
import Foundation
import GraphQLExecution
import GraphQLType
import Postgres

/// Binds schema/food.graphql: the food suggestion tool (foodstabook.md 2.4.1), for signed-in users (`@auth` on
/// the root fields; ``FoodQueries/food(_:seenBy:database:)`` for `Query.node`). Every call reads and writes the
/// viewer's own round, history and likes only.
package enum FoodResolvers {
    package static func bind(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.readFields(of: FoodRecord.self)
        builder.readFields(of: FoodHistoryEntryRecord.self)
        Connection<FoodHistoryEntryRecord>.bind(as: "FoodSuggestionHistoryConnection", edge: "FoodSuggestionHistoryEdge", into: &builder)
        builder.resolve("FoodSuggestion", "pictureUrl", source: FoodRecord.self) { food, info in
            FoodPicture.url(of: food.id, publicURL: info.context.publicURL)
        }
        builder.resolveDomain("Query", "foodSuggestions") { info in
            let viewer = try info.context.signedIn()
            let moreLike = try info.args.optionalString("moreLike").map { _ in
                try info.args.id(of: FoodRecord.self, "moreLike", else: FoodErrors.foodNotFound)
            }
            return try await FoodSuggestionChanges.suggest(
                category: info.args.optionalString("category"), moreLike: moreLike, for: viewer.userID, database: info.context.database
            )
        }
        builder.resolveDomain("Query", "foodSuggestionHistory") { info in
            let viewer = try info.context.signedIn()
            let page = try PageRequest(arguments: info.args, order: .newestFirst)
            return try await FoodQueries.history(of: viewer.userID, page: page, database: info.context.database)
        }
        builder.resolveDomain("Mutation", "likeFoodSuggestion") { info in
            let viewer = try info.context.signedIn()
            let id = try info.args.id(of: FoodRecord.self, "id", else: FoodErrors.foodNotFound)
            return try await FoodSuggestionChanges.like(id, by: viewer.userID, database: info.context.database)
        }
        builder.resolveDomain("Mutation", "unlikeFoodSuggestion") { info in
            let viewer = try info.context.signedIn()
            let id = try info.args.id(of: FoodRecord.self, "id", else: FoodErrors.foodNotFound)
            return try await FoodSuggestionChanges.unlike(id, by: viewer.userID, database: info.context.database)
        }
        builder.resolveDomain("Mutation", "startOverFoodSuggestions") { info in
            try await FoodSuggestionChanges.startOver(for: info.context.signedIn().userID, database: info.context.database)
            return true
        }
    }
}
