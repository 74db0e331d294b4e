import Testing

@testable import Mail

/// `QUARRY_SMS_URL` and `QUARRY_SMS_FROM` (issue 16, README's configuration table).
@Suite("SMS gateway configuration")
struct SMSConfigurationTests {
    @Test func unsetMeansNoSMS() throws {
        #expect(try SMSConfiguration.fromEnvironment([:]) == nil)
        #expect(try SMSConfiguration.fromEnvironment(["QUARRY_SMS_URL": "", "QUARRY_SMS_FROM": "+15005550006"]) == nil)
    }

    @Test func twilioURLCredentialsBecomeBasicAuthAndLeaveTheURL() throws {
        let configuration = try #require(try SMSConfiguration.fromEnvironment([
            "QUARRY_SMS_URL": "https://AC0123:s%40cret@api.twilio.com/2010-04-01/Accounts/AC0123/Messages.json",
            "QUARRY_SMS_FROM": "+15005550006",
        ]))
        #expect(configuration.url == "https://api.twilio.com/2010-04-01/Accounts/AC0123/Messages.json")
        #expect(configuration.username == "AC0123")
        #expect(configuration.password == "s@cret")
        #expect(configuration.from == "+15005550006")
        #expect(!configuration.description.contains("s@cret") && !configuration.description.contains("s%40cret"))
    }

    @Test func badValuesNameTheirVariableWithoutThePassword() throws {
        #expect(throws: MailConfigurationError.self) {
            try SMSConfiguration.fromEnvironment(["QUARRY_SMS_URL": "ftp://a:b@gateway.example/x", "QUARRY_SMS_FROM": "+15005550006"])
        }
        do {
            _ = try SMSConfiguration.fromEnvironment(["QUARRY_SMS_URL": "https://AC1:hidden@api.twilio.com/Messages.json"])
            Issue.record("a URL without QUARRY_SMS_FROM was accepted")
        } catch let error as MailConfigurationError {
            #expect(error.variable == "QUARRY_SMS_FROM")
        }
        do {
            _ = try SMSConfiguration.fromEnvironment(["QUARRY_SMS_URL": "mailto://AC1:hidden@x", "QUARRY_SMS_FROM": "+1"])
            Issue.record("a mailto URL was accepted")
        } catch let error as MailConfigurationError {
            #expect(error.variable == "QUARRY_SMS_URL")
            #expect(!error.value.contains("hidden"))
        }
    }

    @Test func formValuesArePercentEncoded() {
        #expect(TwilioSMSSender.form([("To", "+15551234567"), ("Body", "Code 123456. Bye & ok=1")])
            == "To=%2B15551234567&Body=Code%20123456.%20Bye%20%26%20ok%3D1")
    }
}
