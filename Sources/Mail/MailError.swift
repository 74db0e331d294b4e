/// A message the outbox refuses to store. Nothing is written when it is thrown.
public struct MailError: Error, Equatable, Sendable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A bad recipient, subject or kind.
        public static let invalidMessage = Code(rawValue: "MAIL_INVALID_MESSAGE")
    }

    public var code: Code
    public var message: String

    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}

/// An outgoing-mail setting Quarry refuses to start with. Shaped like the server's
/// `ConfigurationError` (variable, value, expected) so the server can report it the same
/// way; a password in the value is replaced by `***`.
public struct MailConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The environment variable holding the bad value, e.g. `QUARRY_SMTP_URL`.
    public let variable: String
    /// The value as it was given, without its password.
    public let value: String
    /// What a valid value looks like.
    public let expected: String

    public init(variable: String, value: String, expected: String) {
        self.variable = variable
        self.value = value
        self.expected = expected
    }

    public var description: String {
        "invalid \(variable)=\"\(value)\": expected \(expected)"
    }
}
