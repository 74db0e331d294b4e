import CommonTestSupport
import Foundation
import Postgres
import Testing

@testable import Mail

@Suite("Outbox")
struct OutboxTests {
    let message = MailMessage(to: "ada@example.com", subject: "Hello", text: "Hi", html: "<p>Hi</p>")

    @Test func enqueueWritesTheRowInTheCallersTransaction() async throws {
        let pool = try await freshMailDatabase()
        defer { pool.shutdown() }
        let id = try await pool.withTransaction { tx in try await Outbox.enqueue(message, kind: "welcome", on: tx) }
        let row = try #require(try await pool.query("SELECT * FROM mail_outbox WHERE id = \(id)").first)
        #expect(try row.decode("kind", as: String.self) == "welcome")
        #expect(try row.decode("recipient", as: String.self) == "ada@example.com")
        #expect(try row.decode("subject", as: String.self) == "Hello")
        #expect(try row.decode("body_text", as: String.self) == "Hi")
        #expect(try row.decode("body_html", as: String?.self) == "<p>Hi</p>")
        #expect(try row.decode("attempts", as: Int.self) == 0)
        #expect(row.isNull("sent_at") && row.isNull("locked_until"))

        struct Abort: Error {}
        await #expect(throws: Abort.self) {
            try await pool.withTransaction { tx in
                try await Outbox.enqueue(message, kind: "welcome", on: tx)
                throw Abort()
            }
        }
        #expect(try await count(pool) == 1)
    }

    @Test func enqueueNotifiesOnlyOnCommit() async throws {
        let pool = try await freshMailDatabase()
        defer { pool.shutdown() }
        let listener = PostgresListener(configuration: pool.configuration)
        defer { listener.shutdown() }
        let notifications = try await listener.notifications(channel: Outbox.channel)
        struct Abort: Error {}
        _ = try? await pool.withTransaction { tx in
            try await Outbox.enqueue(message, kind: "rolled_back", on: tx)
            throw Abort()
        }
        let id = try await pool.withTransaction { tx in try await Outbox.enqueue(message, kind: "committed", on: tx) }
        let first = try await notifications.next()
        #expect(first?.payload == String(id))
    }

    @Test func badMessagesAreRefusedAndWriteNothing() async throws {
        let pool = try await freshMailDatabase(poolSize: 1)
        defer { pool.shutdown() }
        let cases: [(to: String, subject: String, kind: String)] = [
            ("", "Hello", "kind"), ("ada@example.com", "Hello", ""), ("ada@example.com", "Hello", "two words"),
            ("not-an-address", "Hello", "kind"), ("Ada <ada@example.com>", "Hello", "kind"),
            ("ada@example.com, eve@example.com", "Hello", "kind"), ("ada@example.com\r\nBcc: eve@example.com", "Hello", "kind"),
            ("ada@example.com", "Hello\r\nBcc: eve@example.com", "kind"), ("ada@example.com", "  ", "kind"),
        ]
        for (to, subject, kind) in cases {
            let error = try await #require(throws: MailError.self, "to \(to), subject \(subject), kind \(kind)") {
                try await pool.withTransaction { tx in
                    try await Outbox.enqueue(MailMessage(to: to, subject: subject, text: "x"), kind: kind, on: tx)
                }
            }
            #expect(error.code.rawValue == "MAIL_INVALID_MESSAGE")
        }
        #expect(try await count(pool) == 0)
    }
}
