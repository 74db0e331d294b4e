import Foundation
import Logging
import Postgres
import ServiceLifecycle

/// Background sender, a ServiceLifecycle Service: delivers the outbox over SMTP.
///
/// A loop claims one due message at a time (`OutboxStore.claimNext`: `FOR UPDATE SKIP
/// LOCKED` plus a lease, so several instances never send the same row at once), sends it
/// with libcurl on a thread of its own (`SMTPClient`), and marks it sent. A failed
/// attempt is retried after an exponential back-off (`Options.backoff`), recorded in
/// `attempts`, `next_attempt_at` and `last_error`. When no message is due the loop
/// sleeps until the next one is (a back-off or a lease ending), at most `pollInterval`,
/// and wakes early on the NOTIFY of `Outbox.enqueue` (LISTEN on a connection of its own).
///
/// Delivery is at least once: a message is marked sent only after the server accepted
/// it, so a crash in between sends it again once its lease expires. Every attempt
/// carries the same Message-ID (from the row's id), so such a duplicate is recognisable.
///
/// With `smtp == nil` (no `QUARRY_SMTP_URL`) every message is logged once — recipient,
/// subject and text, links included — and stays unsent in the outbox, so a developer can
/// click through, and a sender with SMTP configured later still delivers it.
///
/// `run()` returns on graceful shutdown or cancellation, after the delivery in progress
/// (bounded by the libcurl timeouts) has been recorded.
public final class OutboxSender: Service {
    private let pool: PostgresPool
    private let smtp: SMTPConfiguration?
    private let logger: Logger
    private let pollInterval: Duration
    private let options: Options
    private let store: OutboxStore
    private let client: SMTPClient?

    public init(
        pool: PostgresPool, smtp: SMTPConfiguration?, logger: Logger, pollInterval: Duration = .seconds(5),
        options: Options = Options()
    ) {
        self.pool = pool
        self.smtp = smtp
        self.logger = logger
        self.pollInterval = pollInterval
        self.options = options
        store = .mail(pool: pool, instance: OutboxLoop.instanceName())
        client = smtp.map { SMTPClient(configuration: $0, connectTimeout: options.connectTimeout, timeout: options.sendTimeout) }
    }

    public func run() async throws {
        if let smtp {
            logger.info("mail sender started", metadata: ["smtp": "\(smtp)"])
        } else {
            logger.notice("QUARRY_SMTP_URL is not set: mail is logged and kept in the outbox, not sent")
        }
        await OutboxLoop(pool: pool, channel: Outbox.channel, pollInterval: pollInterval, logger: logger, noun: "mail")
            .run { wake in try await self.deliverDue(wake: wake) }
    }

    /// Handles everything due now; returns how long to sleep before looking again.
    private func deliverDue(wake: WakeSignal) async throws -> Duration {
        guard let client, let smtp else {
            while !wake.isStopped {
                let items = try await store.claimUnlogged(limit: options.logBatchSize)
                items.forEach(log(unsent:))
                if items.count < options.logBatchSize { break }
            }
            return pollInterval
        }
        while !wake.isStopped, let row = try await store.claimNext(lease: options.effectiveLease) {
            let item = try OutboxItem(row: row)
            let outcome = await client.send(MIMEMessage.render(item, from: smtp.fromAddress), from: smtp.fromAddress.address, to: item.message.to)
            // Recorded in a task of its own, which a cancellation of `run()` does not reach:
            // once the server has the message, losing the record would only cause a duplicate.
            try await Task {
                try await self.store.record(
                    failure: outcome.failureText, id: item.id, attempts: item.attempts, options: options, logger: logger,
                    metadata: ["mail_id": "\(item.id)", "kind": "\(item.kind)"], noun: "mail"
                )
            }.value
        }
        return try await OutboxLoop.delay(until: store.timeUntilNextDue(), pollInterval: pollInterval)
    }

    private func log(unsent item: OutboxItem) {
        logger.info(
            "mail not sent (QUARRY_SMTP_URL is unset), kept in the outbox:\nTo: \(item.message.to)\nSubject: \(item.message.subject)\n\n\(item.message.text)",
            metadata: ["mail_id": "\(item.id)", "kind": "\(item.kind)", "to": "\(item.message.to)"]
        )
    }
}
