import AppCore
import Foundation
import Postgres

/// Where a list of offers is measured from: a point and the offers radius around it (`QUARRY_OFFERS_RADIUS_KM`),
/// or no point at all (a guest without GPS, a user without homeLocation), when every valid offer counts.
package struct OfferArea: Sendable, Hashable {
    /// The point in degrees (latitude, longitude); `nil` when there is none.
    let latitude: Double?
    let longitude: Double?
    let radiusMeters: Double

    init(_ point: GeoPoint?, radiusMeters: Double) {
        latitude = point?.latitude
        longitude = point?.longitude
        self.radiusMeters = radiusMeters
    }

    var point: GeoPoint? {
        guard let latitude, let longitude else { return nil }
        return GeoPoint(latitude: latitude, longitude: longitude)
    }

    /// Offers aliased `o` in the area (statement text): the bounding box of the radius, which the GiST index
    /// `offers_nearby_idx` answers, and the distance within it; `TRUE` without a point. ST_DWithin would say the
    /// same, but its row estimate is far too low, so the planner sorted every candidate instead of reading the
    /// index nearest first (Benchmarks/README.md "Offers").
    var condition: SQL {
        guard let point else { return "TRUE" }
        return "o.location && _ST_Expand(\(point.geography), \(radiusMeters)) AND o.location <-> \(point.geography) <= \(radiusMeters)"
    }

    /// Metres from the point to an offer aliased `o` (the index's KNN order), `NULL` without a point.
    var distance: SQL {
        guard let point else { return "NULL::float8" }
        return "o.location <-> \(point.geography)"
    }
}
