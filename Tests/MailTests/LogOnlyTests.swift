import CommonTestSupport
import Foundation
import Postgres
import Testing

@testable import Mail

@Suite("Without SMTP")
struct LogOnlyTests {
    @Test func messagesAreLoggedOnceWithTheirLinksAndKeptForLater() async throws {
        let pool = try await freshMailDatabase()
        defer { pool.shutdown() }
        let records = LogRecords()
        let stop = start(OutboxSender(pool: pool, smtp: nil, logger: records.logger(), pollInterval: .milliseconds(100), options: fastOptions()))
        let link = AccountEmails.link(base: "http://localhost:8080", path: "/reset-password", query: [("token", "secret-token")])
        let id = try await pool.withTransaction { tx in
            try await Outbox.enqueue(AccountEmails.passwordReset(to: "ada@example.com", link: link), kind: "password_reset", on: tx)
        }
        func logged() -> [LogRecords.Record] { records.all.filter { $0.metadata["mail_id"] == "\(id)" } }
        try await waitUntil { !logged().isEmpty }  // the message is logged
        try await Task.sleep(for: .milliseconds(500))  // several more poll rounds
        await stop()

        let entries = logged()
        #expect(entries.count == 1)
        let entry = try #require(entries.first)
        #expect(entry.message.contains("To: ada@example.com"))
        #expect(entry.message.contains("Subject: Reset your password"))
        #expect(entry.message.contains(link))
        #expect(records.all.contains { $0.message.contains("QUARRY_SMTP_URL is not set") })
        #expect(try await count(pool, where: "id = \(id) AND sent_at IS NULL AND logged_at IS NOT NULL AND attempts = 0") == 1)

        // Still in the outbox: a sender with SMTP delivers it.
        let sink = try await SMTPSink.start()
        defer { Task { await sink.stop() } }
        let stopSMTP = start(OutboxSender(pool: pool, smtp: try SMTPConfiguration(url: sink.url), logger: records.logger(), pollInterval: .milliseconds(100), options: fastOptions()))
        let delivered = try await sink.waitForMessages(1)
        await stopSMTP()
        #expect(delivered.first?.text?.contains(link) == true)
    }
}
