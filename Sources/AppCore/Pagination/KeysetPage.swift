import GraphQLExecution
import GraphQLLanguage
import GraphQLType

/// A position in a list ordered by its own key rather than by time and id (cards by name, offers by
/// distance), where the time-ordered ``Cursor`` does not fit. Opaque to clients.
package protocol KeysetCursor: Sendable, Hashable {
    /// Decodes a cursor a client sent back; `nil` for anything the list did not make.
    init?(_ text: String)
    /// The cursor as clients see it.
    var text: String { get }
}

/// The page a forward-only list with its own cursors is asked for (`first`, `after`): at most
/// ``PageRequest/maximumSize`` items after a cursor, read as a keyset range of the list's index.
package struct KeysetPageRequest<Key: KeysetCursor>: Sendable, Hashable {
    package let size: Int
    package let after: Key?

    package init(arguments: GraphQLObjectValue) throws(GraphQLError) {
        size = try PageRequest.first(of: arguments)
        after = try PageRequest.after(of: arguments) { Key($0) }
    }

    /// Rows to read: one more than the page holds, which tells whether more follow.
    package var limit: Int { size + 1 }
}

/// A page of a list with its own cursors as a Relay connection (`XConnection { edges { cursor node } pageInfo }`),
/// read forward only.
package struct KeysetConnection<Node: Sendable, Key: KeysetCursor>: GraphQLFieldTable {
    package struct Edge: GraphQLFieldTable {
        let cursor: Key
        let node: Node

        package static var fieldReaders: [String: @Sendable (Edge) -> (any Sendable)?] {
            ["cursor": { $0.cursor.text }, "node": { $0.node }]
        }
    }

    package let edges: [Edge]
    package let pageInfo: PageInfo

    /// The page from `rows`, read with `request`'s `LIMIT` (one more than the page), each at position `cursor`.
    package init(rows: [Node], request: KeysetPageRequest<Key>, cursor: (Node) -> Key) {
        edges = rows.prefix(request.size).map { Edge(cursor: cursor($0), node: $0) }
        pageInfo = PageInfo(
            hasNextPage: rows.count > request.size, hasPreviousPage: false,
            start: edges.first.map { .text($0.cursor.text) }, end: edges.last.map { .text($0.cursor.text) }
        )
    }

    /// The page of a list that has no items at all (e.g. the offers of a card without an issuer).
    package static var empty: KeysetConnection {
        KeysetConnection(edges: [], pageInfo: PageInfo(hasNextPage: false, hasPreviousPage: false, start: nil, end: nil))
    }

    private init(edges: [Edge], pageInfo: PageInfo) {
        self.edges = edges
        self.pageInfo = pageInfo
    }

    package static var fieldReaders: [String: @Sendable (KeysetConnection) -> (any Sendable)?] {
        ["edges": { $0.edges }, "pageInfo": { $0.pageInfo }]
    }

    /// Binds this connection as `XConnection` and its edges as `XEdge`.
    package static func bind(as connectionType: String, edge edgeType: String, into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.readFields(of: KeysetConnection.self, as: connectionType)
        builder.readFields(of: Edge.self, as: edgeType)
    }
}
