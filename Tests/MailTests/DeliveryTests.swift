import CommonTestSupport
import Foundation
import Postgres
import Testing

@testable import Mail

@Suite("Delivery over SMTP")
struct DeliveryTests {
    @Test func aCommittedMessageIsDeliveredOnceWithItsHeadersAndLinks() async throws {
        let sink = try await SMTPSink.start()
        defer { Task { await sink.stop() } }
        let pool = try await freshMailDatabase()
        defer { pool.shutdown() }
        let smtp = try SMTPConfiguration(url: sink.url, from: "Quärry Tëam <no-reply@quarry.example>")
        // A poll interval far beyond the test's waits: only the NOTIFY can wake the sender.
        let sender = OutboxSender(pool: pool, smtp: smtp, logger: LogRecords().logger(), pollInterval: .seconds(60), options: fastOptions())
        let stop = start(sender)
        try await Task.sleep(for: .milliseconds(500))

        let token = "tok_\(UUID().uuidString)"
        let link = AccountEmails.link(base: "http://127.0.0.1:8080", path: "/verify-email", query: [("token", token)])
        let id = try await pool.withTransaction { tx in
            try await Outbox.enqueue(
                AccountEmails.verification(to: "ada@example.com", nickname: "Adà", link: link, code: "123456"),
                kind: "verification", on: tx
            )
        }
        let delivered = try await sink.waitForMessages(1)
        await stop()

        let message = try #require(delivered.first)
        #expect(message.mail_from == "no-reply@quarry.example")
        #expect(message.rcpt_tos == ["ada@example.com"])
        #expect(message.header("From") == "Quärry Tëam <no-reply@quarry.example>")
        #expect(message.header("To") == "ada@example.com")
        #expect(message.header("Subject") == "Verify your email address")
        #expect(message.header("X-Quarry-Mail-Kind") == "verification")
        #expect(message.header("Message-ID")?.hasPrefix("<quarry.\(id).") == true)
        #expect(message.header("Message-ID")?.hasSuffix("@quarry.example>") == true)
        #expect(message.header("Date") != nil)
        let text = try #require(message.text)
        #expect(text.contains("Hi Adà,"))
        #expect(text.contains("123456"))
        #expect(message.html?.contains("href=\"\(link)\"") == true)

        // Follow the link the recipient got: absolute, to the public URL, with the token.
        let found = try #require(text.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http") })
        let components = try #require(URLComponents(string: String(found)))
        #expect(components.scheme == "http" && components.host == "127.0.0.1" && components.port == 8080)
        #expect(components.path == "/verify-email")
        #expect(components.queryItems == [URLQueryItem(name: "token", value: token)])

        let row = try await pool.query("SELECT attempts, sent_at IS NOT NULL AS sent, locked_until FROM mail_outbox WHERE id = \(id)")[0]
        #expect(try row.decode("attempts", as: Int.self) == 1)
        #expect(try row.decode("sent", as: Bool.self))
        #expect(row.isNull("locked_until"))
        #expect(try sink.messages().count == 1)
    }

    @Test func aRolledBackTransactionSendsNothing() async throws {
        let sink = try await SMTPSink.start()
        defer { Task { await sink.stop() } }
        let pool = try await freshMailDatabase()
        defer { pool.shutdown() }
        let sender = OutboxSender(
            pool: pool, smtp: try SMTPConfiguration(url: sink.url), logger: LogRecords().logger(),
            pollInterval: .milliseconds(100), options: fastOptions()
        )
        let stop = start(sender)
        struct SignUpFailed: Error {}
        await #expect(throws: SignUpFailed.self) {
            try await pool.withTransaction { tx in
                try await Outbox.enqueue(MailMessage(to: "ghost@example.com", subject: "Rolled back", text: "no"), kind: "test", on: tx)
                throw SignUpFailed()
            }
        }
        _ = try await pool.withTransaction { tx in
            try await Outbox.enqueue(MailMessage(to: "ada@example.com", subject: "Committed ✉️ à la carte", text: "yes"), kind: "test", on: tx)
        }
        try await sink.waitForMessages(1)
        try await Task.sleep(for: .milliseconds(400))  // several poll rounds
        await stop()
        let messages = try sink.messages()
        #expect(messages.map { $0.header("Subject") } == ["Committed ✉️ à la carte"])
        #expect(messages.first?.raw.contains("Subject: =?UTF-8?B?") == true)
        #expect(messages.map(\.rcpt_tos) == [["ada@example.com"]])
        #expect(try await count(pool) == 1)
    }

    @Test func credentialsFromTheURLAuthenticate() async throws {
        let sink = try await SMTPSink.start(auth: (user: "mailer@quarry.example", password: "p@ss:w/rd"))
        defer { Task { await sink.stop() } }
        let pool = try await freshMailDatabase()
        defer { pool.shutdown() }
        _ = try await pool.withTransaction { tx in
            try await Outbox.enqueue(MailMessage(to: "ada@example.com", subject: "Authenticated", text: "hi"), kind: "test", on: tx)
        }

        let wrong = try SMTPConfiguration(url: "smtp://mailer%40quarry.example:nope@127.0.0.1:\(sink.port)")
        let stopWrong = start(OutboxSender(pool: pool, smtp: wrong, logger: LogRecords().logger(), pollInterval: .seconds(60), options: fastOptions()))
        try await waitUntil { try await count(pool, where: "last_error IS NOT NULL") == 1 }  // a refused attempt is recorded
        await stopWrong()
        #expect(try sink.messages().isEmpty)
        let error = try await pool.query("SELECT last_error FROM mail_outbox")[0].decode("last_error", as: String.self)
        #expect(error.contains("SMTP delivery failed"))

        let right = try SMTPConfiguration(url: "smtp://mailer%40quarry.example:p%40ss%3Aw%2Frd@127.0.0.1:\(sink.port)")
        let stopRight = start(OutboxSender(pool: pool, smtp: right, logger: LogRecords().logger(), pollInterval: .milliseconds(100), options: fastOptions()))
        let delivered = try await sink.waitForMessages(1)
        await stopRight()
        #expect(delivered.map { $0.header("Subject") } == ["Authenticated"])
        #expect(try await count(pool, where: "sent_at IS NOT NULL AND last_error IS NULL") == 1)
    }
}
