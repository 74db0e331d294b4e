import AppCore
import Foundation
import Postgres

/// A position in a list of offers: the distance and id of an offer in a list with a point (nearest first),
/// or its end and id in one without (soonest-ending first). The two lists' cursors do not mix; opaque to clients.
package enum OfferCursor: KeysetCursor {
    case distance(meters: Double, id: UUID)
    /// `valid_to` in microseconds since 1970, as PostgreSQL stores it.
    case ending(microseconds: Int64, id: UUID)

    /// Whether this is a cursor of a list with a point.
    var isDistance: Bool {
        if case .distance = self { return true }
        return false
    }

    /// Decodes a cursor a client sent back; `nil` for anything we did not make.
    package init?(_ text: String) {
        guard let plain = Base64URL.decode(text) else { return nil }
        let parts = plain.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let id = UUID(canonicalText: parts[2]) else { return nil }
        switch parts[0] {
        case "od1":
            guard let meters = Double(parts[1]), meters.isFinite else { return nil }
            self = .distance(meters: meters, id: id)
        case "oe1":
            guard let microseconds = Int64(parts[1]) else { return nil }
            self = .ending(microseconds: microseconds, id: id)
        default: return nil
        }
    }

    /// The cursor of `offer` in a list with a point (`hasPoint`) or without.
    init(_ offer: OfferRecord, hasPoint: Bool) {
        if hasPoint, let meters = offer.distanceMeters {
            self = .distance(meters: meters, id: offer.id)
        } else {
            self = .ending(microseconds: Int64((offer.validTo.timeIntervalSince1970 * 1_000_000).rounded()), id: offer.id)
        }
    }

    /// The cursor as clients see it. A distance is written with Swift's shortest exact form, so it reads back
    /// as the same `float8` PostgreSQL compares it with.
    package var text: String {
        switch self {
        case .distance(let meters, let id): Base64URL.encode("od1:\(meters.description):\(id.lowercasedText)")
        case .ending(let microseconds, let id): Base64URL.encode("oe1:\(microseconds):\(id.lowercasedText)")
        }
    }

    /// The offers aliased `o` after this cursor, `distance` being their distance from the list's point
    /// (statement text).
    func condition(distance: SQL) -> SQL {
        switch self {
        case .distance(let meters, let id): "(\(distance), o.id) > (\(meters)::float8, \(id))"
        case .ending(let microseconds, let id):
            "(o.valid_to, o.id) > (\(Date(timeIntervalSince1970: Double(microseconds) / 1_000_000))::timestamptz, \(id))"
        }
    }
}
