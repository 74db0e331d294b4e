import AppCore
import Foundation
import Postgres

/// The offers' reads. "Valid now" is `valid_from <= now() < valid_to` everywhere; the area is ``OfferArea``'s.
package enum OfferQueries {
    /// A page of the valid offers in `area` whose store name or details contain `search`: nearest first with a
    /// point, soonest-ending first without (then by id), one range of `offers_nearby_idx` or `offers_ending_idx`.
    static func page(
        in area: OfferArea, search: SubstringFilter?, request: OfferPageRequest, database: PostgresPool
    ) async throws -> OfferConnection {
        let page = try pageRows(of: "TRUE", in: area, search: search, request: request)
        let rows = try await database.query("""
            SELECT \(OfferRecord.columns) FROM \(OfferRecord.from(page)) ORDER BY n.\(key(area)), n.id
            """)
        return connection(try rows.map(OfferRecord.init(row:)), in: area, request: request)
    }

    /// `Card.offers` of a page of cards: one page of each issuer's valid offers in `area`, all in one statement
    /// (a `LATERAL` page per issuer, as ``ChildPages`` reads children).
    static func pages(
        ofIssuers issuers: [UUID], in area: OfferArea, request: OfferPageRequest, database: PostgresPool
    ) async throws -> [UUID: OfferConnection] {
        let page = try pageRows(of: "o.issuer_id = k.parent", in: area, search: nil, request: request)
        let rows = try await database.query("""
            SELECT k.parent AS page_parent, p.* FROM unnest(\(issuers)::uuid[]) AS k(parent)
            LEFT JOIN LATERAL (SELECT \(OfferRecord.columns) FROM \(OfferRecord.from(page))) p ON TRUE
            ORDER BY k.parent, p.\(key(area)), p.id
            """)
        var offers: [UUID: [OfferRecord]] = Dictionary(uniqueKeysWithValues: Set(issuers).map { ($0, []) })
        for row in rows {
            // An issuer without offers in the area is one row of NULLs (the LEFT JOIN).
            guard try row.decode("id", as: UUID?.self) != nil else { continue }
            offers[try row.decode("page_parent", as: UUID.self), default: []].append(try OfferRecord(row: row))
        }
        return offers.mapValues { connection($0, in: area, request: request) }
    }

    /// A key of `Card.offers`: the card owner's page of the card issuer's offers.
    struct CardOffersKey: Hashable, Sendable {
        let owner: UUID
        let issuer: UUID
        let page: OfferPageRequest
    }

    /// The pages `keys` ask for, around each owner's homeLocation (all valid offers when it is unset): one
    /// statement for the owner's home and one for all the issuers of a page of cards (``pages(ofIssuers:in:request:database:)``).
    static func cardPages(
        _ keys: [CardOffersKey], radiusMeters: Double, database: PostgresPool
    ) async throws -> [CardOffersKey: OfferConnection] {
        var answers: [CardOffersKey: OfferConnection] = [:]
        for (owner, ownerKeys) in Dictionary(grouping: keys, by: \.owner) {
            let area = OfferArea(try await homeLocation(of: owner, database: database), radiusMeters: radiusMeters)
            for (page, pageKeys) in Dictionary(grouping: ownerKeys, by: \.page) {
                let connections = try await pages(ofIssuers: pageKeys.map(\.issuer), in: area, request: page, database: database)
                for key in pageKeys { answers[key] = connections[key.issuer] }
            }
        }
        return answers
    }

    /// Whether any offer is valid now in `area` (the app's 1-page or tabs layout): the first index entry found.
    static func available(in area: OfferArea, database: PostgresPool) async throws -> Bool {
        try await database.query("""
            SELECT EXISTS (SELECT 1 FROM offers o WHERE \(valid) AND \(area.condition)) AS available
            """)[0].decode("available", as: Bool.self)
    }

    /// How many of issuer `issuer`'s offers are valid now in `area`; `nil` when there is no such issuer.
    static func count(ofIssuer issuer: UUID, in area: OfferArea, database: PostgresPool) async throws -> Int? {
        let row = try await database.query("""
            SELECT EXISTS (SELECT 1 FROM issuers WHERE id = \(issuer)) AS known,
                   (SELECT count(*) FROM offers o WHERE o.issuer_id = \(issuer) AND \(valid) AND \(area.condition)) AS n
            """)[0]
        guard try row.decode("known", as: Bool.self) else { return nil }
        return try row.decode("n", as: Int.self)
    }

    /// Where user `user` said they are (User.homeLocation): the point a list is measured from when it names none.
    static func homeLocation(of user: UUID, database: PostgresPool) async throws -> GeoPoint? {
        try await database.query("SELECT \(GeoPoint.columns("home_location", as: "home")) FROM users WHERE id = \(user)")
            .first.flatMap { try GeoPoint(row: $0, name: "home") }
    }

    /// Offer `id` as its writes answer it (no point: `distanceMeters` null).
    static func offer(_ id: UUID, on connection: PostgresConnection) async throws -> OfferRecord? {
        try await connection.query("""
            SELECT \(OfferRecord.columns) FROM \(OfferRecord.from("SELECT o.*, NULL::float8 AS distance FROM offers o WHERE o.id = \(id)"))
            """).first.map(OfferRecord.init(row:))
    }

    /// The page of `rows` (read with `request`'s limit) in a list in `area`, with that list's cursors.
    private static func connection(_ rows: [OfferRecord], in area: OfferArea, request: OfferPageRequest) -> OfferConnection {
        OfferConnection(rows: rows, request: request) { OfferCursor($0, hasPoint: area.point != nil) }
    }

    /// Offers aliased `o` valid now (statement text).
    private static let valid: SQL = "o.valid_from <= now() AND o.valid_to > now()"

    /// The column a list in `area` is ordered by, before the id.
    private static func key(_ area: OfferArea) -> SQL { area.point == nil ? "valid_to" : "distance" }

    /// One page of the valid offers aliased `o` matching `scope` in `area` (statement text: offers' columns with
    /// `distance`). With a point, the inner query is ordered by the distance alone, which the GiST indexes' KNN
    /// scan returns as it reads (`offers_nearby_idx`, or `offers_issuer_nearby_idx` for one issuer), and
    /// stops after the page's rows and those tied with the last (`WITH TIES`): the limit tells the planner
    /// that only the first rows count, so it reads the index nearest first instead of sorting every offer in
    /// the area; the page's `(distance, id)` order is an incremental sort of those rows. Ordered by
    /// `(distance, id)` directly, PostgreSQL cannot use the KNN scan at all (Benchmarks/README.md "Offers").
    /// Without a point, `(valid_to, id)` is one B-tree range and has no ties.
    private static func pageRows(of scope: SQL, in area: OfferArea, search: SubstringFilter?, request: OfferPageRequest) throws -> SQL {
        var condition: SQL = "\(scope) AND \(valid) AND \(area.condition)"
        if let search {
            condition = condition
                + " AND (\(search.matches("o.details")) OR \(search.matches("(SELECT st.name FROM stores st WHERE st.id = o.store_id)")))"
        }
        if let cursor = request.after {
            guard cursor.isDistance == (area.point != nil) else { throw PageRequest.invalidCursor() }
            condition = condition + " AND \(cursor.condition(distance: area.distance))"
        }
        let order: SQL = area.point == nil ? "o.valid_to, o.id" : "distance"
        return """
            SELECT n.* FROM (
                SELECT o.id, o.store_id, o.issuer_id, o.details, o.thumbnail_media_id, o.valid_from, o.valid_to,
                       \(area.distance) AS distance
                FROM offers o WHERE \(condition) ORDER BY \(order) FETCH FIRST \(request.limit) ROWS WITH TIES
            ) n ORDER BY n.\(key(area)), n.id LIMIT \(request.limit)
            """
    }
}
