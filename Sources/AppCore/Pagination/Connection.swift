import GraphQLExecution

/// Where an edge of a ``Connection`` is: a keyset ``Cursor``, written out only when a client
/// asks for the edge's cursor (a page of 50 friends with 3 screenshots each has 200 edges,
/// and such a query asks for none), or a list's own cursor text.
public enum EdgePosition: Sendable {
    case keyset(Cursor)
    case text(String)

    /// The position as clients see it.
    var text: String {
        switch self {
        case .keyset(let cursor): cursor.text
        case .text(let text): text
        }
    }
}

/// A page of a list as a Relay connection (`XConnection { edges { cursor node } pageInfo }`):
/// built from the rows a ``PageRequest`` read, in the order the statement
/// returned them (up to ``PageRequest/limit`` rows).
///
/// Public, with its pages built and its fields read by inlinable code (as ``ChildPages`` reads
/// them), so that the module that names `Node` specializes that code for its record type: generic,
/// every edge's copy, every node read and every page's array went through `Node`'s metadata and
/// value witnesses (issue 17). A `package` declaration's inlinable body is not made available to
/// other modules' optimizer; a public one's is.
public struct Connection<Node: Sendable>: GraphQLFieldTable {
    @usableFromInline struct Edge: GraphQLFieldTable {
        @usableFromInline let position: EdgePosition
        @usableFromInline let node: Node

        @usableFromInline init(position: EdgePosition, node: Node) {
            self.position = position
            self.node = node
        }

        /// The position as clients see it.
        @usableFromInline var cursor: String { position.text }

        @inlinable static var fieldReaders: [String: @Sendable (Edge) -> (any Sendable)?] {
            ["cursor": { $0.cursor }, "node": { $0.node }]
        }
    }

    @usableFromInline let edges: [Edge]
    @usableFromInline let pageInfo: PageInfo

    /// `rows`, each with its position, as read with `request`'s ordering.
    @inlinable public init(rows: [(node: Node, cursor: Cursor)], request: PageRequest) {
        let more = rows.count > request.size
        var edges = rows.prefix(request.size).map { Edge(position: .keyset($0.cursor), node: $0.node) }
        if request.fromEnd { edges.reverse() }
        self.edges = edges
        pageInfo = PageInfo(
            hasNextPage: !request.fromEnd && more, hasPreviousPage: request.fromEnd && more,
            start: edges.first?.position, end: edges.last?.position
        )
    }

    /// A forward page of a list ordered by its own key rather than (time, id) (`searchPosts` by match
    /// quality): `rows` in order, each with its cursor text, read with `LIMIT size + 1`, so a row past `size`
    /// means more follow.
    package init(rows: [(node: Node, cursor: String)], size: Int) {
        edges = rows.prefix(size).map { Edge(position: .text($0.cursor), node: $0.node) }
        pageInfo = PageInfo(
            hasNextPage: rows.count > size, hasPreviousPage: false, start: edges.first?.position, end: edges.last?.position
        )
    }

    @usableFromInline init(edges: [Edge], pageInfo: PageInfo) {
        self.edges = edges
        self.pageInfo = pageInfo
    }

    /// The page's nodes in order, for answers that are not GraphQL (the feed's REST routes).
    package var nodes: [Node] { edges.map(\.node) }

    /// The same page with each node transformed (e.g. seen by a friend), positions kept.
    @inlinable public func map<Other: Sendable>(_ transform: (Node) -> Other) -> Connection<Other> {
        Connection<Other>(edges: edges.map { .init(position: $0.position, node: transform($0.node)) }, pageInfo: pageInfo)
    }

    @inlinable public static var fieldReaders: [String: @Sendable (Connection) -> (any Sendable)?] {
        ["edges": { $0.edges }, "pageInfo": { $0.pageInfo }]
    }

    /// Binds this connection as `XConnection` and its edges as `XEdge`.
    @inlinable public static func bind(
        as connectionType: String, edge edgeType: String, into builder: inout ExecutableSchemaBuilder<QuarryContext>
    ) {
        builder.readFields(of: Connection.self, as: connectionType)
        builder.readFields(of: Edge.self, as: edgeType)
    }
}

/// `PageInfo` (schema/pagination.graphql).
public struct PageInfo: GraphQLRecord {
    let hasNextPage: Bool
    let hasPreviousPage: Bool
    /// The first and last edges' positions, written out only when asked (like the edges' own).
    let start: EdgePosition?
    let end: EdgePosition?

    /// A page's info (``Connection`` and ``KeysetConnection`` build it).
    @usableFromInline init(hasNextPage: Bool, hasPreviousPage: Bool, start: EdgePosition?, end: EdgePosition?) {
        self.hasNextPage = hasNextPage
        self.hasPreviousPage = hasPreviousPage
        self.start = start
        self.end = end
    }

    public static let objectTypeName = "PageInfo"
    public static let fieldReaders: [String: @Sendable (PageInfo) -> (any Sendable)?] = [
        "hasNextPage": { $0.hasNextPage }, "hasPreviousPage": { $0.hasPreviousPage },
        "startCursor": { $0.start?.text }, "endCursor": { $0.end?.text },
    ]
}
