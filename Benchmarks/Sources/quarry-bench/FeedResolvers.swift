import GraphQLExecution
import GraphQLType

/// The request context of the benchmark: none is needed.
struct BenchContext: Sendable {}

/// Binds the resolvers of Benchmarks/workloads/README.md ("Resolver semantics")
/// over `store`; every other field reads its source's property of the same name.
func makeExecutableSchema(_ schema: GraphQLSchema, store: FeedStore) throws -> ExecutableSchema<BenchContext> {
    var builder = ExecutableSchemaBuilder<BenchContext>(schema: schema)
    let users = store.users, posts = store.posts, comments = store.comments, screenshots = store.screenshots
    let viewer = store.viewer

    builder.resolve("Query", "viewer") { _ in viewer }
    builder.resolve("Query", "user") { info in
        if let id = info.args["id"]?.stringValue { return users[id] }
        if let nickname = info.args["nickname"]?.stringValue { return users.values.first { $0.nickname == nickname } }
        return nil
    }
    builder.resolve("Query", "post") { info in info.args["id"]?.stringValue.flatMap { posts[$0] } }
    builder.resolve("Query", "search") { info in
        search(
            store, query: info.args["query"]?.stringValue ?? "",
            kinds: info.args["kinds"]?.listValue?.compactMap(\.stringValue), first: info.args["first"]?.intValue)
    }

    builder.resolve("User", "friends", source: UserRecord.self) { user, info in
        Connection(ids: user.friendIds, first: info.args["first"]?.intValue, after: info.args["after"]?.stringValue) {
            users[$0]
        }
    }
    builder.resolve("User", "posts", source: UserRecord.self) { user, info in
        var ids = user.postIds  // stored newest first
        switch info.args["orderBy"]?.stringValue {
        case "OLDEST_FIRST": ids.reverse()
        case "MOST_LIKED": ids.sort { (posts[$0]?.likeCount ?? 0) > (posts[$1]?.likeCount ?? 0) }
        default: break
        }
        return Connection(ids: ids, first: info.args["first"]?.intValue, after: info.args["after"]?.stringValue) {
            posts[$0]
        }
    }
    builder.resolve("User", "screenshots", source: UserRecord.self) { user, info in
        var ids = user.screenshotIds
        if let needle = info.args["search"]?.stringValue?.lowercased(), !needle.isEmpty {
            ids = ids.filter { (screenshots[$0]?.annotation ?? "").lowercased().contains(needle) }
        }
        return Connection(ids: ids, first: info.args["first"]?.intValue, after: info.args["after"]?.stringValue) {
            screenshots[$0]
        }
    }
    builder.resolve("User", "cards") { _ in [(any Sendable)?]() }
    builder.resolve("User", "friendRequests") { _ in [(any Sendable)?]() }

    builder.resolve("Post", "author", source: PostRecord.self) { post, _ in users[post.authorId] }
    builder.resolve("Post", "comments", source: PostRecord.self) { post, info in
        let first = max(0, info.args["first"]?.intValue ?? post.commentIds.count)
        return post.commentIds.prefix(first).map { comments[$0] } as [(any Sendable)?]
    }
    builder.resolve("Comment", "author", source: CommentRecord.self) { comment, _ in users[comment.authorId] }
    builder.resolve("Comment", "post", source: CommentRecord.self) { comment, _ in posts[comment.postId] }
    builder.resolve("Screenshot", "owner", source: ScreenshotRecord.self) { shot, _ in users[shot.ownerId] }
    builder.resolveType("SearchResult") { value, _, _ in
        switch value {
        case is UserRecord: "User"
        case is PostRecord: "Post"
        case is ScreenshotRecord: "Screenshot"
        default: nil
        }
    }
    builder.resolveType("Node") { value, _, _ in
        switch value {
        case is UserRecord: "User"
        case is PostRecord: "Post"
        case is CommentRecord: "Comment"
        case is ScreenshotRecord: "Screenshot"
        default: nil
        }
    }
    // The rest of the schema (mutations, messaging, wallet) is outside the workloads:
    // its fields read whatever the source has, which W1-W4 never ask for.
    for type in schema.types {
        guard let object = type.asObject, !object.name.hasPrefix("__") else { continue }
        builder.readProperties(of: object.name)
    }
    return try builder.build()
}

/// `Query.search`: case-insensitive substring match on user nickname or bio, post
/// caption, screenshot annotation; hits of the requested kinds interleaved and cut to `first`.
private func search(_ store: FeedStore, query: String, kinds: [String]?, first: Int?) -> [(any Sendable)?] {
    let needle = query.lowercased()
    func matches(_ text: String?) -> Bool { text?.lowercased().contains(needle) ?? false }
    let kinds = Set(kinds ?? ["USER", "POST", "SCREENSHOT"])
    var groups: [[any Sendable]] = []
    if kinds.contains("USER") {
        groups.append(sortedByID(store.users.values.filter { matches($0.nickname) || matches($0.bio) }, \.id))
    }
    if kinds.contains("POST") {
        groups.append(sortedByID(store.posts.values.filter { matches($0.caption) }, \.id))
    }
    if kinds.contains("SCREENSHOT") {
        groups.append(sortedByID(store.screenshots.values.filter { matches($0.annotation) }, \.id))
    }
    var hits: [(any Sendable)?] = []
    let limit = first ?? Int.max
    var index = 0
    while hits.count < limit, groups.contains(where: { index < $0.count }) {
        for group in groups where index < group.count && hits.count < limit { hits.append(group[index]) }
        index += 1
    }
    return hits
}

/// Records in data.json order: ids are numbered after a one-letter prefix (`u12`).
private func sortedByID<Record: Sendable>(_ records: [Record], _ id: (Record) -> String) -> [any Sendable] {
    records.map { (Int(id($0).dropFirst()) ?? 0, $0) }.sorted { $0.0 < $1.0 }.map { $0.1 }
}
