import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// The batch loaders of offers: `Card.offers` under a page of cards asks for one card's page, and the executor
/// reads the pages of the whole level in one statement (with the owner's home in another), so a page of 100
/// cards costs what a page of 2 does.
package struct OfferLoaders: Sendable {
    let cardOffers: BatchLoader<OfferQueries.CardOffersKey, OfferConnection>

    init(database: PostgresPool, radiusMeters: Double) {
        cardOffers = BatchLoader(masking: { try await OfferQueries.cardPages($0, radiusMeters: radiusMeters, database: database) })
    }
}
