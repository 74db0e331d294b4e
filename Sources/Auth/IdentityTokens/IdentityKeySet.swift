#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JWTKit

/// One provider's usable signing keys, read from its JSON Web Key Set (RFC 7517 §5).
///
/// Each key sits in a `JWTKeyCollection` of its own: jwt-kit falls back to a
/// collection's default key when a token's `kid` is unknown, and a one-key
/// collection per `kid` means a token is only ever checked against the key it
/// names, after the verifier has matched the `kid` and the algorithm itself.
struct IdentityKeySet: Sendable {
    struct Key: Sendable {
        let id: String
        /// The JWS algorithm the key is used with (RFC 7518 §3.1), e.g. `RS256`.
        let algorithm: String
        let collection: JWTKeyCollection
    }

    let keys: [Key]

    /// The algorithms accepted for each key type. Google, Facebook and Apple sign
    /// with RS256; ES256 is there for providers and tests with EC keys.
    static let algorithmsByKeyType: [String: Set<String>] = [
        "RSA": ["RS256", "RS384", "RS512"],
        "EC": ["ES256", "ES384", "ES512"],
    ]

    static var supportedAlgorithms: Set<String> {
        algorithmsByKeyType.values.reduce(into: []) { $0.formUnion($1) }
    }

    func contains(keyID: String) -> Bool {
        keys.contains { $0.id == keyID }
    }

    /// The keys that may have signed a token with this header: the one its `kid`
    /// names, or, without a `kid`, every key for its algorithm.
    func candidates(keyID: String?, algorithm: String) -> [Key] {
        keys.filter { $0.algorithm == algorithm && (keyID == nil || $0.id == keyID) }
    }

    /// Reads a JWKS document. Keys that cannot verify ID tokens are skipped, not
    /// fatal, so that a provider adding a key of a new kind does not break sign-in:
    /// encryption keys (`use: enc`), keys without a `kid`, unsupported key types
    /// or algorithms, and keys whose parameters do not make a valid public key.
    static func parse(_ document: Data, source: String) async throws(IdentityTokenError) -> IdentityKeySet {
        let entries: [Entry]
        do {
            entries = try JSONDecoder().decode(Document.self, from: document).keys
        } catch {
            throw IdentityTokenError(.keysUnavailable, "\(source) is not a JSON Web Key Set")
        }
        var keys: [Key] = []
        for entry in entries {
            if let key = await makeKey(entry) {
                keys.append(key)
            }
        }
        guard !keys.isEmpty else {
            throw IdentityTokenError(.keysUnavailable, "\(source) holds no usable signing key")
        }
        return IdentityKeySet(keys: keys)
    }

    private static func makeKey(_ entry: Entry) async -> Key? {
        guard var jwk = entry.jwk, entry.use == nil || entry.use == "sig", let id = jwk.keyIdentifier?.string,
            let algorithm = jwk.algorithm?.rawValue ?? defaultAlgorithm(for: jwk),
            algorithmsByKeyType[jwk.keyType.rawValue]?.contains(algorithm) == true
        else {
            return nil
        }
        // A published set holds public keys; never build a signing key from one.
        jwk.privateExponent = nil
        jwk.prime1 = nil
        jwk.prime2 = nil
        jwk.algorithm = JWK.Algorithm(rawValue: algorithm)
        let collection = JWTKeyCollection()
        do {
            try await collection.add(jwk: jwk)
            _ = try await collection.getKey(for: JWKIdentifier(string: id))
        } catch {
            return nil
        }
        return Key(id: id, algorithm: algorithm, collection: collection)
    }

    /// `alg` is optional in a JWK (RFC 7517 §4.4): RSA keys default to RS256, the
    /// algorithm OpenID Connect requires (Core §15.1), EC keys to their curve's.
    private static func defaultAlgorithm(for jwk: JWK) -> String? {
        switch jwk.keyType {
        case .rsa: return "RS256"
        case .ecdsa:
            switch jwk.curve?.rawValue {
            case "P-256": return "ES256"
            case "P-384": return "ES384"
            case "P-521": return "ES512"
            default: return nil
            }
        default: return nil
        }
    }

    private struct Document: Decodable {
        let keys: [Entry]
    }

    /// A key of the set, decoded on its own so one unreadable key skips only itself.
    private struct Entry: Decodable {
        let jwk: JWK?
        let use: String?

        private enum CodingKeys: String, CodingKey {
            case use
        }

        init(from decoder: any Decoder) throws {
            jwk = try? JWK(from: decoder)
            use = try? decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .use)
        }
    }
}
