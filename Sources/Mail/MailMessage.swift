/// One email as the application writes it: a single recipient, a subject, a plain-text
/// body and, optionally, an HTML alternative. The sender adds the headers (From, Date,
/// Message-ID) when it delivers the message.
public struct MailMessage: Sendable, Equatable {
    public var to: String
    public var subject: String
    public var text: String
    public var html: String?

    public init(to: String, subject: String, text: String, html: String? = nil) {
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
    }

    /// Throws `MAIL_INVALID_MESSAGE` unless the message can be sent as it is: a plain
    /// address (`local@domain`, no display name) and header values without line breaks,
    /// which would otherwise let a value inject headers of its own.
    func validate() throws(MailError) {
        try MailAddress.validate(addressSpec: to, field: "recipient")
        if subject.contains(where: \.isNewline) {
            throw MailError(code: .invalidMessage, message: "a mail subject must be a single line")
        }
        if subject.trimmingCharacters(in: .whitespaces).isEmpty {
            throw MailError(code: .invalidMessage, message: "a mail subject must not be empty")
        }
    }
}
