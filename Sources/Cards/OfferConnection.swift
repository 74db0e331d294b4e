import AppCore

/// The page an offers list is asked for: at most ``PageRequest/maximumSize`` offers after a cursor.
package typealias OfferPageRequest = KeysetPageRequest<OfferCursor>

/// `OfferConnection`: a page of offers in their list's order (nearest first, or soonest-ending first).
package typealias OfferConnection = KeysetConnection<OfferRecord, OfferCursor>
