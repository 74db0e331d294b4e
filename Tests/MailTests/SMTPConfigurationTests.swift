import Testing

@testable import Mail

@Suite("SMTP configuration")
struct SMTPConfigurationTests {
    @Test func unsetOrEmptyMeansLogOnly() throws {
        #expect(try SMTPConfiguration.fromEnvironment([:]) == nil)
        #expect(try SMTPConfiguration.fromEnvironment(["QUARRY_SMTP_URL": "", "QUARRY_MAIL_FROM": "a@b.example"]) == nil)
    }

    @Test func plainURLWithDefaultFrom() throws {
        let configuration = try #require(try SMTPConfiguration.fromEnvironment(["QUARRY_SMTP_URL": "smtp://mail.example:2525"]))
        #expect(configuration.url == "smtp://mail.example:2525")
        #expect(configuration.from == "Quarry <no-reply@localhost>")
        #expect(configuration.username == nil && configuration.password == nil)
        #expect(configuration.fromAddress == MailAddress(name: "Quarry", address: "no-reply@localhost"))
    }

    @Test func smtpsCredentialsArePercentDecodedAndKeptOutOfTheURL() throws {
        let configuration = try #require(
            try SMTPConfiguration.fromEnvironment([
                "QUARRY_SMTP_URL": "smtps://mailer%40quarry.example:p%40ss%3Aw%2Frd@smtp.example.com:465",
                "QUARRY_MAIL_FROM": "\"Quarry Team\" <team@quarry.example>",
            ])
        )
        #expect(configuration.url == "smtps://smtp.example.com:465")
        #expect(configuration.username == "mailer@quarry.example")
        #expect(configuration.password == "p@ss:w/rd")
        #expect(configuration.fromAddress == MailAddress(name: "Quarry Team", address: "team@quarry.example"))
        #expect(!configuration.description.contains("p@ss"))
        #expect(configuration.description.contains("mailer@quarry.example"))
    }

    @Test(arguments: [
        "http://mail.example", "smtp://", "smtp:///path", "mail.example:25", "smtp://mail.example:99999",
        "smtp://mail.example/inbox", "smtp://mail.example?x=1", "not a url",
    ])
    func badURLsNameTheVariable(url: String) throws {
        let error = try #require(throws: MailConfigurationError.self) {
            try SMTPConfiguration.fromEnvironment(["QUARRY_SMTP_URL": url])
        }
        #expect(error.variable == "QUARRY_SMTP_URL")
        #expect(error.value == url)
        #expect(error.description.hasPrefix("invalid QUARRY_SMTP_URL=\"\(url)\": expected smtp://host[:port]"))
    }

    @Test func aPasswordNeverAppearsInTheError() throws {
        let error = try #require(throws: MailConfigurationError.self) {
            try SMTPConfiguration.fromEnvironment(["QUARRY_SMTP_URL": "ftp://user:secret@mail.example"])
        }
        #expect(error.value == "ftp://user:***@mail.example")
        #expect(!error.description.contains("secret"))
    }

    @Test(arguments: ["no-at-sign", "Quarry <>", "a@b.example, c@d.example", "Quarry <x@y.example>\r\nBcc: z@z.example"])
    func badFromNamesTheVariable(from: String) throws {
        let error = try #require(throws: MailConfigurationError.self) {
            try SMTPConfiguration.fromEnvironment(["QUARRY_SMTP_URL": "smtp://127.0.0.1:25", "QUARRY_MAIL_FROM": from])
        }
        #expect(error.variable == "QUARRY_MAIL_FROM")
    }
}
