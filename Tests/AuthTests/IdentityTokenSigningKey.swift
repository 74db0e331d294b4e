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
            jwk["n"] = primitives.modulus.jwsBase64URL
            jwk["e"] = primitives.publicExponent.jwsBase64URL
        case .ec(let key):
            let point = key.publicKey.x963Representation
            jwk["kty"] = "EC"
            jwk["crv"] = "P-256"
            jwk["x"] = point[1...32].jwsBase64URL
            jwk["y"] = point[33...64].jwsBase64URL
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
    var jwsBase64URL: String {
        Data(self).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
