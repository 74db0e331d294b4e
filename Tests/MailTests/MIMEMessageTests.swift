import Foundation
import Testing

@testable import Mail

@Suite("MIME rendering")
struct MIMEMessageTests {
    func item(id: Int64 = 42, subject: String = "Hello", html: String? = nil) -> OutboxItem {
        OutboxItem(
            id: id, kind: "test", message: MailMessage(to: "ada@example.com", subject: subject, text: "Hi\nthere", html: html),
            createdAt: Date(timeIntervalSince1970: 1_700_000_000.25), attempts: 1
        )
    }

    let from = MailAddress(name: "Quarry", address: "no-reply@quarry.example")

    @Test func headersAreStableForARowAndDistinctAcrossRows() {
        let first = MIMEMessage.render(item(), from: from)
        #expect(first == MIMEMessage.render(item(), from: from))
        #expect(first.contains("Message-ID: <quarry.42.1700000000250000@quarry.example>\r\n"))
        #expect(first.contains("Date: Tue, 14 Nov 2023 22:13:20 +0000\r\n"))
        #expect(first.contains("From: \"Quarry\" <no-reply@quarry.example>\r\n"))
        #expect(first.contains("To: ada@example.com\r\nSubject: Hello\r\n"))
        #expect(first.contains("Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"))
        #expect(first.hasSuffix("\r\n\r\n" + Data("Hi\nthere".utf8).base64EncodedString() + "\r\n"))
        #expect(MIMEMessage.render(item(id: 43), from: from).contains("Message-ID: <quarry.43."))
    }

    @Test func nonASCIISubjectsBecomeEncodedWordsOfAtMost75Characters() throws {
        let subject = String(repeating: "Vérifiez votre adresse e-mail ✉️ ", count: 4)
        let rendered = MIMEMessage.render(item(subject: subject), from: from)
        let start = try #require(rendered.range(of: "Subject: "))
        let end = try #require(rendered.range(of: "\r\nMessage-ID:"))
        let folded = rendered[start.upperBound..<end.lowerBound]
        let words = folded.components(separatedBy: "\r\n ")
        #expect(words.count > 1)
        var decoded = Data()
        for word in words {
            #expect(word.count <= 75)
            #expect(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="))
            decoded += try #require(Data(base64Encoded: String(word.dropFirst(10).dropLast(2))))
        }
        #expect(String(decoding: decoded, as: UTF8.self) == subject)
        #expect(rendered.utf8.allSatisfy { $0 < 0x80 })
    }

    @Test func htmlMakesAMultipartAlternativeWithPlainTextFirst() throws {
        let rendered = MIMEMessage.render(item(html: "<p>Hi</p>"), from: from)
        #expect(rendered.contains("Content-Type: multipart/alternative; boundary=\"quarry-42-1700000000250000\"\r\n"))
        let plain = try #require(rendered.range(of: "Content-Type: text/plain"))
        let html = try #require(rendered.range(of: "Content-Type: text/html"))
        #expect(plain.lowerBound < html.lowerBound)
        #expect(rendered.hasSuffix("--quarry-42-1700000000250000--\r\n"))
    }

    @Test func longBodiesAreWrappedAt76Characters() {
        let lines = HeaderEncoding.base64Lines(String(repeating: "x", count: 500)).components(separatedBy: "\r\n")
        #expect(lines.dropLast().allSatisfy { $0.count <= 76 })
        #expect(lines.count == 10)  // 668 base64 characters: 8 full lines, 1 partial, 1 empty after the last CRLF
    }
}
