import GraphQLExecution

/// A page of a list as a Relay connection (`XConnection { edges { cursor node } pageInfo }`):
/// built from the rows a ``PageRequest`` read, in the order the statement
/// returned them (up to ``PageRequest/limit`` rows).
struct Connection<Node: Sendable>: Sendable, FieldReadable {
    struct Edge: Sendable, FieldReadable {
        let cursor: Cursor
        let node: Node

        func graphQLField(_ name: String) -> (any Sendable)? {
            switch name {
            case "cursor": cursor.text
            case "node": node
            default: nil
            }
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

    func graphQLField(_ name: String) -> (any Sendable)? {
        switch name {
        case "edges": edges
        case "pageInfo": pageInfo
        default: nil
        }
    }
}

/// `PageInfo` (schema/pagination.graphql).
struct PageInfo: Sendable, FieldReadable {
    let hasNextPage: Bool
    let hasPreviousPage: Bool
    let startCursor: String?
    let endCursor: String?

    func graphQLField(_ name: String) -> (any Sendable)? {
        switch name {
        case "hasNextPage": hasNextPage
        case "hasPreviousPage": hasPreviousPage
        case "startCursor": startCursor
        case "endCursor": endCursor
        default: nil
        }
    }
}
