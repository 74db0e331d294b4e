import GraphQLExecution

/// A page of a list as a Relay connection (`XConnection { edges { cursor node } pageInfo }`):
/// built from the rows a ``PageRequest`` read, in the order the statement
/// returned them (up to ``PageRequest/limit`` rows).
struct Connection<Node: Sendable>: GraphQLFieldTable {
    struct Edge: GraphQLFieldTable {
        let cursor: Cursor
        let node: Node

        static var fieldReaders: [String: @Sendable (Edge) -> (any Sendable)?] {
            ["cursor": { $0.cursor.text }, "node": { $0.node }]
        }
    }

    let edges: [Edge]
    let pageInfo: PageInfo

    /// `rows` as read with `request`'s ordering; `cursor` gives each row's position.
    init(rows: [Node], request: PageRequest, cursor: (Node) -> Cursor) {
        let more = rows.count > request.size
        var page = Array(rows.prefix(request.size))
        if request.fromEnd { page.reverse() }
        edges = page.map { Edge(cursor: cursor($0), node: $0) }
        pageInfo = PageInfo(
            hasNextPage: !request.fromEnd && more, hasPreviousPage: request.fromEnd && more,
            startCursor: edges.first?.cursor.text, endCursor: edges.last?.cursor.text
        )
    }

    static var fieldReaders: [String: @Sendable (Connection) -> (any Sendable)?] {
        ["edges": { $0.edges }, "pageInfo": { $0.pageInfo }]
    }

    /// Binds this connection as `XConnection` and its edges as `XEdge`.
    static func bind(as connectionType: String, edge edgeType: String, into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.readFields(of: Connection.self, as: connectionType)
        builder.readFields(of: Edge.self, as: edgeType)
    }
}

/// `PageInfo` (schema/pagination.graphql).
struct PageInfo: GraphQLRecord {
    let hasNextPage: Bool
    let hasPreviousPage: Bool
    let startCursor: String?
    let endCursor: String?

    static let objectTypeName = "PageInfo"
    static let fieldReaders: [String: @Sendable (PageInfo) -> (any Sendable)?] = [
        "hasNextPage": { $0.hasNextPage }, "hasPreviousPage": { $0.hasPreviousPage },
        "startCursor": { $0.startCursor }, "endCursor": { $0.endCursor },
    ]
}
