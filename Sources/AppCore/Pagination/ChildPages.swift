import Foundation
import Postgres

/// A key of a loader of child pages: whose page (`parent`), which page, and
/// what else decides the statement (`shape`: a search, the viewer the rows
/// are read for). Keys with the same shape and page share one statement.
package protocol ChildPageKey: Hashable, Sendable {
    associatedtype Shape: Hashable
    var parent: UUID { get }
    var page: PageRequest { get }
    var shape: Shape { get }
}

/// The one way to read "a page of children for many parents in one
/// statement" (DESIGN.md "One round trip per level"): each parent's page is a
/// `LATERAL` subquery with its own keyset condition and `LIMIT`, so it costs one
/// index range scan per parent and follows the rows returned, not all the rows
/// the parents have (a `row_number()` window over `parent = ANY(…)` would
/// number them all). Each answer is a ``Connection`` in the page's order.
package enum ChildPages {
    /// The pages `keys` ask for, in as few statements as there are different
    /// (shape, page) pairs among them: one for the usual "each friend's latest 3".
    @inlinable package static func read<Key: ChildPageKey, Record: Sendable>(
        _ keys: [Key], database: PostgresPool, query: (Key.Shape) -> PageQuery,
        record: (PostgresRow) throws -> Record
    ) async throws -> [Key: Connection<Record>] {
        var answers: [Key: Connection<Record>] = [:]
        for (group, members) in Dictionary(grouping: keys, by: { Group(shape: $0.shape, page: $0.page) }) {
            let pages = try await read(
                parents: members.map(\.parent), page: group.page, query: query(group.shape), database: database, record: record
            )
            for key in members { answers[key] = pages[key.parent] }
        }
        return answers
    }

    /// One `page` of each parent's children. Without `parentTable` every parent
    /// gets a connection (empty when it has no children); with it, only the
    /// parents that are rows of that table (by `id`) do, so a caller tells "no
    /// such parent" from "no children" in the same statement.
    @inlinable package static func read<Record: Sendable>(
        parents: [UUID], page: PageRequest, query: PageQuery, parentTable: SQL? = nil, database: PostgresPool,
        record: (PostgresRow) throws -> Record
    ) async throws -> [UUID: Connection<Record>] {
        let source: SQL = if let parentTable {
            "(SELECT id FROM \(parentTable) WHERE id = ANY(\(parents)::uuid[])) AS k(parent)"
        } else {
            "unnest(\(parents)::uuid[]) AS k(parent)"
        }
        let rows = try await database.query("""
            SELECT k.parent AS page_parent, p.* FROM \(source)
            LEFT JOIN LATERAL (
                SELECT \(query.columns), \(query.time) AS page_time, \(query.id) AS page_id FROM \(query.from)
                WHERE \(query.condition) AND \(page.condition(time: query.time, id: query.id))
                ORDER BY \(page.ordering(time: query.time, id: query.id)) LIMIT \(page.limit)
            ) p ON TRUE
            ORDER BY k.parent, \(page.ordering(time: "p.page_time", id: "p.page_id"))
            """)
        var children: [UUID: [(Record, Cursor)]] = parentTable == nil
            ? Dictionary(uniqueKeysWithValues: Set(parents).map { ($0, []) }) : [:]
        for row in rows {
            let parent = try row.decode("page_parent", as: UUID.self)
            guard let id = try row.decode("page_id", as: UUID?.self) else {
                children[parent, default: []] = []
                continue
            }
            let cursor = Cursor(time: try row.decode("page_time", as: Date.self), id: id)
            children[parent, default: []].append((try record(row), cursor))
        }
        return children.mapValues { Connection(rows: $0, request: page) }
    }

    @usableFromInline struct Group<Shape: Hashable>: Hashable {
        let shape: Shape
        let page: PageRequest
    }
}
