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
        store = OutboxStore(pool: pool, instance: "\(ProcessInfo.processInfo.hostName):\(getpid()):\(UUID().uuidString.prefix(8))")
        client = smtp.map { SMTPClient(configuration: $0, connectTimeout: options.connectTimeout, timeout: options.sendTimeout) }
    }

    public func run() async throws {
        let wake = WakeSignal()
        let listener = PostgresListener(configuration: pool.configuration, logger: logger)
        defer { listener.shutdown() }
        if let smtp {
            logger.info("mail sender started", metadata: ["smtp": "\(smtp)"])
        } else {
            logger.notice("QUARRY_SMTP_URL is not set: mail is logged and kept in the outbox, not sent")
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.forwardNotifications(from: listener, to: wake) }
            await withGracefulShutdownHandler {
                await withTaskCancellationHandler {
                    await self.loop(wake: wake)
                } onCancel: {
                    wake.stop()
                }
            } onGracefulShutdown: {
                wake.stop()
            }
            group.cancelAll()
        }
    }

    private func loop(wake: WakeSignal) async {
        while !wake.isStopped {
            let delay: Duration
            do {
                delay = try await deliverDue(wake: wake)
            } catch {
                logger.warning("mail outbox unavailable; retrying", metadata: ["error": "\(error)"])
                delay = pollInterval
            }
            guard !wake.isStopped else { return }
            await wake.wait(timeout: delay)
        }
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
        while !wake.isStopped, let item = try await store.claimNext(lease: options.effectiveLease) {
            try await deliver(item, with: client, from: smtp.fromAddress)
        }
        let next = try await store.timeUntilNextDue()
        return min(pollInterval, next.map { max($0, .milliseconds(10)) } ?? pollInterval)
    }

    private func deliver(_ item: OutboxItem, with client: SMTPClient, from: MailAddress) async throws {
        let outcome = await client.send(MIMEMessage.render(item, from: from), from: from.address, to: item.message.to)
        // Recorded in a task of its own, which a cancellation of `run()` does not reach:
        // once the server has the message, losing the record would only cause a duplicate.
        try await Task { try await self.record(outcome, of: item) }.value
    }

    private func record(_ outcome: Result<Void, SMTPClient.Failure>, of item: OutboxItem) async throws {
        var metadata: Logger.Metadata = ["mail_id": "\(item.id)", "kind": "\(item.kind)", "attempt": "\(item.attempts)"]
        switch outcome {
        case .success:
            if try await recordSent(item.id) {
                logger.info("mail sent", metadata: metadata)
            } else {
                logger.warning("mail sent after its lease ran out; another sender may send it again", metadata: metadata)
            }
        case .failure(let failure):
            let delay = options.backoff(afterFailures: item.attempts)
            metadata["error"] = "\(failure)"
            let gaveUp = try await store.markFailed(
                item.id, error: failure.description, retryAfter: delay, maxAttempts: options.maxAttempts
            )
            if gaveUp {
                logger.error("mail given up after \(item.attempts) attempts", metadata: metadata)
            } else {
                metadata["retry_in"] = "\(delay)"
                logger.warning("mail delivery failed; will retry", metadata: metadata)
            }
        }
    }

    /// Marks a delivered message sent, retrying briefly while the database is away: each
    /// retry that succeeds spares the recipient a duplicate after the lease expires.
    private func recordSent(_ id: Int64) async throws -> Bool {
        var delay: Duration = .milliseconds(100)
        for _ in 0..<5 {
            do {
                return try await store.markSent(id)
            } catch {
                try? await Task.sleep(for: delay)
                delay *= 2
            }
        }
        return try await store.markSent(id)
    }

    private func log(unsent item: OutboxItem) {
        logger.info(
            "mail not sent (QUARRY_SMTP_URL is unset), kept in the outbox:\nTo: \(item.message.to)\nSubject: \(item.message.subject)\n\n\(item.message.text)",
            metadata: ["mail_id": "\(item.id)", "kind": "\(item.kind)", "to": "\(item.message.to)"]
        )
    }

    /// Turns NOTIFYs on `Outbox.channel` into wake-ups. If LISTEN cannot be set up (the
    /// database is down), tries again after a poll interval; meanwhile polling covers.
    private func forwardNotifications(from listener: PostgresListener, to wake: WakeSignal) async {
        while !Task.isCancelled {
            do {
                let notifications = try await listener.notifications(channel: Outbox.channel)
                wake.signal()  // messages enqueued before LISTEN was active
                for await _ in notifications { wake.signal() }
                return
            } catch {
                logger.debug("LISTEN for the mail outbox failed", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: pollInterval)
            }
        }
    }
}
