import Postgres

/// The transactional outbox for SMS (table `sms_outbox`, migration 0021), on the shape of
/// ``Outbox``: a message is a row written by the transaction of the change it is about, so
/// a rolled-back sign-up sends no code and a committed one cannot lose it to a crash;
/// `SMSOutboxSender` delivers the rows afterwards, and the sign-up never waits for the gateway.
public enum SMSOutbox {
    /// The NOTIFY channel that wakes the SMS senders (delivered only if the transaction commits).
    public static let channel = "quarry_sms_outbox"

    /// Inserts the message on `connection` (inside the change's transaction) and NOTIFYs the
    /// sender. The table's CHECKs refuse a recipient that is not E.164 and an empty text.
    @discardableResult
    public static func enqueue(_ message: SMSMessage, kind: String, on connection: PostgresConnection) async throws -> Int64 {
        let rows = try await connection.query(
            """
            INSERT INTO sms_outbox (kind, recipient, body) VALUES (\(kind), \(message.to), \(message.body))
            RETURNING id
            """
        )
        let id = try rows[0].decode("id", as: Int64.self)
        _ = try await connection.execute("SELECT pg_notify(\(channel), \(String(id)))")
        return id
    }
}
