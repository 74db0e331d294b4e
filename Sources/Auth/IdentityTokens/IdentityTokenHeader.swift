#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JOSE header of a compact-serialised JWS (RFC 7515 §3.1, §4.1), read before
/// any key is chosen: its `alg` and `kid` decide which key may check the signature.
struct IdentityTokenHeader {
    /// `alg`, e.g. `RS256`; `none` for an unsecured JWT (RFC 7519 §6).
    let algorithm: String
    /// `kid`: which of the provider's keys signed the token, if the header says.
    let keyID: String?

    /// Provider ID tokens are around 1 KiB; far larger input is not one of them.
    static let maximumTokenLength = 16 * 1024

    init(token: String) throws(IdentityTokenError) {
        guard token.utf8.count <= Self.maximumTokenLength else {
            throw IdentityTokenError(.malformed, "the ID token is too long")
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw IdentityTokenError(.malformed, "the ID token is not a JWT (header.payload.signature)")
        }
        guard let json = Self.base64URLDecode(parts[0]),
            let fields = try? JSONDecoder().decode(Fields.self, from: json)
        else {
            throw IdentityTokenError(.malformed, "the ID token's header is not base64url-encoded JSON")
        }
        guard let algorithm = fields.alg, !algorithm.isEmpty else {
            throw IdentityTokenError(.malformed, "the ID token's header has no alg")
        }
        self.algorithm = algorithm
        self.keyID = fields.kid
    }

    /// Base64url without padding (RFC 7515 §2, Appendix C); `nil` when not valid.
    static func base64URLDecode(_ text: Substring) -> Data? {
        var base64 = String(text).replacing("-", with: "+").replacing("_", with: "/")
        guard !base64.contains("=") else { return nil }
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        return Data(base64Encoded: base64)
    }

    private struct Fields: Decodable {
        let alg: String?
        let kid: String?
    }
}
