import AppCore
import Foundation
import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Postgres

/// The page `cards(search, first, after)` asks for: at most ``PageRequest/maximumSize`` cards after a cursor.
struct CardPageRequest: Sendable {
    let size: Int
    let after: CardCursor?
    let search: SubstringFilter?

    init(arguments: GraphQLObjectValue) throws(GraphQLError) {
        size = try PageRequest.first(of: arguments)
        after = try PageRequest.after(of: arguments) { CardCursor($0) }
        search = SubstringFilter(arguments.optionalString("search"))
    }
}

/// `CardConnection`: a page of a user's cards by name, and what `totalCount` counts (the whole list with the
/// same search, read only when asked: the app switches layout above 30 cards).
struct CardConnection: GraphQLFieldTable {
    struct Edge: GraphQLFieldTable {
        let cursor: CardCursor
        let node: CardRecord

        static var fieldReaders: [String: @Sendable (Edge) -> (any Sendable)?] {
            ["cursor": { $0.cursor.text }, "node": { $0.node }]
        }
    }

    let edges: [Edge]
    let pageInfo: PageInfo
    let owner: UUID
    let search: SubstringFilter?

    /// The page from `rows`, read with `request`'s `LIMIT` (one more than the page).
    init(rows: [CardRecord], request: CardPageRequest, owner: UUID) {
        edges = rows.prefix(request.size).map { Edge(cursor: CardCursor(name: $0.name, id: $0.id), node: $0) }
        pageInfo = PageInfo(
            hasNextPage: rows.count > request.size, hasPreviousPage: false,
            startCursor: edges.first?.cursor.text, endCursor: edges.last?.cursor.text
        )
        self.owner = owner
        search = request.search
    }

    static var fieldReaders: [String: @Sendable (CardConnection) -> (any Sendable)?] {
        ["edges": { $0.edges }, "pageInfo": { $0.pageInfo }]
    }
}
