import Foundation
import Postgres

/// A key of a loader of child pages: whose page (`parent`), which page, and
/// what else decides the statement (`shape`: a search, the viewer the rows
/// are read for). Keys with the same shape and page share one statement.
public protocol ChildPageKey: Hashable, Sendable {
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
///
/// The readers are public and inlinable, as ``Connection``'s pages are, so that each caller's
/// copy is specialized for its key and record types; the statement is built out of line.
public enum ChildPages {
    /// The pages `keys` ask for, in as few statements as there are different
    /// (shape, page) pairs among them: one for the usual "each friend's latest 3".
    @inlinable public static func read<Key: ChildPageKey, Record: Sendable>(
        _ keys: [Key], database: PostgresPool, query: (Key.Shape) -> PageQuery,
        record: (PostgresRow) throws -> Record
    ) async throws -> [Key: Connection<Record>] {
        var answers: [Key: Connection<Record>] = [:]
        answers.reserveCapacity(keys.count)
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
    @inlinable public static func read<Record: Sendable>(
        parents: [UUID], page: PageRequest, query: PageQuery, parentTable: SQL? = nil, database: PostgresPool,
        record: (PostgresRow) throws -> Record
    ) async throws -> [UUID: Connection<Record>] {
        let rows = try await rows(parents: parents, page: page, query: query, parentTable: parentTable, database: database)
        // The rows come parent by parent (`ORDER BY k.parent`), so each parent's page is
        // built as soon as its rows end: no dictionary of row lists, and the page columns'
        // positions are looked up once, not for each row.
        var pages: [UUID: Connection<Record>] = [:]
        pages.reserveCapacity(parents.count)
        guard let columns = rows.first?.columns else { return pages }
        let parentColumn = try columns.position(of: "page_parent")
        let idColumn = try columns.position(of: "page_id")
        let timeColumn = try columns.position(of: "page_time")
        var parent: UUID?
        var children: [(node: Record, cursor: Cursor)] = []
        for (index, row) in rows.enumerated() {
            // A parent's text is the same in each of its rows: only a new parent's is decoded.
            if index == 0 || !row.cell(parentColumn, equalsCellOf: rows[index - 1]) {
                if let parent { pages[parent] = Connection(rows: children, request: page) }
                parent = try row.decode(UUID.self, at: parentColumn)
                children.removeAll(keepingCapacity: true)
            }
            // A parent without children has one row, with NULL page columns (LEFT JOIN … ON TRUE).
            guard let id = try row.decode(UUID?.self, at: idColumn) else { continue }
            let cursor = Cursor(time: try row.decode(Date.self, at: timeColumn), id: id)
            children.append((node: try record(row), cursor: cursor))
        }
        if let parent { pages[parent] = Connection(rows: children, request: page) }
        return pages
    }

    /// The rows of ``read(parents:page:query:parentTable:database:record:)``'s statement, parent by parent.
    @usableFromInline static func rows(
        parents: [UUID], page: PageRequest, query: PageQuery, parentTable: SQL?, database: PostgresPool
    ) async throws -> [PostgresRow] {
        let source: SQL = if let parentTable {
            "(SELECT id FROM \(parentTable) WHERE id = ANY(\(parents)::uuid[])) AS k(parent)"
        } else {
            "unnest(\(parents)::uuid[]) AS k(parent)"
        }
        return try await database.query("""
            SELECT k.parent AS page_parent, p.* FROM \(source)
            LEFT JOIN LATERAL (
                SELECT \(query.columns), \(query.time) AS page_time, \(query.id) AS page_id FROM \(query.from)
                WHERE \(query.condition) AND \(page.condition(time: query.time, id: query.id))
                ORDER BY \(page.ordering(time: query.time, id: query.id)) LIMIT \(page.limit)
            ) p ON TRUE
            ORDER BY k.parent, \(page.ordering(time: "p.page_time", id: "p.page_id"))
            """)
    }

    @usableFromInline struct Group<Shape: Hashable>: Hashable {
        @usableFromInline let shape: Shape
        @usableFromInline let page: PageRequest

        @usableFromInline init(shape: Shape, page: PageRequest) {
            self.shape = shape
            self.page = page
        }
    }
}
