import Foundation
import Postgres
import GraphQLLanguage

/// A position in a list ordered by time, then id (keyset pagination): the
/// time at PostgreSQL's microsecond precision and the row's id, so that rows
/// created in the same microsecond still have a strict order and a page never
/// skips or repeats a row when rows are added between requests. Clients see
/// it as an opaque string (Relay cursor connections spec, "Cursor").
package struct Cursor: Sendable, Hashable {
    /// Microseconds since 1970, as PostgreSQL stores `timestamptz`.
    let microseconds: Int64
    let id: UUID

    package init(time: Date, id: UUID) {
        microseconds = Int64((time.timeIntervalSince1970 * 1_000_000).rounded())
        self.id = id
    }

    /// The time, rounding to the same microsecond when sent back to PostgreSQL.
    var time: Date { Date(timeIntervalSince1970: Double(microseconds) / 1_000_000) }

    /// Decodes a cursor a client sent back; `nil` for anything we did not make.
    init?(_ text: String) {
        guard let plain = Base64URL.decode(text), plain.hasPrefix("c1:") else { return nil }
        let parts = plain.dropFirst(3).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let microseconds = Int64(parts[0]), let id = UUID(canonicalText: String(parts[1])) else {
            return nil
        }
        self.microseconds = microseconds
        self.id = id
    }

    /// The cursor as clients see it.
    var text: String { Base64URL.encode("c1:\(microseconds):\(id.lowercasedText)") }

    /// The cursor a client sent as argument `name`, `nil` when none was sent; one
    /// that is not ours is a `BAD_USER_INPUT` error naming the argument.
    static func argument(_ name: String, _ text: String?) throws(GraphQLError) -> Cursor? {
        guard let text else { return nil }
        guard let cursor = Cursor(text) else {
            throw ClientError.invalidInput([(name, "This cursor is not valid; use one from a previous page.")])
        }
        return cursor
    }
}
