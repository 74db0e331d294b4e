import AppCore
import Foundation
import Postgres

/// The demo issuers' stores and offers (issue 15 "offers by place", my-cards.md UC1.3): stores in Berlin and
/// Munich, each with two offers valid for the next weeks, one that ended yesterday and one that starts next week,
/// and carol's homeLocation in Berlin, so her Offers tab and her cards' offers list Berlin's stores only (Munich is
/// about 500 km away). Dates are relative to the seeding; idempotent: a store is matched by issuer and name, an
/// offer by store and details, and carol's homeLocation is set only when she has none.
enum DemoOffers {
    /// (issuer, store name, address, latitude, longitude).
    static let stores: [(issuer: String, name: String, address: String, latitude: Double, longitude: Double)] = [
        ("Lidl", "Lidl Alexanderplatz", "Alexanderplatz 9, 10178 Berlin", 52.5219, 13.4132),
        ("Aldi", "Aldi Kreuzberg", "Oranienstraße 40, 10999 Berlin", 52.4986, 13.4030),
        ("Rewe", "Rewe Prenzlauer Berg", "Schönhauser Allee 80, 10439 Berlin", 52.5450, 13.4120),
        ("IKEA", "IKEA Berlin-Lichtenberg", "Landsberger Allee 364, 12681 Berlin", 52.5330, 13.5260),
        ("Decathlon", "Decathlon Berlin Mitte", "Alexanderstraße 7, 10178 Berlin", 52.5208, 13.4178),
        ("Lidl", "Lidl Marienplatz", "Rosenstraße 12, 80331 München", 48.1365, 11.5748),
        ("Aldi", "Aldi Schwabing", "Leopoldstraße 82, 80802 München", 48.1615, 11.5860),
        ("Rewe", "Rewe Sendling", "Plinganserstraße 30, 81369 München", 48.1180, 11.5480),
        ("IKEA", "IKEA München-Brunnthal", "Ikea-Straße 1, 85649 Brunnthal", 48.0270, 11.6700),
        ("Decathlon", "Decathlon München Pasing", "Pasinger Bahnhofsplatz 5, 81241 München", 48.1500, 11.4620),
    ]

    /// Each store's offers: details, days from now it started and days from now it ends.
    static let offers: [(details: String, from: Int, to: Int)] = [
        ("20 % off fresh bread every morning", -3, 25),
        ("Buy two, get a third free on coffee", -10, 40),
        ("Summer sale: garden furniture half price (ended)", -30, -1),
        ("Back to school: notebooks at 0.99 € (starts next week)", 7, 30),
    ]

    /// Carol's home area: Berlin Mitte.
    static let carolsHome = GeoPoint(latitude: 52.5200, longitude: 13.4050)

    static func load(on connection: PostgresConnection) async throws {
        for store in stores {
            let point = GeoPoint(latitude: store.latitude, longitude: store.longitude).geography
            _ = try await connection.execute("""
                INSERT INTO stores (issuer_id, name, address, location)
                SELECT i.id, \(store.name), \(store.address), \(point) FROM issuers i
                WHERE lower(i.name) = lower(\(store.issuer))
                  AND NOT EXISTS (SELECT 1 FROM stores st WHERE st.issuer_id = i.id AND st.name = \(store.name))
                """)
            for offer in offers {
                _ = try await connection.execute("""
                    INSERT INTO offers (store_id, issuer_id, location, details, valid_from, valid_to)
                    SELECT st.id, st.issuer_id, st.location, \(offer.details), now() + \(offer.from) * interval '1 day',
                           now() + \(offer.to) * interval '1 day'
                    FROM stores st JOIN issuers i ON i.id = st.issuer_id
                    WHERE lower(i.name) = lower(\(store.issuer)) AND st.name = \(store.name)
                      AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.store_id = st.id AND o.details = \(offer.details))
                    """)
            }
        }
        _ = try await connection.execute("""
            UPDATE users SET home_location = \(carolsHome.geography) WHERE lower(email) = 'carol@demo.quarry.dev' AND home_location IS NULL
            """)
    }
}
