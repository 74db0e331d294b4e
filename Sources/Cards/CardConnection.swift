import AppCore
import Foundation
import GraphQLExecution

/// `CardConnection`: a page of a user's cards by name, and what `totalCount` counts (the whole list with the
/// same search, read only when asked: the app switches layout above 30 cards).
struct CardConnection: GraphQLFieldTable {
    let page: KeysetConnection<CardRecord, CardCursor>
    let owner: UUID
    let search: SubstringFilter?

    static var fieldReaders: [String: @Sendable (CardConnection) -> (any Sendable)?] {
        ["edges": { $0.page.edges }, "pageInfo": { $0.page.pageInfo }]
    }
}
