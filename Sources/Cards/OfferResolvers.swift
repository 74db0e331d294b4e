import AppCore
import Foundation
import GraphQLExecution
import GraphQLType
import Postgres

/// Binds the offers and stores of schema/cards.graphql. "In my area" is within `radiusMeters`
/// (`QUARRY_OFFERS_RADIUS_KM`) of the `near` argument, else of the signed-in viewer's homeLocation
/// (API.md: "a signed-in user's registration area is used when `near` is absent"), else nowhere in particular.
package enum OfferResolvers {
    package static func bind(into builder: inout ExecutableSchemaBuilder<QuarryContext>, database: PostgresPool, radiusMeters: Double) {
        let loaders = OfferLoaders(database: database, radiusMeters: radiusMeters)
        builder.readFields(of: OfferRecord.self)
        builder.readFields(of: StoreRecord.self)
        OfferConnection.bind(as: "OfferConnection", edge: "OfferEdge", into: &builder)
        builder.readFields(of: OfferSummary.self, as: "OfferSummary")
        builder.resolve("Offer", "thumbnailUrl", source: OfferRecord.self) { offer, info in
            offer.thumbnailMediaID.map { info.context.mediaURL($0) }
        }
        builder.resolve("Card", "offers", source: CardRecord.self) { card, info in
            let page = try OfferPageRequest(arguments: info.args)
            guard let issuer = card.issuer?.id else { return OfferConnection.empty }
            // A card is read only by its owner (CardQueries), so the viewer is the owner whose home counts.
            return loaders.cardOffers.load(.init(owner: try info.context.signedIn().userID, issuer: issuer, page: page))
        }
        builder.resolveDomain("Query", "offersAvailable") { info in
            let area = try await measuredArea(near: info.args["near"], context: info.context, radiusMeters: radiusMeters)
            return try await OfferQueries.available(in: area, database: info.context.database)
        }
        builder.resolveDomain("Query", "offerSummary") { info in
            let issuer = try info.args.id(of: IssuerRecord.self, "issuerId", else: CardErrors.issuerNotFound)
            let area = try await measuredArea(near: info.args["near"], context: info.context, radiusMeters: radiusMeters)
            guard let count = try await OfferQueries.count(ofIssuer: issuer, in: area, database: info.context.database) else {
                throw CardErrors.issuerNotFound
            }
            return OfferSummary(count: count)
        }
        builder.resolveDomain("Query", "offers") { info in
            _ = try info.context.signedIn()
            let request = try OfferPageRequest(arguments: info.args)
            let area = try await measuredArea(near: info.args["near"], context: info.context, radiusMeters: radiusMeters)
            return try await OfferQueries.page(
                in: area, search: SubstringFilter(info.args.optionalString("search")), request: request, database: info.context.database
            )
        }
        builder.resolveDomain("Query", "stores") { info in
            let issuer = try info.args.id(of: IssuerRecord.self, "issuerId", else: CardErrors.issuerNotFound)
            guard let stores = try await StoreQueries.stores(ofIssuer: issuer, database: info.context.database) else {
                throw CardErrors.issuerNotFound
            }
            return stores
        }
        bindMutations(into: &builder)
    }

    private static func bindMutations(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.resolveDomain("Mutation", "createStore") { info in
            try await StoreChanges.create(StoreForm(info.args.object("input")), database: info.context.database)
        }
        builder.resolveDomain("Mutation", "updateStore") { info in
            let id = try info.args.id(of: StoreRecord.self, "id", else: OfferErrors.storeNotFound)
            return try await StoreChanges.update(id, with: StoreForm(info.args.object("input")), database: info.context.database)
        }
        builder.resolveDomain("Mutation", "deleteStore") { info in
            let id = try info.args.id(of: StoreRecord.self, "id", else: OfferErrors.storeNotFound)
            try await StoreChanges.delete(id, database: info.context.database)
            return true
        }
        builder.resolveDomain("Mutation", "createOffer") { info in
            let admin = try info.context.signedIn()
            let form = try OfferForm(info.args.object("input"), context: info.context)
            return try await OfferChanges.create(form, admin: admin.userID, context: info.context)
        }
        builder.resolveDomain("Mutation", "updateOffer") { info in
            let admin = try info.context.signedIn()
            let id = try info.args.id(of: OfferRecord.self, "id", else: OfferErrors.offerNotFound)
            let form = try OfferForm(info.args.object("input"), context: info.context)
            return try await OfferChanges.update(id, with: form, admin: admin.userID, context: info.context)
        }
        builder.resolveDomain("Mutation", "deleteOffer") { info in
            let id = try info.args.id(of: OfferRecord.self, "id", else: OfferErrors.offerNotFound)
            try await OfferChanges.delete(id, database: info.context.database)
            return true
        }
    }

    /// The area a read is measured in: around `near` when given (range-checked), else around the signed-in
    /// viewer's homeLocation, else no point (every valid offer).
    private static func measuredArea(near: GraphQLValue?, context: QuarryContext, radiusMeters: Double) async throws -> OfferArea {
        if let point = try GeoPoint.read(near, field: "near") { return OfferArea(point, radiusMeters: radiusMeters) }
        guard let viewer = context.viewer else { return OfferArea(nil, radiusMeters: radiusMeters) }
        return OfferArea(try await OfferQueries.homeLocation(of: viewer.userID, database: context.database), radiusMeters: radiusMeters)
    }
}
