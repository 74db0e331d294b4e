import Foundation
import Testing

@testable import Mail

@Suite("Account emails")
struct AccountEmailsTests {
    let base = "https://quarry.example"

    @Test func verificationCarriesTheAbsoluteLinkAndTheCode() throws {
        let link = AccountEmails.link(base: base, path: "/verify-email", query: [("token", "abc+/=&def")])
        #expect(link == "https://quarry.example/verify-email?token=abc%2B/%3D%26def")
        let message = AccountEmails.verification(to: "ada@example.com", nickname: "ada", link: link, code: "482913")
        #expect(message.to == "ada@example.com")
        #expect(message.subject == "Verify your email address")
        #expect(message.text.contains("Hi ada,"))
        #expect(message.text.contains("\n\(link)\n"))
        #expect(message.text.contains("482913"))
        let html = try #require(message.html)
        #expect(html.contains("href=\"\(link.replacingOccurrences(of: "&", with: "&amp;"))\""))
        #expect(html.contains("<strong>482913</strong>"))
        #expect(URL(string: link)?.query == "token=abc%2B/%3D%26def")
    }

    @Test func verificationWithoutCodeMentionsNoCode() {
        let message = AccountEmails.verification(to: "a@b.example", nickname: "a", link: "\(base)/verify-email?token=t", code: nil)
        #expect(!message.text.contains("code"))
        #expect(message.html?.contains("code") == false)
    }

    @Test func passwordResetAndEmailChangeCarryTheirLinks() {
        let reset = AccountEmails.link(base: base + "/", path: "reset-password", query: [("token", "r1")])
        #expect(reset == "https://quarry.example/reset-password?token=r1")
        let message = AccountEmails.passwordReset(to: "ada@example.com", link: reset)
        #expect(message.subject == "Reset your password")
        #expect(message.text.contains(reset))
        #expect(message.html?.contains("href=\"\(reset)\"") == true)

        let confirm = AccountEmails.link(base: base, path: "/confirm-email", query: [("token", "c1")])
        let change = AccountEmails.emailChange(to: "new@example.com", nickname: "ada", link: confirm)
        #expect(change.to == "new@example.com")
        #expect(change.text.contains("Hi ada,") && change.text.contains(confirm))
        #expect(change.html?.contains("href=\"\(confirm)\"") == true)
    }

    @Test func nicknameRecoveryTellsTheNickname() {
        let message = AccountEmails.nicknameRecovery(to: "ada@example.com", nickname: "ada_lovelace")
        #expect(message.subject == "Your nickname")
        #expect(message.text.contains("Your nickname is: ada_lovelace"))
        #expect(message.html?.contains("<strong>ada_lovelace</strong>") == true)
    }

    @Test func htmlEscapesUserText() {
        let message = AccountEmails.verification(
            to: "x@example.com", nickname: "<script>\"&'", link: "\(base)/verify-email?token=a&b", code: nil
        )
        let html = message.html ?? ""
        #expect(html.contains("Hi &lt;script&gt;&quot;&amp;&#39;,"))
        #expect(!html.contains("<script>"))
        #expect(html.contains("token=a&amp;b"))
        #expect(message.text.contains("Hi <script>\"&',"))
    }
}
