import Foundation

/// Builds ID tokens the way a provider does, with claims a test can bend.
enum IdentityTokenMaker {
    static let audience = "quarry-client-id"
    static let googleIssuer = "https://accounts.google.com"

    /// Claims of a valid Google ID token for Ann, as of now.
    static func googleClaims(now: Date = Date()) -> [String: any Sendable] {
        [
            "iss": googleIssuer,
            "aud": audience,
            "sub": "108234567890",
            "email": "Ann.Lee@Example.COM",
            "email_verified": true,
            "given_name": "Ann",
            "family_name": "Lee",
            "phone_number": "+15550100",
            "iat": Int(now.timeIntervalSince1970) - 10,
            "exp": Int(now.timeIntervalSince1970) + 3600,
        ]
    }

    static func appleClaims(now: Date = Date()) -> [String: any Sendable] {
        [
            "iss": "https://appleid.apple.com",
            "aud": audience,
            "sub": "001234.abcdef.1234",
            "email": "x7k2p9@privaterelay.appleid.com",
            "email_verified": "true",
            "is_private_email": "true",
            "iat": Int(now.timeIntervalSince1970),
            "exp": Int(now.timeIntervalSince1970) + 600,
        ]
    }

    /// A compact JWS: `header.payload.signature`, signed by `key` unless `alg` says
    /// `none`. The header names `key`'s `kid` and algorithm unless overridden or removed.
    static func token(
        _ claims: [String: any Sendable],
        key: IdentityTokenSigningKey = IdentityTokenKeys.rsa,
        header overrides: [String: any Sendable] = [:],
        removingHeader removed: [String] = []
    ) throws -> String {
        var header: [String: any Sendable] = ["alg": key.algorithm, "kid": key.id, "typ": "JWT"]
        header.merge(overrides) { $1 }
        for name in removed {
            header[name] = nil
        }
        let input = try json(header).jwsBase64URL + "." + json(claims).jwsBase64URL
        if header["alg"] as? String == "none" {
            return input + "."
        }
        return try input + "." + key.sign(Data(input.utf8)).jwsBase64URL
    }

    static func json(_ object: [String: any Sendable]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }
}
