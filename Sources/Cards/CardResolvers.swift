import AppCore
import Foundation
import GraphQLExecution
import GraphQLType
import Postgres

/// Binds schema/cards.graphql. Every card read and write takes the viewer's id as the owner (``CardQueries``,
/// ``CardChanges``), so no card of another user is ever read or changed; `Card.issuer` is joined into the
/// card's own statement, so a page of cards with their issuers is one statement.
package enum CardResolvers {
    package static func bind(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.readFields(of: CardRecord.self)
        builder.readFields(of: CardPoint.self)
        builder.readFields(of: IssuerRecord.self)
        builder.readFields(of: CardConnection.self, as: "CardConnection")
        builder.readFields(of: KeysetConnection<CardRecord, CardCursor>.Edge.self, as: "CardEdge")
        builder.resolve("Card", "frontPhotoUrl", source: CardRecord.self) { card, info in
            card.frontMediaID.map { info.context.mediaURL($0) }
        }
        builder.resolveDomain("CardConnection", "totalCount") { info in
            let connection = try info.source(as: CardConnection.self)
            return try await CardQueries.count(ownedBy: connection.owner, search: connection.search, database: info.context.database)
        }
        builder.resolveDomain("Query", "cards") { info in
            let viewer = try info.context.signedIn()
            return try await CardQueries.page(
                ownedBy: viewer.userID, search: SubstringFilter(info.args.optionalString("search")),
                request: KeysetPageRequest(arguments: info.args), database: info.context.database
            )
        }
        builder.resolveDomain("Query", "recentCards") { info in
            try await CardQueries.recent(ownedBy: info.context.signedIn().userID, database: info.context.database)
        }
        builder.resolveDomain("Query", "card") { info in
            let viewer = try info.context.signedIn()
            guard let id = GlobalID.id(of: CardRecord.self, info.args.optionalString("id")) else { return nil }
            return try await CardQueries.card(id, ownedBy: viewer.userID, database: info.context.database)
        }
        builder.resolveDomain("Query", "issuers") { info in
            try await IssuerQueries.issuers(search: SubstringFilter(info.args.optionalString("search")), database: info.context.database)
        }
        bindCardMutations(into: &builder)
        bindIssuerMutations(into: &builder)
    }

    private static func bindCardMutations(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.resolveDomain("Mutation", "createCard") { info in
            let viewer = try info.context.signedIn()
            let form = try CardForm(info.args.object("input"), hasPhoto: false, context: info.context)
            return try await CardChanges.create(form, owner: viewer.userID, context: info.context)
        }
        builder.resolveDomain("Mutation", "updateCard") { info in
            let viewer = try info.context.signedIn()
            let id = try info.args.id(of: CardRecord.self, "id", else: CardErrors.cardNotFound)
            // The card's own photo satisfies background PHOTO; the update's statement checks the owner again.
            guard let card = try await CardQueries.card(id, ownedBy: viewer.userID, database: info.context.database) else {
                throw CardErrors.cardNotFound
            }
            let form = try CardForm(info.args.object("input"), hasPhoto: card.frontMediaID != nil, context: info.context)
            return try await CardChanges.update(id, with: form, owner: viewer.userID, context: info.context)
        }
        builder.resolveDomain("Mutation", "deleteCard") { info in
            let viewer = try info.context.signedIn()
            let id = try info.args.id(of: CardRecord.self, "id", else: CardErrors.cardNotFound)
            try await CardChanges.delete(id, owner: viewer.userID, database: info.context.database)
            return true
        }
        builder.resolveDomain("Mutation", "markCardUsed") { info in
            let viewer = try info.context.signedIn()
            let id = try info.args.id(of: CardRecord.self, "id", else: CardErrors.cardNotFound)
            return try await CardChanges.markUsed(id, owner: viewer.userID, database: info.context.database)
        }
    }

    private static func bindIssuerMutations(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.resolveDomain("Mutation", "createIssuer") { info in
            try await IssuerChanges.create(IssuerForm(info.args.object("input")), database: info.context.database)
        }
        builder.resolveDomain("Mutation", "updateIssuer") { info in
            let id = try info.args.id(of: IssuerRecord.self, "id", else: CardErrors.issuerNotFound)
            return try await IssuerChanges.update(id, with: IssuerForm(info.args.object("input")), database: info.context.database)
        }
        builder.resolveDomain("Mutation", "deleteIssuer") { info in
            let id = try info.args.id(of: IssuerRecord.self, "id", else: CardErrors.issuerNotFound)
            try await IssuerChanges.delete(id, database: info.context.database)
            return true
        }
    }
}
