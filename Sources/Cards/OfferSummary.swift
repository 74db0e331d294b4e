import GraphQLExecution

/// `OfferSummary`: how many of an issuer's offers are valid in the area (the card screen's "Offers available").
struct OfferSummary: GraphQLFieldTable {
    let count: Int

    static var fieldReaders: [String: @Sendable (OfferSummary) -> (any Sendable)?] {
        ["available": { $0.count > 0 }, "count": { $0.count }]
    }
}
