@testable import Auth
import Crypto
import CryptoExtras
import Foundation

/// A key pair generated for a test, with its public half as a JWK.
struct IdentityTokenSigningKey: Sendable {
    enum Material: Sendable {
        case rsa(_RSA.Signing.PrivateKey)
        case ec(P256.Signing.PrivateKey)
    }

    let id: String
    let material: Material

    var algorithm: String {
        switch material {
        case .rsa: "RS256"
        case .ec: "ES256"
        }
    }

    static func rsa(id: String) throws -> IdentityTokenSigningKey {
        try IdentityTokenSigningKey(id: id, material: .rsa(_RSA.Signing.PrivateKey(keySize: .bits2048)))
    }

    static func ec(id: String) -> IdentityTokenSigningKey {
        IdentityTokenSigningKey(id: id, material: .ec(P256.Signing.PrivateKey()))
    }

    /// The same key material published under another `kid`.
    func renamed(_ id: String) -> IdentityTokenSigningKey {
        IdentityTokenSigningKey(id: id, material: material)
    }

    /// The public key as a JWK (RFC 7517 §4, RFC 7518 §6), `alg` left out when asked,
    /// as some providers do.
    func jwk(withAlgorithm: Bool = true) throws -> [String: String] {
        var jwk: [String: String] = ["kid": id, "use": "sig"]
        if withAlgorithm {
            jwk["alg"] = algorithm
        }
        switch material {
        case .rsa(let key):
            let primitives = try key.publicKey.getKeyPrimitives()
            jwk["kty"] = "RSA"
            jwk["n"] = primitives.modulus.base64URL
            jwk["e"] = primitives.publicExponent.base64URL
        case .ec(let key):
            let point = key.publicKey.x963Representation
            jwk["kty"] = "EC"
            jwk["crv"] = "P-256"
            jwk["x"] = point[1...32].base64URL
            jwk["y"] = point[33...64].base64URL
        }
        return jwk
    }

    func sign(_ input: Data) throws -> Data {
        switch material {
        case .rsa(let key):
            try key.signature(for: input, padding: .insecurePKCS1v1_5).rawRepresentation
        case .ec(let key):
            try key.signature(for: input).rawRepresentation
        }
    }
}

/// Keys are slow to generate in a debug build: every test shares these.
enum IdentityTokenKeys {
    static let rsa = try! IdentityTokenSigningKey.rsa(id: "rsa-1")
    static let rotated = try! IdentityTokenSigningKey.rsa(id: "rsa-2")
    static let stranger = try! IdentityTokenSigningKey.rsa(id: "stranger")
    static let ec = IdentityTokenSigningKey.ec(id: "ec-1")
}

extension DataProtocol {
    var base64URL: String {
        Data(self).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

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
        let input = try json(header).base64URL + "." + json(claims).base64URL
        if header["alg"] as? String == "none" {
            return input + "."
        }
        return try input + "." + key.sign(Data(input.utf8)).base64URL
    }

    static func json(_ object: [String: any Sendable]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }
}

/// A folder of its own under the system's temporary folder, for JWKS files.
struct IdentityTokenTemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("quarry-oidc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes a JWKS of `keys` as `name` and returns its path.
    @discardableResult
    func writeJWKS(_ keys: [IdentityTokenSigningKey], named name: String = "jwks.json", withAlgorithm: Bool = true)
        throws -> String
    {
        let document = try ["keys": keys.map { try $0.jwk(withAlgorithm: withAlgorithm) }]
        return try write(JSONSerialization.data(withJSONObject: document), named: name)
    }

    @discardableResult
    func write(_ data: Data, named name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try data.write(to: file, options: .atomic)
        return file.path
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
