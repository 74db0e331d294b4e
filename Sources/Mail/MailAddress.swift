/// A mailbox: an optional display name and an address (`Quarry <no-reply@example.com>`).
///
/// Only the forms Quarry writes and reads are accepted: `local@domain` or
/// `Display Name <local@domain>` (RFC 5322 §3.4), without comments, groups or quoted
/// local parts. Anything else is refused rather than guessed at, so a value can never
/// smuggle a second recipient or a header line into a message.
struct MailAddress: Sendable, Equatable {
    var name: String?
    var address: String

    init(name: String?, address: String) {
        self.name = name
        self.address = address
    }

    /// Parses `local@domain` or `Name <local@domain>`; nil when it is neither.
    init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") {
            let address = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
            var name = trimmed[..<open].trimmingCharacters(in: .whitespaces)
            if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
                name = String(name.dropFirst().dropLast())
            }
            guard (try? Self.validate(addressSpec: address, field: "address")) != nil,
                !name.contains(where: { $0.isNewline || $0 == "<" || $0 == ">" || $0 == "\"" })
            else { return nil }
            self.name = name.isEmpty ? nil : name
            self.address = address
        } else {
            guard (try? Self.validate(addressSpec: trimmed, field: "address")) != nil else { return nil }
            name = nil
            address = trimmed
        }
    }

    /// The domain part, e.g. for Message-ID headers.
    var domain: String { address.split(separator: "@").last.map(String.init) ?? "localhost" }

    /// The header form: the name as a quoted string, or as RFC 2047 encoded words when it
    /// is not ASCII, followed by the address in angle brackets.
    var headerValue: String {
        guard let name else { return address }
        let displayName =
            name.allSatisfy { $0.isASCII && !$0.isNewline }
            ? "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            : HeaderEncoding.encodedWords(name)
        return "\(displayName) <\(address)>"
    }

    /// Throws `MAIL_INVALID_MESSAGE` unless `text` is a plain `local@domain` address of at
    /// most 254 characters, without spaces, control characters or `<>,;"()`.
    static func validate(addressSpec text: String, field: String) throws(MailError) {
        let forbidden: Set<Character> = ["<", ">", ",", ";", "\"", "(", ")", "\\", "[", "]", ":"]
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard text.count <= 254, parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
            !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
            !text.contains(where: { $0.isWhitespace || $0.isNewline || forbidden.contains($0) }),
            text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
        else {
            throw MailError(code: .invalidMessage, message: "the \(field) '\(text.prefix(80))' is not a valid email address")
        }
    }
}
