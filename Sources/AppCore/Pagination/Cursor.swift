import Foundation
import Postgres
import GraphQLLanguage

/// A position in a list ordered by time, then id (keyset pagination): the
/// time at PostgreSQL's microsecond precision and the row's id, so that rows
/// created in the same microsecond still have a strict order and a page never
/// skips or repeats a row when rows are added between requests. A list read
/// in tiers (the newsfeed) puts the tier first. Clients see it as an opaque
/// string (Relay cursor connections spec, "Cursor").
public struct Cursor: Sendable, Hashable {
    /// The tier of a list read in tiers, ordered before time and id (the
    /// newsfeed's friends, nearby and everyone's posts); 0 in a list of one tier.
    package let tier: Int
    /// Microseconds since 1970, as PostgreSQL stores `timestamptz`.
    let microseconds: Int64
    package let id: UUID

    public init(tier: Int = 0, time: Date, id: UUID) {
        self.tier = tier
        microseconds = Int64((time.timeIntervalSince1970 * 1_000_000).rounded())
        self.id = id
    }

    /// The time, rounding to the same microsecond when sent back to PostgreSQL.
    package var time: Date { Date(timeIntervalSince1970: Double(microseconds) / 1_000_000) }

    /// Decodes a cursor a client sent back; `nil` for anything we did not make.
    /// `c1:` is a position in a list of one tier, `t1:` one with its tier.
    init?(_ text: String) {
        guard let plain = Base64URL.decode(text), plain.hasPrefix("c1:") || plain.hasPrefix("t1:") else { return nil }
        var parts = plain.dropFirst(3).split(separator: ":", omittingEmptySubsequences: false)
        var tier = 0
        if plain.hasPrefix("t1:") {
            guard parts.count == 3, let number = Int(parts.removeFirst()), number > 0 else { return nil }
            tier = number
        }
        guard parts.count == 2, let microseconds = Int64(parts[0]), let id = UUID(canonicalText: String(parts[1])) else {
            return nil
        }
        self.tier = tier
        self.microseconds = microseconds
        self.id = id
    }

    /// The cursor as clients see it.
    var text: String {
        tier == 0
            ? Base64URL.encode("c1:\(microseconds):\(id.lowercasedText)")
            : Base64URL.encode("t1:\(tier):\(microseconds):\(id.lowercasedText)")
    }

    /// The cursor a client sent as argument `name`, `nil` when none was sent; one
    /// that is not ours is a `BAD_USER_INPUT` error naming the argument.
    static func argument(_ name: String, _ text: String?) throws(GraphQLError) -> Cursor? {
        guard let text else { return nil }
        guard let cursor = Cursor(text) else { throw PageRequest.invalidCursor(name) }
        return cursor
    }
}
