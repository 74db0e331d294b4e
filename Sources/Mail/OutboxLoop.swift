import Foundation
import Logging
import Postgres
import ServiceLifecycle

/// The loop both outbox senders (mail and SMS) run: deliver what is due, then sleep until
/// the next message is due, at most `pollInterval`, waking early on the NOTIFY of an
/// enqueue (LISTEN on a connection of its own). It returns on graceful shutdown or
/// cancellation, after the delivery in progress has been recorded.
struct OutboxLoop: Sendable {
    let pool: PostgresPool
    /// The NOTIFY channel of the outbox's `enqueue`.
    let channel: String
    let pollInterval: Duration
    let logger: Logger
    /// "mail" or "sms", for log lines.
    let noun: String

    /// Identifies one sender's leases (`locked_by`).
    static func instanceName() -> String {
        "\(ProcessInfo.processInfo.hostName):\(getpid()):\(UUID().uuidString.prefix(8))"
    }

    /// How long to sleep when the next message is due after `next` (nil: nothing pending).
    static func delay(until next: Duration?, pollInterval: Duration) -> Duration {
        min(pollInterval, next.map { max($0, .milliseconds(10)) } ?? pollInterval)
    }

    /// Runs `deliverDue` (which handles everything due and answers how long to sleep) until stopped.
    func run(deliverDue: @escaping @Sendable (WakeSignal) async throws -> Duration) async {
        let wake = WakeSignal()
        let listener = PostgresListener(configuration: pool.configuration, logger: logger)
        defer { listener.shutdown() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.forwardNotifications(from: listener, to: wake) }
            await withGracefulShutdownHandler {
                await withTaskCancellationHandler {
                    await self.loop(wake: wake, deliverDue: deliverDue)
                } onCancel: {
                    wake.stop()
                }
            } onGracefulShutdown: {
                wake.stop()
            }
            group.cancelAll()
        }
    }

    private func loop(wake: WakeSignal, deliverDue: @Sendable (WakeSignal) async throws -> Duration) async {
        while !wake.isStopped {
            let delay: Duration
            do {
                delay = try await deliverDue(wake)
            } catch {
                logger.warning("\(noun) outbox unavailable; retrying", metadata: ["error": "\(error)"])
                delay = pollInterval
            }
            guard !wake.isStopped else { return }
            await wake.wait(timeout: delay)
        }
    }

    /// Turns NOTIFYs on `channel` into wake-ups. If LISTEN cannot be set up (the
    /// database is down), tries again after a poll interval; meanwhile polling covers.
    private func forwardNotifications(from listener: PostgresListener, to wake: WakeSignal) async {
        while !Task.isCancelled {
            do {
                let notifications = try await listener.notifications(channel: channel)
                wake.signal()  // messages enqueued before LISTEN was active
                for await _ in notifications { wake.signal() }
                return
            } catch {
                logger.debug("LISTEN for the \(noun) outbox failed", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: pollInterval)
            }
        }
    }
}

extension OutboxStore {
    /// Records one attempt's outcome (`failure` nil: delivered) and logs it: a failure is
    /// due again after the back-off of `options`, or given up after `options.maxAttempts`.
    func record(
        failure: String?, id: Int64, attempts: Int, options: OutboxSender.Options, logger: Logger,
        metadata: Logger.Metadata, noun: String
    ) async throws {
        var metadata = metadata
        metadata["attempt"] = "\(attempts)"
        guard let failure else {
            if try await recordSent(id) {
                logger.info("\(noun) sent", metadata: metadata)
            } else {
                logger.warning("\(noun) sent after its lease ran out; another sender may send it again", metadata: metadata)
            }
            return
        }
        let delay = options.backoff(afterFailures: attempts)
        metadata["error"] = "\(failure)"
        if try await markFailed(id, error: failure, retryAfter: delay, maxAttempts: options.maxAttempts) {
            logger.error("\(noun) given up after \(attempts) attempts", metadata: metadata)
        } else {
            metadata["retry_in"] = "\(delay)"
            logger.warning("\(noun) delivery failed; will retry", metadata: metadata)
        }
    }

    /// Marks a delivered message sent, retrying briefly while the database is away: each
    /// retry that succeeds spares the recipient a duplicate after the lease expires.
    private func recordSent(_ id: Int64) async throws -> Bool {
        var delay: Duration = .milliseconds(100)
        for _ in 0..<5 {
            do {
                return try await markSent(id)
            } catch {
                try? await Task.sleep(for: delay)
                delay *= 2
            }
        }
        return try await markSent(id)
    }
}

extension Result where Failure: CustomStringConvertible {
    /// The failure's text, nil on success.
    var failureText: String? {
        if case .failure(let failure) = self { failure.description } else { nil }
    }
}
