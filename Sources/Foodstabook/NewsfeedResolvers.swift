import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// Binds the newsfeed's fields of schema/posts.graphql (`newsfeed`, `newsfeedUpdates`), for signed-in users.
/// The feed's posts are `Post`s: their authors, likes and comments go through ``PostResolvers``' loaders.
package enum NewsfeedResolvers {
    package static func bind(into builder: inout ExecutableSchemaBuilder<QuarryContext>, database: PostgresPool) {
        builder.resolveDomain("Query", "newsfeed") { info in
            let viewer = try info.context.signedIn()
            let page = try PageRequest(arguments: info.args, order: .newestFirst)
            if let after = page.after, !NewsfeedQueries.tiers.contains(after.tier) {
                throw PageRequest.invalidCursor()
            }
            return try await NewsfeedQueries.page(for: viewer.userID, page: page, database: database)
        }
        builder.resolveDomain("Query", "newsfeedUpdates") { info in
            let viewer = try info.context.signedIn()
            return try await NewsfeedQueries.updates(for: viewer.userID, since: try info.args.date("since"), database: database)
        }
    }
}
