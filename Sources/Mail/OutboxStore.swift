import Foundation
import Postgres

/// One outbox row as a sender sees it.
struct OutboxItem: Sendable, Equatable {
    var id: Int64
    var kind: String
    var message: MailMessage
    var createdAt: Date
    /// Attempts started so far, this one included once claimed.
    var attempts: Int

    init(id: Int64, kind: String, message: MailMessage, createdAt: Date, attempts: Int) {
        self.id = id
        self.kind = kind
        self.message = message
        self.createdAt = createdAt
        self.attempts = attempts
    }

    init(row: PostgresRow) throws {
        id = try row.decode("id", as: Int64.self)
        kind = try row.decode("kind", as: String.self)
        message = MailMessage(
            to: try row.decode("recipient", as: String.self),
            subject: try row.decode("subject", as: String.self),
            text: try row.decode("body_text", as: String.self),
            html: try row.decode("body_html", as: String?.self)
        )
        createdAt = try row.decode("created_at", as: Date.self)
        attempts = try row.decode("attempts", as: Int.self)
    }
}

/// The sender's statements on an outbox table, `mail_outbox` or `sms_outbox` (their
/// delivery columns are the same: 0002 and 0021). Every claim is a single `UPDATE` whose
/// row comes from `FOR UPDATE SKIP LOCKED`: concurrent senders never pick the same row,
/// and the lease it writes (`locked_until`) keeps the row theirs after the statement
/// commits, while the message is on the wire. A sender that dies mid-send leaves only
/// a lease behind, which expires: the message is claimable again, never lost.
struct OutboxStore: Sendable {
    let pool: PostgresPool
    /// Identifies this sender's leases (`locked_by`), so that it only ever completes
    /// rows it still holds.
    let instance: String
    /// The outbox table, and the columns a claim returns.
    let table: String
    let columns: SQL

    /// The store of `mail_outbox`.
    static func mail(pool: PostgresPool, instance: String) -> OutboxStore {
        OutboxStore(
            pool: pool, instance: instance, table: "mail_outbox",
            columns: "id, kind, recipient, subject, body_text, body_html, created_at, attempts"
        )
    }

    /// Claims the oldest due message, counting the attempt, with a lease of `lease`.
    func claimNext(lease: Duration) async throws -> PostgresRow? {
        try await pool.query(
            """
            UPDATE \(identifier: table)
               SET attempts = attempts + 1, locked_by = \(instance),
                   locked_until = now() + make_interval(secs => \(lease.seconds))
             WHERE id = (SELECT id FROM \(identifier: table)
                          WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
                            AND (locked_until IS NULL OR locked_until <= now())
                          ORDER BY next_attempt_at, id
                          LIMIT 1
                          FOR UPDATE SKIP LOCKED)
            RETURNING \(columns)
            """
        ).first
    }

    /// Records a delivery. False when this sender no longer held the lease (it expired
    /// and another sender claimed the row, which may deliver it a second time).
    func markSent(_ id: Int64) async throws -> Bool {
        try await pool.execute(
            """
            UPDATE \(identifier: table) SET sent_at = now(), locked_by = NULL, locked_until = NULL, last_error = NULL
             WHERE id = \(id) AND locked_by = \(instance) AND sent_at IS NULL
            """
        ).affectedRows == 1
    }

    /// Records a failed attempt: due again after `retryAfter`, or given up (`failed_at`)
    /// once `attempts` reached `maxAttempts`. Returns true when it gave up.
    func markFailed(_ id: Int64, error: String, retryAfter: Duration, maxAttempts: Int) async throws -> Bool {
        let rows = try await pool.query(
            """
            UPDATE \(identifier: table)
               SET locked_by = NULL, locked_until = NULL, last_error = \(error),
                   next_attempt_at = now() + make_interval(secs => \(retryAfter.seconds)),
                   failed_at = CASE WHEN attempts >= \(maxAttempts) THEN now() END
             WHERE id = \(id) AND locked_by = \(instance) AND sent_at IS NULL
            RETURNING failed_at IS NOT NULL AS gave_up
            """
        )
        return try rows.first?.decode("gave_up", as: Bool.self) ?? false
    }

    /// Takes up to `limit` messages nobody has logged yet, marking them logged. For a
    /// mail sender without SMTP: each message is logged once, and stays unsent.
    func claimUnlogged(limit: Int) async throws -> [OutboxItem] {
        try await pool.query(
            """
            UPDATE mail_outbox SET logged_at = now()
             WHERE id IN (SELECT id FROM mail_outbox
                           WHERE sent_at IS NULL AND failed_at IS NULL AND logged_at IS NULL
                           ORDER BY id
                           LIMIT \(limit)
                           FOR UPDATE SKIP LOCKED)
            RETURNING \(columns)
            """
        ).map(OutboxItem.init(row:)).sorted { $0.id < $1.id }
    }

    /// How long until the next pending message becomes claimable (its back-off or a
    /// lease runs out); nil when nothing is pending.
    func timeUntilNextDue() async throws -> Duration? {
        let rows = try await pool.query(
            """
            SELECT EXTRACT(EPOCH FROM min(GREATEST(next_attempt_at, COALESCE(locked_until, next_attempt_at))) - now())::float8
                   AS wait
              FROM \(identifier: table) WHERE sent_at IS NULL AND failed_at IS NULL
            """
        )
        guard let seconds = try rows.first?.decode("wait", as: Double?.self) else { return nil }
        return .milliseconds(max(0, Int64((seconds * 1000).rounded(.up))))
    }
}

extension Duration {
    /// The duration in (fractional) seconds, for `make_interval(secs => …)`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
