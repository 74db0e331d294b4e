import CommonTestSupport
import Foundation
import Postgres
import Testing

@testable import Mail

@Suite("Retries")
struct RetryTests {
    @Test func backoffDoublesUpToTheMaximum() {
        var options = OutboxSender.Options()
        #expect(options.backoff(afterFailures: 1) == .seconds(30))
        #expect(options.backoff(afterFailures: 2) == .seconds(60))
        #expect(options.backoff(afterFailures: 5) == .seconds(480))
        #expect(options.backoff(afterFailures: 8) == .seconds(3600))
        #expect(options.backoff(afterFailures: 1000) == .seconds(3600))
        options.backoffBase = .milliseconds(100)
        options.maxBackoff = .milliseconds(400)
        #expect((1...5).map(options.backoff(afterFailures:)) == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(400), .milliseconds(400)])
        #expect(options.effectiveLease == .seconds(300))
        options.lease = .seconds(1)
        #expect(options.effectiveLease == .seconds(75))
    }

    @Test func anUnreachableServerIsRetriedWithBackoffThenDelivered() async throws {
        let port = try await SMTPSink.freePort()
        let pool = try await freshMailDatabase()
        defer { pool.shutdown() }
        let sender = OutboxSender(
            pool: pool, smtp: try SMTPConfiguration(url: "smtp://127.0.0.1:\(port)"), logger: LogRecords().logger(),
            pollInterval: .seconds(60), options: fastOptions()
        )
        let stop = start(sender)
        let id = try await pool.withTransaction { tx in
            try await Outbox.enqueue(MailMessage(to: "ada@example.com", subject: "Eventually", text: "hi"), kind: "test", on: tx)
        }
        // Three attempts over and recorded (not one still under way, which could meet the server).
        try await waitUntil {  // three failed attempts
            try await count(pool, where: "attempts >= 3 AND locked_until IS NULL AND last_error IS NOT NULL") == 1
        }
        let row = try await pool.query(
            """
            SELECT attempts, last_error, sent_at IS NULL AS unsent, locked_until IS NULL AS unlocked,
                   EXTRACT(EPOCH FROM next_attempt_at - now())::float8 AS wait
              FROM mail_outbox WHERE id = \(id)
            """
        )[0]
        #expect(try row.decode("unsent", as: Bool.self))
        #expect(try row.decode("last_error", as: String?.self)?.contains("SMTP delivery failed") == true)
        #expect(try row.decode("wait", as: Double.self) <= 0.45)

        let sink = try await SMTPSink.start(port: port)
        defer { Task { await sink.stop() } }
        let delivered = try await sink.waitForMessages(1)
        try await Task.sleep(for: .milliseconds(300))
        await stop()
        #expect(delivered.map { $0.header("Subject") } == ["Eventually"])
        #expect(try sink.messages().count == 1)
        let final = try await pool.query("SELECT attempts, last_error, sent_at FROM mail_outbox WHERE id = \(id)")[0]
        #expect(try final.decode("attempts", as: Int.self) >= 4)
        #expect(final.isNull("last_error") && !final.isNull("sent_at"))
    }

    @Test func aMessageIsGivenUpAfterTheMaximumAttemptsAndKept() async throws {
        let port = try await SMTPSink.freePort()
        let pool = try await freshMailDatabase()
        defer { pool.shutdown() }
        var options = fastOptions()
        options.maxAttempts = 2
        let records = LogRecords()
        let sender = OutboxSender(
            pool: pool, smtp: try SMTPConfiguration(url: "smtp://127.0.0.1:\(port)"), logger: records.logger(),
            pollInterval: .milliseconds(100), options: options
        )
        let stop = start(sender)
        _ = try await pool.withTransaction { tx in
            try await Outbox.enqueue(MailMessage(to: "ada@example.com", subject: "Doomed", text: "hi"), kind: "test", on: tx)
        }
        try await waitUntil { try await count(pool, where: "failed_at IS NOT NULL") == 1 }  // the message is given up
        let sink = try await SMTPSink.start(port: port)
        defer { Task { await sink.stop() } }
        try await Task.sleep(for: .milliseconds(500))
        await stop()
        #expect(try sink.messages().isEmpty)
        #expect(try await count(pool, where: "attempts = 2 AND sent_at IS NULL AND last_error IS NOT NULL") == 1)
        #expect(records.all.contains { $0.level == .error && $0.message.contains("given up after 2 attempts") })
    }
}
