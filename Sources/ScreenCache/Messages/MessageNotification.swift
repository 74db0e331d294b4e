import Foundation
import Postgres

/// What `sendMessage` NOTIFYs on ``channel`` when its transaction commits:
/// only the message's id and its recipient's id (a NOTIFY payload must stay
/// small, and the text is not for every instance's logs). Each instance's
/// listener hands it to its ``MessageHub``, which reads the message once by id
/// only when a local subscriber of that recipient is waiting for it.
public struct MessageNotification: Sendable, Equatable {
    /// The PostgreSQL channel every Quarry instance LISTENs to for messages.
    public static let channel = "quarry_messages"

    public let messageID: UUID
    public let recipientID: UUID

    public init(messageID: UUID, recipientID: UUID) {
        self.messageID = messageID
        self.recipientID = recipientID
    }

    /// Reads a payload; `nil` for anything ``payload`` did not write.
    public init?(payload: String) {
        let parts = payload.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 2, let message = UUID(uuidString: String(parts[0])),
              let recipient = UUID(uuidString: String(parts[1]))
        else { return nil }
        self.init(messageID: message, recipientID: recipient)
    }

    /// `<message id> <recipient id>`.
    public var payload: String { "\(messageID.lowercasedText) \(recipientID.lowercasedText)" }
}
