import AppCore
import GraphQLExecution

/// `PostSearchResult` (schema/post-search.graphql): a page of matching posts, and the seed's advice when the
/// search matched nothing at all.
struct PostSearchResult: GraphQLFieldTable {
    let posts: Connection<PostRecord>
    let message: String?

    /// The page from `rows` (read with `LIMIT size + 1`), each with its cursor. Only a first page can tell that
    /// nothing matched: an empty page after a cursor is the end of a list that had matches.
    init(rows: [(node: PostRecord, cursor: String)], request: PostSearchRequest) {
        posts = Connection(rows: rows, size: request.size)
        message = rows.isEmpty && request.after == nil ? PostSearchInput.noMatches : nil
    }

    static var fieldReaders: [String: @Sendable (PostSearchResult) -> (any Sendable)?] {
        ["posts": { $0.posts }, "message": { $0.message }]
    }
}
