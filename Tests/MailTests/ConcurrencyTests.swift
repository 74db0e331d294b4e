import CommonTestSupport
import Foundation
import Logging
import Postgres
import ServiceLifecycle
import Testing

@testable import Mail

@Suite("Several senders, restarts and crashes")
struct ConcurrencyTests {
    func enqueue(_ pool: PostgresPool, _ subjects: some Sequence<String>) async throws {
        for subject in subjects {
            _ = try await pool.withTransaction { tx in
                try await Outbox.enqueue(MailMessage(to: "ada@example.com", subject: subject, text: subject), kind: "test", on: tx)
            }
        }
    }

    @Test func twoSendersOnOneDatabaseSendEachMessageExactlyOnce() async throws {
        let sink = try await SMTPSink.start()
        defer { Task { await sink.stop() } }
        let pool = try await freshMailDatabase(poolSize: 6)
        defer { pool.shutdown() }
        let smtp = try SMTPConfiguration(url: sink.url)
        try await enqueue(pool, (0..<15).map { "m\($0)" })
        let stopFirst = start(OutboxSender(pool: pool, smtp: smtp, logger: LogRecords().logger(), pollInterval: .milliseconds(200), options: fastOptions()))
        let stopSecond = start(OutboxSender(pool: pool, smtp: smtp, logger: LogRecords().logger(), pollInterval: .milliseconds(200), options: fastOptions()))
        try await enqueue(pool, (15..<30).map { "m\($0)" })
        try await sink.waitForMessages(30)
        try await Task.sleep(for: .milliseconds(500))
        await stopFirst()
        await stopSecond()

        let messages = try sink.messages()
        #expect(messages.count == 30)
        #expect(Set(messages.compactMap { $0.header("Subject") }) == Set((0..<30).map { "m\($0)" }))
        #expect(Set(messages.compactMap { $0.header("Message-ID") }).count == 30)
        #expect(try await count(pool, where: "sent_at IS NOT NULL AND attempts = 1") == 30)
    }

    @Test func aSenderStoppedMidwayAndANewOneLoseAndDuplicateNothing() async throws {
        let sink = try await SMTPSink.start()
        defer { Task { await sink.stop() } }
        let pool = try await freshMailDatabase()
        defer { pool.shutdown() }
        let smtp = try SMTPConfiguration(url: sink.url)
        let logger = LogRecords().logger()

        // The first instance stops by graceful shutdown, as the server's service group does.
        let first = OutboxSender(pool: pool, smtp: smtp, logger: logger, pollInterval: .milliseconds(200), options: fastOptions())
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [first], logger: logger))
        let running = Task { try await group.run() }
        try await enqueue(pool, (0..<10).map { "r\($0)" })
        try await sink.waitForMessages(3)
        await group.triggerGracefulShutdown()
        try await running.value
        let sentBeforeStop = try await count(pool, where: "sent_at IS NOT NULL")
        #expect(try await count(pool, where: "locked_until IS NOT NULL") == 0)

        try await enqueue(pool, (10..<15).map { "r\($0)" })
        try await Task.sleep(for: .milliseconds(300))
        #expect(try sink.messages().count == sentBeforeStop)

        let stopSecond = start(OutboxSender(pool: pool, smtp: smtp, logger: logger, pollInterval: .milliseconds(200), options: fastOptions()))
        try await sink.waitForMessages(15)
        try await Task.sleep(for: .milliseconds(400))
        await stopSecond()
        let messages = try sink.messages()
        #expect(messages.count == 15)
        #expect(Set(messages.compactMap { $0.header("Subject") }) == Set((0..<15).map { "r\($0)" }))
        #expect(try await count(pool, where: "sent_at IS NOT NULL AND attempts = 1") == 15)
    }

    @Test func aSenderCancelledMidSendStillRecordsTheDelivery() async throws {
        let sink = try await SMTPSink.start(delay: .milliseconds(700))
        defer { Task { await sink.stop() } }
        let pool = try await freshMailDatabase()
        defer { pool.shutdown() }
        let stop = start(OutboxSender(pool: pool, smtp: try SMTPConfiguration(url: sink.url), logger: LogRecords().logger(), pollInterval: .milliseconds(100), options: fastOptions()))
        let id = try await pool.withTransaction { tx in
            try await Outbox.enqueue(MailMessage(to: "ada@example.com", subject: "In flight", text: "hi"), kind: "test", on: tx)
        }
        try await waitUntil { try await count(pool, where: "locked_by IS NOT NULL") == 1 }  // the message is claimed
        try await Task.sleep(for: .milliseconds(200))  // the SMTP dialogue is under way
        await stop()
        #expect(try sink.messages().count == 1)
        #expect(try await count(pool, where: "id = \(id) AND sent_at IS NOT NULL AND locked_by IS NULL AND attempts = 1") == 1)
    }

    @Test func aMessageLeasedByACrashedSenderIsSentAfterTheLeaseAndKeepsItsMessageID() async throws {
        let sink = try await SMTPSink.start()
        defer { Task { await sink.stop() } }
        let pool = try await freshMailDatabase()
        defer { pool.shutdown() }
        let id = try await pool.withTransaction { tx in
            try await Outbox.enqueue(MailMessage(to: "ada@example.com", subject: "Orphan", text: "hi"), kind: "test", on: tx)
        }
        // What a sender that died mid-send leaves behind: a counted attempt and a lease,
        // long enough to hold until this test ends it.
        let createdAt = try await pool.query(
            """
            UPDATE mail_outbox SET attempts = 1, locked_by = 'crashed-instance',
                   locked_until = now() + interval '1 hour' WHERE id = \(id)
            RETURNING created_at
            """
        )[0].decode("created_at", as: Date.self)
        // Queued after the orphan, so a sender that ignored the lease would claim the orphan first.
        try await enqueue(pool, ["Marker"])
        // Polling every 200 ms, the sender is held back by nothing but the lease.
        let stop = start(OutboxSender(pool: pool, smtp: try SMTPConfiguration(url: sink.url), logger: LogRecords().logger(), pollInterval: .milliseconds(200), options: fastOptions()))
        let early = try await sink.waitForMessages(1)
        #expect(early.map { $0.header("Subject") } == ["Marker"], "nothing went out under the lease")
        #expect(try await count(pool, where: "id = \(id) AND locked_by = 'crashed-instance' AND attempts = 1 AND sent_at IS NULL") == 1)

        let leaseEnd = try await pool.query(
            "UPDATE mail_outbox SET locked_until = now() WHERE id = \(id) RETURNING locked_until"
        )[0].decode("locked_until", as: Date.self)
        let delivered = try await sink.waitForMessages(2)
        try await Task.sleep(for: .milliseconds(300))
        await stop()
        #expect(try sink.messages().count == 2)
        #expect(try await count(pool, where: "id = \(id) AND sent_at >= \(leaseEnd)") == 1)
        let expectedID = MIMEMessage.messageID(
            for: OutboxItem(id: id, kind: "test", message: MailMessage(to: "", subject: "", text: ""), createdAt: createdAt, attempts: 0),
            domain: "localhost"
        )
        #expect(delivered.first { $0.header("Subject") == "Orphan" }?.header("Message-ID") == expectedID)
        #expect(try await count(pool, where: "id = \(id) AND attempts = 2 AND sent_at IS NOT NULL AND locked_by IS NULL") == 1)
    }
}
