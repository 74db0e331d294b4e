import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// A row of `cards` with its issuer, as `Card` reads it. Every read that makes one has already checked
/// that the card is the caller's (``CardQueries``), so the record carries no owner rule.
package struct CardRecord: NodeRecord {
    package let id: UUID
    let name: String
    let barcodeValue: String
    let barcodeFormat: String
    let background: String?
    let dominantColors: [String]
    let frontMediaID: UUID?
    let cardArea: [CardPoint]?
    let issuer: IssuerRecord?
    let lastUsedAt: Date?
    let createdAt: Date

    package static let objectTypeName = "Card"

    /// The columns ``init(row:)`` reads, from ``from``.
    static let columns: SQL = """
        c.id, c.name, c.barcode_value, c.barcode_format, c.background, c.dominant_colors, c.front_media_id,
        c.card_area, c.last_used_at, c.created_at, \(IssuerRecord.joinedColumns)
        """
    /// The cards aliased `c` with their issuers aliased `i`.
    static let from: SQL = "cards c LEFT JOIN issuers i ON i.id = c.issuer_id"

    init(row: PostgresRow) throws {
        id = try row.decode("id", as: UUID.self)
        name = try row.decode("name", as: String.self)
        barcodeValue = try row.decode("barcode_value", as: String.self)
        barcodeFormat = try row.decode("barcode_format", as: String.self)
        background = try row.decode("background", as: String?.self)
        dominantColors = try row.decode("dominant_colors", as: [String].self)
        frontMediaID = try row.decode("front_media_id", as: UUID?.self)
        let corners = try row.decode("card_area", as: [Double]?.self)
        cardArea = corners.map { values in stride(from: 0, to: values.count - 1, by: 2).map { CardPoint(x: values[$0], y: values[$0 + 1]) } }
        lastUsedAt = try row.decode("last_used_at", as: Date?.self)
        createdAt = try row.decode("created_at", as: Date.self)
        issuer = try row.decode("issuer_id", as: UUID?.self) == nil ? nil : IssuerRecord(joinedIn: row)
    }

    package static let fieldReaders: [String: @Sendable (CardRecord) -> (any Sendable)?] = [
        "id": { $0.globalID }, "name": { $0.name }, "barcodeValue": { $0.barcodeValue }, "barcodeFormat": { $0.barcodeFormat },
        "background": { $0.background }, "dominantColors": { $0.dominantColors }, "cardArea": { $0.cardArea },
        "issuer": { $0.issuer }, "lastUsedAt": { $0.lastUsedAt }, "createdAt": { $0.createdAt },
    ]
}

extension CardPoint: GraphQLRecord {
    package static let objectTypeName = "CardPoint"
    package static let fieldReaders: [String: @Sendable (CardPoint) -> (any Sendable)?] = ["x": { $0.x }, "y": { $0.y }]
}
