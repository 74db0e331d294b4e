import Foundation

/// Where text messages go, from `QUARRY_SMS_URL` and `QUARRY_SMS_FROM`: a Twilio-compatible
/// REST API, which takes a form POST of `To`, `From` and `Body` with basic authentication.
///
/// The URL is the gateway's message endpoint with the credentials in its user info,
/// percent-encoded: for Twilio,
/// `https://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com/2010-04-01/Accounts/ACCOUNT_SID/Messages.json`.
/// The credentials become the basic-auth header and are kept apart from `url`, so logging
/// the configuration never shows them. `QUARRY_SMS_FROM` is the sender: a number in E.164
/// form (`+15005550006`) or an alphanumeric sender id the gateway accepts.
public struct SMSConfiguration: Sendable, Equatable, CustomStringConvertible {
    /// The endpoint, `http(s)://host[:port]/path`, without credentials.
    public var url: String
    /// The basic-auth user (Twilio: the account SID), percent-decoded; nil for none.
    public var username: String?
    /// The basic-auth password (Twilio: the auth token), percent-decoded.
    public var password: String?
    /// The `From` of every message.
    public var from: String

    /// Parses and checks the endpoint and the sender.
    /// - Throws: `MailConfigurationError` naming `QUARRY_SMS_URL` or `QUARRY_SMS_FROM`.
    public init(url: String, from: String) throws {
        let invalidURL = MailConfigurationError(
            variable: "QUARRY_SMS_URL", value: SMTPConfiguration.redacted(url),
            expected: "https://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com/2010-04-01/Accounts/ACCOUNT_SID/Messages.json "
                + "(http or https, credentials percent-encoded)"
        )
        guard var components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty, components.fragment == nil
        else { throw invalidURL }
        if let port = components.port, !(1...65535).contains(port) { throw invalidURL }
        username = components.user
        password = components.password
        if username == nil, password != nil { throw invalidURL }
        let sender = from.trimmingCharacters(in: .whitespaces)
        guard !sender.isEmpty, sender.count <= 32, sender.allSatisfy({ $0.isASCII && !$0.isNewline }) else {
            throw MailConfigurationError(
                variable: "QUARRY_SMS_FROM", value: from, expected: "the sender number in E.164 form, e.g. +15005550006"
            )
        }
        components.user = nil
        components.password = nil
        self.url = components.string ?? url
        self.from = sender
    }

    /// nil when `QUARRY_SMS_URL` is unset: then sign-up refuses verification by SMS (SMS_UNAVAILABLE).
    /// - Throws: `MailConfigurationError` for a bad URL, or a URL without `QUARRY_SMS_FROM`.
    public static func fromEnvironment(_ environment: [String: String]) throws -> SMSConfiguration? {
        guard let url = environment["QUARRY_SMS_URL"], !url.isEmpty else { return nil }
        return try SMSConfiguration(url: url, from: environment["QUARRY_SMS_FROM"] ?? "")
    }

    /// The endpoint and sender, never the password.
    public var description: String {
        "\(url)\(username.map { " as \($0)" } ?? "") from \(from)"
    }
}
