import CommonTestSupport
import GraphQLExecution
import GraphQLLanguage
import GraphQLType

/// The Snapfeed schema with the resolver semantics of the workloads' README ("Resolver
/// semantics"), over data.json held as value trees.
struct FeedWorkload {
    let executable: ExecutableSchema<Void>

    /// Loaded once for all tests (data.json is 10 MB).
    static let shared = Result { try FeedWorkload() }

    init() throws {
        let data = try Workloads.json("data.json")
        let schema = try buildSchema(sdl: try Workloads.text("schema.graphql"))
        let store = Store(data)
        var builder = ExecutableSchemaBuilder<Void>(schema: schema)
        for type in schema.types where type.kind == .object && !type.name.hasPrefix("__") {
            builder.readProperties(of: type.name)
        }
        builder.resolve("Query", "viewer") { _ in store.users[store.viewerID] }
        builder.resolve("Query", "search") { info in store.search(info.args) }
        builder.resolve("User", "friends") { info in
            let ids = ids(info.source, "friendIds")
            return connection(ids.compactMap { store.users[$0] }, first: info.args["first"]?.intValue, after: info.args["after"]?.stringValue)
        }
        builder.resolve("User", "posts") { info in
            var posts = ids(info.source, "postIds").compactMap { store.posts[$0] }
            switch info.args["orderBy"]?.stringValue {
            case "OLDEST_FIRST": posts.reverse()
            case "MOST_LIKED": posts.sort { ($0["likeCount"]?.intValue ?? 0) > ($1["likeCount"]?.intValue ?? 0) }
            default: break
            }
            return connection(posts, first: info.args["first"]?.intValue, after: info.args["after"]?.stringValue)
        }
        builder.resolve("Post", "author") { info in store.users[string(info.source, "authorId")] }
        builder.resolve("Comment", "author") { info in store.users[string(info.source, "authorId")] }
        builder.resolve("Post", "comments") { info in
            ids(info.source, "commentIds").prefix(info.args["first"]?.intValue ?? 20).compactMap { store.comments[$0] }
        }
        builder.resolve("Screenshot", "owner") { info in store.users[string(info.source, "ownerId")] }
        builder.resolveType("SearchResult") { value, _, _ in
            switch (value as? GraphQLValue)?["id"]?.stringValue?.first {
            case "u": "User"
            case "p": "Post"
            case "s": "Screenshot"
            default: nil
            }
        }
        executable = try builder.build()
    }

    struct Store: Sendable {
        let viewerID: String
        let users: [String: GraphQLValue]
        let posts: [String: GraphQLValue]
        let comments: [String: GraphQLValue]
        let ordered: (users: [GraphQLValue], posts: [GraphQLValue], screenshots: [GraphQLValue])

        init(_ data: GraphQLValue) {
            func table(_ name: String) -> [String: GraphQLValue] {
                Dictionary(uniqueKeysWithValues: (data[name]?.listValue ?? []).map { ($0["id"]!.stringValue!, $0) })
            }
            viewerID = data["viewerId"]!.stringValue!
            users = table("users")
            posts = table("posts")
            comments = table("comments")
            ordered = (
                data["users"]?.listValue ?? [], data["posts"]?.listValue ?? [], data["screenshots"]?.listValue ?? []
            )
        }

        func search(_ args: GraphQLObjectValue) -> [GraphQLValue] {
            let query = args["query"]?.stringValue?.lowercased() ?? ""
            let kinds = args["kinds"]?.listValue?.compactMap(\.stringValue) ?? ["USER", "POST", "SCREENSHOT"]
            func matches(_ record: GraphQLValue, _ fields: [String]) -> Bool {
                fields.contains { record[$0]?.stringValue?.lowercased().contains(query) ?? false }
            }
            var perKind: [[GraphQLValue]] = []
            if kinds.contains("USER") { perKind.append(ordered.users.filter { matches($0, ["nickname", "bio"]) }) }
            if kinds.contains("POST") { perKind.append(ordered.posts.filter { matches($0, ["caption"]) }) }
            if kinds.contains("SCREENSHOT") { perKind.append(ordered.screenshots.filter { matches($0, ["annotation"]) }) }
            var hits: [GraphQLValue] = []
            for index in 0..<(perKind.map(\.count).max() ?? 0) {
                for kind in perKind where index < kind.count { hits.append(kind[index]) }
            }
            return Array(hits.prefix(args["first"]?.intValue ?? 20))
        }
    }
}

/// A Relay connection over records; the cursor of a record is its id.
func connection(_ items: [GraphQLValue], first: Int?, after: String?) -> GraphQLValue {
    var start = 0
    if let after {
        start = (items.firstIndex { $0["id"]?.stringValue == after }).map { $0 + 1 } ?? items.count
    }
    let page = Array(items[start..<min(items.count, first.map { start + $0 } ?? items.count)])
    return [
        "edges": .list(page.map { ["cursor": $0["id"]!, "node": $0] }),
        "pageInfo": [
            "hasNextPage": .bool(start + page.count < items.count), "hasPreviousPage": .bool(start > 0),
            "startCursor": page.first?["id"] ?? .null, "endCursor": page.last?["id"] ?? .null,
        ],
        "totalCount": .int(items.count),
    ]
}

/// A list of ids of a record.
private func ids(_ record: any Sendable, _ key: String) -> [String] {
    ((record as? GraphQLValue)?[key]?.listValue ?? []).compactMap(\.stringValue)
}

/// A string property of a record.
private func string(_ record: any Sendable, _ key: String) -> String {
    (record as? GraphQLValue)?[key]?.stringValue ?? ""
}
