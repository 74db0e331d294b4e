import Foundation

/// Where outgoing mail goes, from `QUARRY_SMTP_URL` and `QUARRY_MAIL_FROM`.
///
/// `smtp://host[:port]` talks plain SMTP and upgrades with STARTTLS when the server
/// offers it; `smtps://host[:port]` is TLS from the first byte (RFC 8314). Credentials
/// go in the URL's user info, percent-encoded (`smtps://user:p%40ss@mail.example:465`)
/// and are kept apart from `url`, so logging the configuration never shows them.
public struct SMTPConfiguration: Sendable, Equatable, CustomStringConvertible {
    /// The server, `smtp://host:port` or `smtps://host:port`, without credentials.
    public var url: String
    /// The From header, `QUARRY_MAIL_FROM`; its address is also the envelope sender.
    public var from: String
    /// The user name for SMTP AUTH, percent-decoded; nil for none.
    public var username: String?
    /// The password for SMTP AUTH, percent-decoded.
    public var password: String?

    public static let defaultFrom = "Quarry <no-reply@localhost>"

    /// Parses and checks a server URL and a From address.
    /// - Throws: `MailConfigurationError` naming `QUARRY_SMTP_URL` or `QUARRY_MAIL_FROM`.
    public init(url: String, from: String = SMTPConfiguration.defaultFrom) throws {
        let invalidURL = MailConfigurationError(
            variable: "QUARRY_SMTP_URL", value: Self.redacted(url),
            expected: "smtp://host[:port] or smtps://[user:password@]host[:port] (credentials percent-encoded)"
        )
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "smtp" || scheme == "smtps", let host = components.host, !host.isEmpty,
            components.path.isEmpty || components.path == "/", components.query == nil, components.fragment == nil
        else { throw invalidURL }
        if let port = components.port, !(1...65535).contains(port) { throw invalidURL }
        guard MailAddress(parsing: from) != nil else {
            throw MailConfigurationError(
                variable: "QUARRY_MAIL_FROM", value: from, expected: "an address, e.g. Quarry <no-reply@example.com>"
            )
        }
        let hostPart = components.percentEncodedHost.map { $0.contains(":") && !$0.hasPrefix("[") ? "[\($0)]" : $0 } ?? host
        self.url = "\(scheme)://\(hostPart)" + (components.port.map { ":\($0)" } ?? "")
        self.from = from
        username = components.user
        password = components.password
        if username == nil, password != nil { throw invalidURL }
    }

    /// nil when QUARRY_SMTP_URL is unset (then mail is only logged and stays in the outbox).
    public static func fromEnvironment(_ environment: [String: String]) throws -> SMTPConfiguration? {
        guard let url = environment["QUARRY_SMTP_URL"], !url.isEmpty else { return nil }
        let from = environment["QUARRY_MAIL_FROM"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultFrom
        return try SMTPConfiguration(url: url, from: from)
    }

    /// The sender's address, parsed (validated in `init`).
    var fromAddress: MailAddress {
        MailAddress(parsing: from) ?? MailAddress(name: "Quarry", address: "no-reply@localhost")
    }

    /// The server and sender, never the password.
    public var description: String {
        "\(url)\(username.map { " as \($0)" } ?? "") from \(from)"
    }

    /// The URL with the password of its user info replaced by `***`, for error messages;
    /// works on text that does not parse as a URL too.
    static func redacted(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://"), let at = url[schemeEnd.upperBound...].lastIndex(of: "@"),
            let colon = url[schemeEnd.upperBound..<at].firstIndex(of: ":")
        else { return url }
        return String(url[..<url.index(after: colon)]) + "***" + String(url[at...])
    }
}
