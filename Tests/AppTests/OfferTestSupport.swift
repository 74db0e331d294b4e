@testable import AppCore
import Foundation
import Postgres
import QuarryTestSupport
import Testing

/// Fixtures of the offers tests: issuers, stores and offers written straight into the database (the admin
/// mutations have their own tests in OfferAdminTests), and points a known distance apart.
enum OfferFixtures {
    /// A point of its own for a test, far from the other tests' (random over the inhabited latitudes), so the
    /// shared database's other offers are never within 25 km of it.
    static func somewhere() -> GeoPoint {
        GeoPoint(latitude: Double.random(in: -50...50), longitude: Double.random(in: -170...170))
    }

    /// The point `kilometers` north of `point`: PostGIS's sphere (radius 6,371,008.8 m) has 111.195 km a degree of latitude.
    static func north(of point: GeoPoint, _ kilometers: Double) -> GeoPoint {
        GeoPoint(latitude: point.latitude + kilometers / 111.195_08, longitude: point.longitude)
    }

    static func variables(_ point: GeoPoint) -> [String: Double] {
        ["latitude": point.latitude, "longitude": point.longitude]
    }
}

extension TestService {
    /// A new issuer with a unique name starting with `name`; returns its id.
    func addIssuer(_ name: String) async throws -> UUID {
        try await pool.query("INSERT INTO issuers (name) VALUES (\(name + " " + UUID().uuidString.prefix(8))) RETURNING id")[0]
            .decode("id", as: UUID.self)
    }

    /// A store of `issuer` named `name` at `point`; returns its id.
    func addStore(_ issuer: UUID, _ name: String, at point: GeoPoint) async throws -> UUID {
        try await pool.query("""
            INSERT INTO stores (issuer_id, name, address, location) VALUES (\(issuer), \(name), 'Test street 1', \(point.geography))
            RETURNING id
            """)[0].decode("id", as: UUID.self)
    }

    /// An offer of `store` valid from `from` to `to` days from now; returns its id.
    @discardableResult
    func addOffer(_ store: UUID, _ details: String, from: Double = -1, to: Double = 10) async throws -> UUID {
        try await pool.query("""
            INSERT INTO offers (store_id, issuer_id, location, details, valid_from, valid_to)
            SELECT id, issuer_id, location, \(details), now() + \(from) * interval '1 day', now() + \(to) * interval '1 day'
            FROM stores WHERE id = \(store) RETURNING id
            """)[0].decode("id", as: UUID.self)
    }

    /// Sets `user`'s homeLocation as `updateProfile(input: { homeLocation })` does.
    func setHome(_ user: TestUser, _ point: GeoPoint) async throws {
        let r = try await post(
            "mutation($p: GeoPointInput) { updateProfile(input: { homeLocation: $p }) { homeLocation { latitude } } }",
            ["p": OfferFixtures.variables(point)], token: user.token
        )
        #expect(r.codes.isEmpty, "\(r)")
    }

    /// `offers(near:search:first:after:)`'s response.
    func offers(_ user: TestUser?, near: GeoPoint?, search: String? = nil, first: Int? = nil, after: String? = nil) async throws -> Response {
        try await post("""
            query($near: GeoPointInput, $s: String, $f: Int, $a: String) {
              offers(near: $near, search: $s, first: $f, after: $a) {
                edges { cursor node { id details storeName distanceMeters validFrom validTo issuer { name } } }
                pageInfo { hasNextPage endCursor }
              }
            }
            """, ["near": near.map(OfferFixtures.variables) ?? NSNull(), "s": search ?? NSNull(), "f": first ?? NSNull(), "a": after ?? NSNull()],
            token: user?.token)
    }
}

extension TestService.Response {
    /// The offers' nodes of an `offers` response (or of the connection at `path`).
    func offerNodes(_ path: String = "data.offers") -> [[String: Any]] {
        (self["\(path).edges"] as? [[String: Any]] ?? []).compactMap { $0["node"] as? [String: Any] }
    }

    func offerDetails(_ path: String = "data.offers") -> [String] {
        offerNodes(path).compactMap { $0["details"] as? String }
    }
}
