@testable import Auth
import Testing

/// `QUARRY_OIDC_<PROVIDER>_JWKS` / `_AUDIENCE` / `_ISSUER` (API.md, "Configuration").
@Suite("Identity provider configuration")
struct IdentityTokenConfigurationTests {
    @Test("no variables: every provider is disabled")
    func nothingConfigured() throws {
        #expect(try IdentityProviderConfiguration.fromEnvironment([:]).isEmpty)
        #expect(try IdentityProviderConfiguration.fromEnvironment(["PATH": "/usr/bin"]).isEmpty)
    }

    @Test("an audience alone enables a provider with its published keys and issuers")
    func defaults() throws {
        let configurations = try IdentityProviderConfiguration.fromEnvironment([
            "QUARRY_OIDC_GOOGLE_AUDIENCE": "google-client",
            "QUARRY_OIDC_FACEBOOK_AUDIENCE": "facebook-app",
            "QUARRY_OIDC_APPLE_AUDIENCE": " com.example.app ",
        ])
        #expect(
            configurations == [
                .init(
                    provider: .google, jwks: .url("https://www.googleapis.com/oauth2/v3/certs"),
                    issuers: ["https://accounts.google.com", "accounts.google.com"], audience: "google-client"
                ),
                .init(
                    provider: .facebook, jwks: .url("https://limited.facebook.com/.well-known/oauth/openid/jwks/"),
                    issuers: ["https://www.facebook.com"], audience: "facebook-app"
                ),
                .init(
                    provider: .apple, jwks: .url("https://appleid.apple.com/auth/keys"),
                    issuers: ["https://appleid.apple.com"], audience: "com.example.app"
                ),
            ]
        )
    }

    @Test("JWKS and issuer override the defaults: a path, a URL, an issuer list")
    func overrides() throws {
        let configurations = try IdentityProviderConfiguration.fromEnvironment([
            "QUARRY_OIDC_GOOGLE_AUDIENCE": "google-client",
            "QUARRY_OIDC_GOOGLE_JWKS": "/etc/quarry/google-jwks.json",
            "QUARRY_OIDC_GOOGLE_ISSUER": "https://issuer.example, issuer.example",
            "QUARRY_OIDC_APPLE_AUDIENCE": "com.example.app",
            "QUARRY_OIDC_APPLE_JWKS": "https://keys.example/apple",
        ])
        #expect(configurations.count == 2)
        #expect(configurations[0].jwks == .file("/etc/quarry/google-jwks.json"))
        #expect(configurations[0].issuers == ["https://issuer.example", "issuer.example"])
        #expect(configurations[1].provider == .apple)
        #expect(configurations[1].jwks == .url("https://keys.example/apple"))
        #expect(configurations[1].issuers == ["https://appleid.apple.com"])
    }

    @Test("a provider without an audience is disabled, even with keys and issuer set")
    func disabledWithoutAudience() throws {
        let configurations = try IdentityProviderConfiguration.fromEnvironment([
            "QUARRY_OIDC_GOOGLE_JWKS": "/etc/quarry/google-jwks.json",
            "QUARRY_OIDC_GOOGLE_ISSUER": "https://accounts.google.com",
            "QUARRY_OIDC_FACEBOOK_AUDIENCE": "   ",
            "QUARRY_OIDC_APPLE_AUDIENCE": "com.example.app",
        ])
        #expect(configurations.map(\.provider) == [.apple])
    }

    @Test("unusable values are refused, naming the variable")
    func unusableValues() {
        let cases: [(String, String)] = [
            ("QUARRY_OIDC_GOOGLE_ISSUER", " , "),
            ("QUARRY_OIDC_GOOGLE_JWKS", ""),
            ("QUARRY_OIDC_GOOGLE_JWKS", "ftp://keys.example/jwks"),
            ("QUARRY_OIDC_GOOGLE_JWKS", "http://keys.example/jwks"),
        ]
        for (variable, value) in cases {
            let environment = ["QUARRY_OIDC_GOOGLE_AUDIENCE": "google-client", variable: value]
            let error = #expect(throws: IdentityProviderConfigurationError.self, "\(variable)=\(value)") {
                try IdentityProviderConfiguration.fromEnvironment(environment)
            }
            #expect(error?.variable == variable)
            #expect(error?.description.hasPrefix(variable + ": ") == true)
        }
    }

    @Test("a JWKS location is a URL when it has an http(s) scheme, a path otherwise")
    func jwksSource() throws {
        let google = "https://www.googleapis.com/oauth2/v3/certs"
        #expect(try JWKSSource.parse(google) == .url(google))
        #expect(try JWKSSource.parse("HTTPS://keys.example/k") == .url("HTTPS://keys.example/k"))
        #expect(try JWKSSource.parse("keys/google.json") == .file("keys/google.json"))
        #expect(try JWKSSource.parse(" /etc/jwks.json ") == .file("/etc/jwks.json"))
        for loopback in ["http://127.0.0.1:8080/jwks", "http://localhost/jwks", "http://[::1]:9000/jwks"] {
            #expect(try JWKSSource.parse(loopback) == .url(loopback))
        }
        let refusedValues = [
            "", "  ", "http://example.com/jwks", "http://localhost.example.com/jwks", "http://127.evil.example/jwks",
            "http://127.0.0.1.example/jwks", "http://127.0.0.1@evil.example/jwks", "file:///etc/jwks.json",
        ]
        for refused in refusedValues {
            #expect(throws: IdentityProviderConfigurationError.self, "\(refused)") { try JWKSSource.parse(refused) }
        }
    }
}
