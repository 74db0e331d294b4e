import Foundation

/// The account emails: plain text plus a simple HTML alternative (inline styles only, no
/// external assets). Links are absolute, built by the caller from `QUARRY_PUBLIC_URL`
/// (see `link(base:path:query:)`), and appear verbatim in the text part so they work in
/// any client. Values are HTML-escaped in the HTML part.
public enum AccountEmails {
    /// The sign-up (and resend) verification email: the link, and the code for entering
    /// it in the app when there is one.
    public static func verification(to: String, nickname: String, link: String, code: String?) -> MailMessage {
        var text = """
            Hi \(nickname),

            Please open this link to verify your email address:
            \(link)

            """
        var html = "<p>Hi \(HTMLText.escape(nickname)),</p>\n<p>Please open this link to verify your email address:</p>\n"
            + button(link: link, label: "Verify my email address")
        if let code {
            text += "\nOr enter this code in the app: \(code)\n"
            html += "<p>Or enter this code in the app: <strong>\(HTMLText.escape(code))</strong></p>\n"
        }
        text += "\nIf you did not sign up, you can ignore this email.\n"
        html += "<p>If you did not sign up, you can ignore this email.</p>"
        return MailMessage(to: to, subject: "Verify your email address", text: text, html: page(html))
    }

    /// The password recovery email: a link to choose a new password.
    public static func passwordReset(to: String, link: String) -> MailMessage {
        let text = """
            Someone asked to reset the password of the account with this email address.

            Open this link to choose a new password:
            \(link)

            If it was not you, ignore this email: your password stays as it is.

            """
        let html = "<p>Someone asked to reset the password of the account with this email address.</p>\n"
            + "<p>Open this link to choose a new password:</p>\n" + button(link: link, label: "Choose a new password")
            + "<p>If it was not you, ignore this email: your password stays as it is.</p>"
        return MailMessage(to: to, subject: "Reset your password", text: text, html: page(html))
    }

    /// The forgotten-nickname email: the account's nickname (user name).
    public static func nicknameRecovery(to: String, nickname: String) -> MailMessage {
        let text = """
            You asked for the nickname of the account with this email address.

            Your nickname is: \(nickname)

            If it was not you, you can ignore this email.

            """
        let html = "<p>You asked for the nickname of the account with this email address.</p>\n"
            + "<p>Your nickname is: <strong>\(HTMLText.escape(nickname))</strong></p>\n"
            + "<p>If it was not you, you can ignore this email.</p>"
        return MailMessage(to: to, subject: "Your nickname", text: text, html: page(html))
    }

    /// Sent to the new address after an email change: the link confirms the address.
    public static func emailChange(to: String, nickname: String, link: String) -> MailMessage {
        let text = """
            Hi \(nickname),

            Please open this link to confirm your new email address:
            \(link)

            If you did not change your email address, you can ignore this email.

            """
        let html = "<p>Hi \(HTMLText.escape(nickname)),</p>\n<p>Please open this link to confirm your new email address:</p>\n"
            + button(link: link, label: "Confirm my new email address")
            + "<p>If you did not change your email address, you can ignore this email.</p>"
        return MailMessage(to: to, subject: "Confirm your new email address", text: text, html: page(html))
    }

    /// An absolute link: `base` (`QUARRY_PUBLIC_URL`, with or without a trailing slash),
    /// `path`, and the query items percent-encoded (`+`, `&`, `=` included), in order.
    ///
    ///     link(base: "https://quarry.example", path: "/verify-email", query: [("token", token)])
    public static func link(base: String, path: String, query: [(String, String)] = []) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "+&=?#")
        func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text }
        let trimmedBase = base.hasSuffix("/") ? String(base.dropLast()) : base
        let trimmedPath = path.hasPrefix("/") ? path : "/" + path
        let queryText = query.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
        return trimmedBase + trimmedPath + (queryText.isEmpty ? "" : "?" + queryText)
    }

    private static func button(link: String, label: String) -> String {
        "<p><a href=\"\(HTMLText.escape(link))\" style=\"display:inline-block;padding:10px 16px;background:#1a56db;color:#ffffff;"
            + "text-decoration:none;border-radius:4px\">\(HTMLText.escape(label))</a></p>\n"
            + "<p style=\"font-size:13px;color:#555555\">Or copy this address into your browser: \(HTMLText.escape(link))</p>\n"
    }

    private static func page(_ body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>Quarry</title></head>
        <body style="font-family:sans-serif;font-size:16px;line-height:1.5;color:#111111">
        \(body)
        </body></html>
        """
    }
}
