import Postgres

/// The transactional outbox (table `mail_outbox`, migration 0002): the one way the
/// application sends email.
///
///     try await pool.withTransaction { tx in
///         let userID = try await createUser(on: tx)
///         try await Outbox.enqueue(AccountEmails.verification(to: email, nickname: nick, link: link, code: nil),
///                                  kind: "verification", on: tx)
///     }
///
/// Because the message is a row written by the same transaction as the change it is
/// about, it exists exactly when that change commits: a rolled-back sign-up sends no
/// email, and a committed one cannot lose its email to a crash before sending.
/// `OutboxSender` delivers the rows afterwards.
public enum Outbox {
    /// The NOTIFY channel that wakes the senders. PostgreSQL delivers a notification
    /// sent inside a transaction only when (and if) it commits.
    public static let channel = "quarry_mail_outbox"

    /// Inserts the message into the outbox on `connection` — call it inside the transaction that makes the change the
    /// email is about, so the email exists iff the change commits. Returns the message id; NOTIFYs the sender.
    ///
    /// Throws `MAIL_INVALID_MESSAGE` (writing nothing) for a bad recipient, a multi-line
    /// or empty subject, or an empty `kind`.
    @discardableResult
    public static func enqueue(_ message: MailMessage, kind: String, on connection: PostgresConnection) async throws -> Int64 {
        try message.validate()
        guard !kind.isEmpty, kind.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else {
            throw MailError(code: .invalidMessage, message: "a mail kind must be a non-empty word of letters, digits, '_' or '-'")
        }
        let rows = try await connection.query(
            """
            INSERT INTO mail_outbox (kind, recipient, subject, body_text, body_html)
            VALUES (\(kind), \(message.to), \(message.subject), \(message.text), \(message.html as String?))
            RETURNING id
            """
        )
        let id = try rows[0].decode("id", as: Int64.self)
        _ = try await connection.execute("SELECT pg_notify(\(channel), \(String(id)))")
        return id
    }

    /// Rows deleted per statement by ``purgeSent(olderThanDays:database:)``: each batch is its own short
    /// transaction, so the senders' claims never wait long behind the purge.
    static let purgeBatchSize = 1_000

    /// Deletes the messages sent more than `days` days ago and answers how many went (issue 13 "Scheduled
    /// jobs": run daily with 30 days). Unsent and given-up messages stay, for the operator to look at.
    public static func purgeSent(olderThanDays days: Int, database: PostgresPool) async throws -> Int {
        var purged = 0
        while true {
            let batch = try await database.execute("""
                DELETE FROM mail_outbox WHERE id IN (
                    SELECT id FROM mail_outbox WHERE sent_at < now() - make_interval(days => \(days)::int)
                    ORDER BY id LIMIT \(purgeBatchSize) FOR UPDATE SKIP LOCKED
                )
                """).affectedRows
            purged += batch
            if batch < purgeBatchSize { return purged }
        }
    }
}
