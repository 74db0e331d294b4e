import Foundation
import Logging
import Postgres
import ServiceLifecycle

/// Background sender, a ServiceLifecycle Service: delivers `sms_outbox` through an
/// ``SMSSender``, as ``OutboxSender`` delivers mail — one claimed row at a time under a
/// lease, a failed attempt retried after a back-off, woken by the NOTIFY of
/// ``SMSOutbox/enqueue(_:kind:on:)``. Quarry runs it only when `QUARRY_SMS_URL` is set
/// (without it sign-up refuses SMS, so nothing is queued).
public final class SMSOutboxSender: Service {
    private let sender: any SMSSender
    private let logger: Logger
    private let pollInterval: Duration
    private let options: OutboxSender.Options
    private let store: OutboxStore
    private let pool: PostgresPool

    /// A verification code lives 10 minutes, so retrying for a day as mail does is of no use:
    /// attempts after 15 s, 30 s, 1 min, 2 min and 4 min, then the message is given up.
    public static var defaultOptions: OutboxSender.Options {
        var options = OutboxSender.Options()
        options.backoffBase = .seconds(15)
        options.maxAttempts = 6
        options.sendTimeout = .seconds(30)
        return options
    }

    public init(
        pool: PostgresPool, sender: any SMSSender, logger: Logger, pollInterval: Duration = .seconds(5),
        options: OutboxSender.Options = SMSOutboxSender.defaultOptions
    ) {
        self.pool = pool
        self.sender = sender
        self.logger = logger
        self.pollInterval = pollInterval
        self.options = options
        store = OutboxStore(
            pool: pool, instance: OutboxLoop.instanceName(), table: "sms_outbox",
            columns: "id, kind, recipient, body, attempts"
        )
    }

    public func run() async throws {
        logger.info("SMS sender started")
        await OutboxLoop(pool: pool, channel: SMSOutbox.channel, pollInterval: pollInterval, logger: logger, noun: "SMS")
            .run { wake in try await self.deliverDue(wake: wake) }
    }

    /// Sends everything due now; returns how long to sleep before looking again.
    private func deliverDue(wake: WakeSignal) async throws -> Duration {
        while !wake.isStopped, let row = try await store.claimNext(lease: options.effectiveLease) {
            let id = try row.decode("id", as: Int64.self)
            let kind = try row.decode("kind", as: String.self)
            let attempts = try row.decode("attempts", as: Int.self)
            let message = SMSMessage(to: try row.decode("recipient", as: String.self), body: try row.decode("body", as: String.self))
            let outcome = await sender.send(message)
            // As for mail: the record is not cancelled with `run()`, so a sent message is not sent again.
            try await Task {
                try await self.store.record(
                    failure: outcome.failureText, id: id, attempts: attempts, options: options, logger: logger,
                    metadata: ["sms_id": "\(id)", "kind": "\(kind)"], noun: "SMS"
                )
            }.value
        }
        return try await OutboxLoop.delay(until: store.timeUntilNextDue(), pollInterval: pollInterval)
    }
}
