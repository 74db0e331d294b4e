import Foundation

/// Renders an outbox row as an RFC 5322 message (CRLF line ends, 7-bit clean): UTF-8
/// bodies in base64, non-ASCII header text as RFC 2047 encoded words, and a
/// `multipart/alternative` (RFC 2046 §5.1.4) when there is an HTML version, plain text
/// first so clients that prefer it find it.
///
/// The output depends only on the row and the sender's address: every attempt at the
/// same row sends the same bytes, and its Message-ID (from the row's id and creation
/// time) lets a recipient recognise a retried duplicate.
enum MIMEMessage {
    static func render(_ item: OutboxItem, from: MailAddress) -> String {
        var headers = [
            ("Date", rfc5322Date(item.createdAt)),
            ("From", from.headerValue),
            ("To", item.message.to),
            ("Subject", HeaderEncoding.encodedWords(item.message.subject)),
            ("Message-ID", messageID(for: item, domain: from.domain)),
            ("X-Quarry-Mail-Kind", item.kind),
            ("MIME-Version", "1.0"),
        ]
        var body: String
        if let html = item.message.html {
            let boundary = "quarry-\(item.id)-\(Int64(item.createdAt.timeIntervalSince1970 * 1_000_000))"
            headers.append(("Content-Type", "multipart/alternative; boundary=\"\(boundary)\""))
            body = "This is a multipart message in MIME format.\r\n"
            for (subtype, content) in [("plain", item.message.text), ("html", html)] {
                body += "\r\n--\(boundary)\r\n" + part(subtype: subtype, content: content)
            }
            body += "\r\n--\(boundary)--\r\n"
        } else {
            headers.append(("Content-Type", "text/plain; charset=utf-8"))
            headers.append(("Content-Transfer-Encoding", "base64"))
            body = HeaderEncoding.base64Lines(item.message.text)
        }
        return headers.map { "\($0.0): \($0.1)\r\n" }.joined() + "\r\n" + body
    }

    /// `<quarry.ID.CREATED@domain>`: stable for a row, distinct across rows and across
    /// databases whose ids restart (the creation time in microseconds differs).
    static func messageID(for item: OutboxItem, domain: String) -> String {
        "<quarry.\(item.id).\(Int64(item.createdAt.timeIntervalSince1970 * 1_000_000))@\(domain)>"
    }

    private static func part(subtype: String, content: String) -> String {
        "Content-Type: text/\(subtype); charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"
            + HeaderEncoding.base64Lines(content)
    }

    /// RFC 5322 §3.3 date-time in UTC, e.g. `Sat, 21 Nov 2026 19:10:14 +0000`.
    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
