import Cards
import Foundation
import Postgres

/// The demo accounts' loyalty cards (issue 15, my-cards.md): a catalogue of issuers, and carol — the
/// "loyalty-card hoarder" — with 35 cards, so the app's layout for more than 30 cards (recent cards above
/// the list) has something to show; 8 of them recently used. Alice has a few. Every value is valid for its
/// format (the EAN-13s carry their check digits). Idempotent: issuers are matched by name, and an account
/// that already has cards gets none added.
enum DemoCards {
    /// (name, website) of the demo issuers.
    static let issuers = [
        ("Lidl", "https://www.lidl.com"), ("Aldi", "https://www.aldi.com"), ("IKEA", "https://www.ikea.com"),
        ("Decathlon", "https://www.decathlon.com"), ("Rewe", "https://www.rewe.de"), ("Tesco", "https://www.tesco.com"),
        ("Carrefour", "https://www.carrefour.com"), ("Boots", "https://www.boots.com"),
    ]

    static let colors = ["#0050AA", "#00A0E1", "#FFDA1A", "#0082C3", "#CC071E", "#EE1C2E", "#004E9F", "#05054B"]

    /// Carol's 35 cards: one per issuer, then shops without an issuer in the catalogue.
    static let carolsCards: [(name: String, issuer: String?)] = issuers.map { ($0.0, $0.0) } + [
        "Bakery Stamp Card", "Bike Shop", "Bookworm Club", "Butcher's Rewards", "Café Latte Club", "Cinema Pass",
        "City Library", "Coffee Corner", "Deli Deals", "DIY Store", "Farmers Market", "Fishmonger", "Florist",
        "Garden Centre", "Gym Membership", "Hair Studio", "Health Food", "Kiosk", "Museum Friends", "Optician",
        "Pet Shop", "Pharmacy Plus", "Pizza Club", "Shoe Repair", "Swimming Pool", "Tea House", "Toy Store",
    ].map { ($0, nil) }

    static func load(on connection: PostgresConnection) async throws {
        for (name, website) in issuers {
            _ = try await connection.execute("""
                INSERT INTO issuers (name, website) VALUES (\(name), \(website)) ON CONFLICT (lower(name)) DO NOTHING
                """)
        }
        try await addCards(
            carolsCards.enumerated().map { index, card in (card.name, card.issuer, index) }, to: "carol@demo.quarry.dev",
            recentlyUsed: 8, on: connection
        )
        try await addCards([("Lidl Plus", "Lidl", 40), ("IKEA Family", "IKEA", 41), ("Coffee Corner", nil, 42)],
                           to: "alice@demo.quarry.dev", recentlyUsed: 1, on: connection)
    }

    /// Adds `cards` (name, issuer, a number making its code) to the account `email` when it has none; the
    /// first `recentlyUsed` were used an hour apart, newest first.
    private static func addCards(
        _ cards: [(name: String, issuer: String?, number: Int)], to email: String, recentlyUsed: Int, on connection: PostgresConnection
    ) async throws {
        let existing = try await connection.query("""
            SELECT 1 FROM cards c JOIN users u ON u.id = c.owner_id WHERE lower(u.email) = \(email) LIMIT 1
            """)
        guard existing.isEmpty else { return }
        for (position, card) in cards.enumerated() {
            let (value, format) = code(card.number)
            let usedHoursAgo: Int? = position < recentlyUsed ? position + 1 : nil
            _ = try await connection.execute("""
                INSERT INTO cards (owner_id, name, barcode_value, barcode_format, background, issuer_id, last_used_at)
                SELECT u.id, \(card.name), \(value), \(format.rawValue), \(colors[card.number % colors.count]),
                       (SELECT i.id FROM issuers i WHERE lower(i.name) = lower(\(card.issuer))),
                       now() - \(usedHoursAgo) * interval '1 hour'
                FROM users u WHERE lower(u.email) = \(email)
                """)
        }
    }

    /// A valid code for demo card `number`: an EAN-13 in GS1's in-store range (prefix 2) for two cards in three,
    /// a QR code for the rest.
    static func code(_ number: Int) -> (String, BarcodeFormat) {
        if number % 3 == 2 { return ("https://cards.demo.quarry.dev/\(number)", .qr) }
        let payload = "2000000000" + String(format: "%02d", number)
        let digits = payload.compactMap(\.wholeNumberValue)
        return (payload + String(BarcodeFormat.checkDigit(of: digits)), .ean13)
    }
}
