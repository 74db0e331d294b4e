import AppCore
import Foundation
import Postgres

/// My Cards' reads. A card is its owner's alone: every statement here has `c.owner_id = owner`, so
/// another user's card is never read, and the resolvers answer it as a missing one.
package enum CardQueries {
    /// How many cards `recentCards` lists at most (my-cards.md UC1.2: "a max of 6 recent cards").
    static let recentLimit = 6

    /// Card `id` if `owner` owns it.
    static func card(_ id: UUID, ownedBy owner: UUID, database: PostgresPool) async throws -> CardRecord? {
        try await database.query("""
            SELECT \(CardRecord.columns) FROM \(CardRecord.from) WHERE c.id = \(id) AND c.owner_id = \(owner)
            """).first.map(CardRecord.init(row:))
    }

    /// The cards of `owner` whose name contains `search` (ignoring case), alphabetically (case-insensitive,
    /// then by id), one page after the request's cursor: one range of `cards_owner_name_idx`.
    static func page(
        ownedBy owner: UUID, search: SubstringFilter?, request: KeysetPageRequest<CardCursor>, database: PostgresPool
    ) async throws -> CardConnection {
        var condition = filter(owner: owner, search: search)
        if let after = request.after {
            condition = condition + " AND (lower(c.name), c.id) > (lower(\(after.name)), \(after.id))"
        }
        let rows = try await database.query("""
            SELECT \(CardRecord.columns) FROM \(CardRecord.from) WHERE \(condition)
            ORDER BY lower(c.name), c.id LIMIT \(request.limit)
            """)
        let page = KeysetConnection(rows: try rows.map(CardRecord.init(row:)), request: request) { CardCursor(name: $0.name, id: $0.id) }
        return CardConnection(page: page, owner: owner, search: search)
    }

    /// How many cards of `owner` match `search` (the whole list, not a page).
    static func count(ownedBy owner: UUID, search: SubstringFilter?, database: PostgresPool) async throws -> Int {
        try await database.query("SELECT count(*) AS n FROM cards c WHERE \(filter(owner: owner, search: search))")[0]
            .decode("n", as: Int.self)
    }

    /// The cards of `owner` used most recently, at most ``recentLimit``, newest use first; never-used cards are not listed.
    static func recent(ownedBy owner: UUID, database: PostgresPool) async throws -> [CardRecord] {
        try await database.query("""
            SELECT \(CardRecord.columns) FROM \(CardRecord.from)
            WHERE c.owner_id = \(owner) AND c.last_used_at IS NOT NULL
            ORDER BY c.last_used_at DESC, c.id DESC LIMIT \(recentLimit)
            """).map(CardRecord.init(row:))
    }

    /// Which cards aliased `c` a list of `owner`'s shows (statement text).
    private static func filter(owner: UUID, search: SubstringFilter?) -> SQL {
        guard let search else { return "c.owner_id = \(owner)" }
        return "c.owner_id = \(owner) AND \(search.matches("c.name"))"
    }
}
