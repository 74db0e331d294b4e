import AppCore
import Foundation
import Postgres

/// A position in a user's cards listed alphabetically: the card's name and id, the keyset of
/// `cards_owner_name_idx` (the time-ordered ``Cursor`` of the other lists does not fit a list by name).
/// Opaque to clients.
struct CardCursor: KeysetCursor {
    let name: String
    let id: UUID

    init(name: String, id: UUID) {
        self.name = name
        self.id = id
    }

    /// Decodes a cursor a client sent back; `nil` for anything we did not make.
    init?(_ text: String) {
        guard let plain = Base64URL.decode(text), plain.hasPrefix("n1:") else { return nil }
        let parts = plain.dropFirst(3).split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let id = UUID(canonicalText: String(parts[0])) else { return nil }
        self.id = id
        name = String(parts[1])
    }

    var text: String { Base64URL.encode("n1:\(id.lowercasedText):\(name)") }
}
