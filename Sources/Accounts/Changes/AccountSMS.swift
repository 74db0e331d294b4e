import AppCore
import Mail
import Postgres

/// The accounts area's text messages (issue 16), queued in the SMS outbox inside the
/// transaction of the change they are about, as `AccountMail` queues e-mails.
package enum AccountSMS {
    /// The sign-up code by SMS; `phone` is E.164 (`PhoneNumber.e164`).
    static func verificationCode(to phone: String, code: String, settings: AccountSettings, on connection: PostgresConnection) async throws {
        let minutes = Int(settings.smsCodeLifetime.inSeconds / 60)
        let body = "Your Quarry verification code is \(code). It expires in \(minutes) minutes."
        try await SMSOutbox.enqueue(SMSMessage(to: phone, body: body), kind: "verification", on: connection)
    }
}
