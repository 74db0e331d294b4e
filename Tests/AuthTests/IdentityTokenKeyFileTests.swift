@testable import Auth
import Foundation
import Testing

/// Reading keys from a JWKS file: unusable files, skipped keys, rotation.
@Suite("Identity token keys from a file")
struct IdentityTokenKeyFileTests {
    typealias Maker = IdentityTokenMaker

    private static func verifier(path: String) -> IdentityTokenVerifier {
        IdentityTokenVerifier(configurations: [.init(provider: .google, jwks: .file(path), audience: Maker.audience)])
    }

    private static func refusal(_ token: String, path: String) async -> IdentityTokenError.Reason? {
        await IdentityTokenVerifierTests.refusal(token, by: verifier(path: path))
    }

    private static func refusal(
        signing claims: [String: any Sendable],
        key: IdentityTokenSigningKey = IdentityTokenKeys.rsa,
        path: String
    ) async -> IdentityTokenError.Reason? {
        await IdentityTokenVerifierTests.refusal(signing: claims, key: key, by: verifier(path: path))
    }

    @Test("a missing, non-JSON or keyless JWKS file makes the keys unavailable")
    func unusableFiles() async throws {
        let folder = try IdentityTokenTemporaryFolder()
        defer { folder.remove() }
        let token = try Maker.token(Maker.googleClaims())
        #expect(await Self.refusal(token, path: folder.url.appendingPathComponent("absent.json").path) == .keysUnavailable)
        #expect(await Self.refusal(token, path: folder.url.path) == .keysUnavailable)
        let notJSON = try folder.write(Data("<html>not keys</html>".utf8), named: "html.json")
        #expect(await Self.refusal(token, path: notJSON) == .keysUnavailable)
        let empty = try folder.write(Data(#"{"keys":[]}"#.utf8), named: "empty.json")
        #expect(await Self.refusal(token, path: empty) == .keysUnavailable)
        // Only keys that cannot verify signatures: encryption use, no kid, bad modulus, unknown type.
        let unusable = try folder.write(
            Data(
                #"""
                {"keys":[
                  {"kty":"RSA","use":"enc","kid":"enc","n":"\#(try IdentityTokenKeys.rsa.jwk()["n"]!)","e":"AQAB"},
                  {"kty":"RSA","alg":"RS256","n":"\#(try IdentityTokenKeys.rsa.jwk()["n"]!)","e":"AQAB"},
                  {"kty":"RSA","alg":"RS256","kid":"short","n":"AQAB","e":"AQAB"},
                  {"kty":"oct","kid":"secret","k":"c2VjcmV0"}
                ]}
                """#.utf8
            ),
            named: "unusable.json"
        )
        #expect(await Self.refusal(token, path: unusable) == .keysUnavailable)
    }

    @Test("unusable keys are skipped and the usable ones still verify; alg may be left out")
    func skipsUnusableKeys() async throws {
        let folder = try IdentityTokenTemporaryFolder()
        defer { folder.remove() }
        var keys = try [IdentityTokenKeys.rsa.jwk(withAlgorithm: false), IdentityTokenKeys.ec.jwk(withAlgorithm: false)]
        keys.append(["kty": "OKP", "crv": "X448", "kid": "future", "x": "AAAA"])
        keys.append(["kty": "EC", "crv": "P-256", "kid": "broken", "x": "AAAA", "y": "AAAA"])
        let path = try folder.write(JSONSerialization.data(withJSONObject: ["keys": keys]), named: "mixed.json")
        #expect(await Self.refusal(signing: Maker.googleClaims(), path: path) == nil)
        #expect(await Self.refusal(signing: Maker.googleClaims(), key: IdentityTokenKeys.ec, path: path) == nil)
    }

    @Test("keys are cached; a new kid triggers one re-read that picks up the rotated key")
    func rotation() async throws {
        let folder = try IdentityTokenTemporaryFolder()
        defer { folder.remove() }
        let path = try folder.writeJWKS([IdentityTokenKeys.rsa])
        let verifier = IdentityTokenVerifier(
            configurations: [.init(provider: .google, jwks: .file(path), audience: Maker.audience)],
            minimumRefetchInterval: .zero
        )
        #expect(await IdentityTokenVerifierTests.refusal(signing: Maker.googleClaims(), by: verifier) == nil)

        // The provider publishes the next key next to the current one.
        try folder.writeJWKS([IdentityTokenKeys.rsa, IdentityTokenKeys.rotated])
        let rotated = try Maker.token(Maker.googleClaims(), key: IdentityTokenKeys.rotated)
        #expect(await IdentityTokenVerifierTests.refusal(rotated, by: verifier) == nil)

        // The old key is withdrawn: still cached (its kid is known), so tokens it signed
        // keep verifying until the cache lifetime ends.
        try folder.writeJWKS([IdentityTokenKeys.rotated])
        #expect(await IdentityTokenVerifierTests.refusal(signing: Maker.googleClaims(), by: verifier) == nil)
    }

    @Test("with a zero cache lifetime every token re-reads the keys")
    func cacheLifetime() async throws {
        let folder = try IdentityTokenTemporaryFolder()
        defer { folder.remove() }
        let path = try folder.writeJWKS([IdentityTokenKeys.rsa])
        let verifier = IdentityTokenVerifier(
            configurations: [.init(provider: .google, jwks: .file(path), audience: Maker.audience)],
            keyCacheLifetime: .zero,
            minimumRefetchInterval: .zero
        )
        #expect(await IdentityTokenVerifierTests.refusal(signing: Maker.googleClaims(), by: verifier) == nil)
        try folder.writeJWKS([IdentityTokenKeys.rotated])
        // Re-read at once: the withdrawn key is gone, the new one works.
        #expect(await IdentityTokenVerifierTests.refusal(signing: Maker.googleClaims(), by: verifier) == .badSignature)
        let rotated = try Maker.token(Maker.googleClaims(), key: IdentityTokenKeys.rotated)
        #expect(await IdentityTokenVerifierTests.refusal(rotated, by: verifier) == nil)
    }
}
