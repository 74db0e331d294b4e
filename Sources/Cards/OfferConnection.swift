import AppCore
import Foundation
import GraphQLExecution
import GraphQLLanguage
import GraphQLType

/// The page an offers list is asked for: at most ``PageRequest/maximumSize`` offers after a cursor.
package struct OfferPageRequest: Sendable, Hashable {
    let size: Int
    let after: OfferCursor?

    init(arguments: GraphQLObjectValue) throws(GraphQLError) {
        let first = arguments.optionalInt("first")
        if let first, !(0...PageRequest.maximumSize).contains(first) {
            throw ClientError.invalidInput([("first", "first must be between 0 and \(PageRequest.maximumSize).")])
        }
        size = first ?? 20
        if let text = arguments.optionalString("after") {
            guard let cursor = OfferCursor(text) else { throw Self.invalidCursor }
            after = cursor
        } else {
            after = nil
        }
    }

    /// Rows to read: one more than the page holds, which tells whether more follow.
    var limit: Int { size + 1 }

    /// The answer to a cursor that is not ours, or one of a list with a point sent to a list without (or back).
    static let invalidCursor = ClientError.invalidInput([("after", "This cursor is not valid; use one from a previous page.")])
}

/// `OfferConnection`: a page of offers in their list's order (nearest first, or soonest-ending first).
package struct OfferConnection: GraphQLFieldTable {
    struct Edge: GraphQLFieldTable {
        let cursor: OfferCursor
        let node: OfferRecord

        static var fieldReaders: [String: @Sendable (Edge) -> (any Sendable)?] {
            ["cursor": { $0.cursor.text }, "node": { $0.node }]
        }
    }

    let edges: [Edge]
    let pageInfo: PageInfo

    /// The page from `rows`, read with `request`'s `LIMIT` (one more than the page), in a list with a point or without.
    init(rows: [OfferRecord], request: OfferPageRequest, hasPoint: Bool) {
        edges = rows.prefix(request.size).map { Edge(cursor: OfferCursor($0, hasPoint: hasPoint), node: $0) }
        pageInfo = PageInfo(
            hasNextPage: rows.count > request.size, hasPreviousPage: false,
            startCursor: edges.first?.cursor.text, endCursor: edges.last?.cursor.text
        )
    }

    /// The page of a card without an issuer: no offers.
    static let empty = OfferConnection(edges: [], pageInfo: PageInfo(hasNextPage: false, hasPreviousPage: false, startCursor: nil, endCursor: nil))

    private init(edges: [Edge], pageInfo: PageInfo) {
        self.edges = edges
        self.pageInfo = pageInfo
    }

    package static var fieldReaders: [String: @Sendable (OfferConnection) -> (any Sendable)?] {
        ["edges": { $0.edges }, "pageInfo": { $0.pageInfo }]
    }
}
