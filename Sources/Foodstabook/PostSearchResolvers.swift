import AppCore
import GraphQLExecution

/// Binds schema/post-search.graphql: `searchPosts`, one statement (``PostSearchQueries``); the posts' authors
/// and comments then load as every page of posts does.
extension PostResolvers {
    static func bindSearch(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.readFields(of: PostSearchResult.self, as: "PostSearchResult")
        builder.resolveDomain("Query", "searchPosts") { info in
            let viewer = try info.context.signedIn()
            let request = try PostSearchRequest(arguments: info.args)
            return try await PostSearchQueries.page(request, viewer: viewer.userID, database: info.context.database)
        }
    }
}
