/// One text message: an E.164 number (`+` and 8 to 15 digits) and its text.
public struct SMSMessage: Sendable, Equatable {
    public var to: String
    public var body: String

    public init(to: String, body: String) {
        self.to = to
        self.body = body
    }
}

/// Sends one text message through a gateway. `TwilioSMSSender` is the one Quarry ships;
/// `SMSOutboxSender` calls it for each message of `sms_outbox`.
public protocol SMSSender: Sendable {
    /// Delivers `message` from the configured sender number; a failure's text says why (it is logged and kept in `last_error`).
    func send(_ message: SMSMessage) async -> Result<Void, SMSSendFailure>
}

/// Why one delivery attempt failed: libcurl's error or the gateway's status and answer.
public struct SMSSendFailure: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}
