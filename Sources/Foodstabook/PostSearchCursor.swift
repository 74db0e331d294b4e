import AppCore
import Foundation
import Postgres

/// A position in `searchPosts`' ranked list: the row's whole sort key (``PostSearchQueries``), so the next page
/// starts right after it however the list changed in between (a new post ranking above it is not seen, and none
/// is repeated or skipped), at the cost of one keyset comparison. The time-ordered ``Cursor`` of the other lists
/// cannot hold a rank. Opaque to clients.
struct PostSearchCursor: Sendable, Hashable {
    /// The match tier (0 best).
    let tier: Int
    /// The caption's rank, negated (the list is ordered by every key ascending).
    let rank: Double
    /// Whether the author is not the viewer's friend.
    let stranger: Bool
    /// Metres from the search's point; infinity when either is unknown.
    let distance: Double
    /// The post's creation time in microseconds since 1970, negated.
    let age: Int64
    let id: UUID

    init(tier: Int, rank: Double, stranger: Bool, distance: Double, age: Int64, id: UUID) {
        self.tier = tier
        self.rank = rank
        self.stranger = stranger
        self.distance = distance
        self.age = age
        self.id = id
    }

    /// Decodes a cursor a client sent back; `nil` for anything we did not make.
    init?(_ text: String) {
        guard let plain = Base64URL.decode(text), plain.hasPrefix("s1:") else { return nil }
        let parts = plain.dropFirst(3).split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 6, let tier = Int(parts[0]), let rank = Double(parts[1]), let distance = Double(parts[3]),
            !rank.isNaN, !distance.isNaN, let age = Int64(parts[4]), let id = UUID(canonicalText: parts[5]),
            ["0", "1"].contains(parts[2])
        else { return nil }
        self.init(tier: tier, rank: rank, stranger: parts[2] == "1", distance: distance, age: age, id: id)
    }

    /// The cursor as clients see it. `Double.description` is the shortest text that reads back as the same
    /// double, so the keyset comparison sees exactly the values PostgreSQL computed.
    var text: String {
        Base64URL.encode("s1:\(tier):\(rank):\(stranger ? 1 : 0):\(distance):\(age):\(id.lowercasedText)")
    }
}
