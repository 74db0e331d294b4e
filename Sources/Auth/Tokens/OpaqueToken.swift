/// Opaque bearer tokens (issue 4, "Passwords and tokens"): 32 bytes from
/// `RAND_bytes`, base64url-encoded behind a recognisable prefix so secret
/// scanners can find leaked ones. The server stores only `hash(token)`, so a
/// leaked database does not leak usable tokens; a 256-bit random token needs
/// no salt or slow hash.
public enum OpaqueToken {
    /// Prefix of session tokens.
    public static let prefix = "qry_"
    /// Number of random bytes in a token.
    public static let randomByteCount = 32
    /// Length of the base64url part of a token (32 bytes, unpadded).
    public static let encodedLength = 43

    /// A new session token: `qry_` + base64url(32 random bytes), no padding.
    public static func generate() -> String {
        generate(prefix: prefix)
    }

    /// A new token with another prefix, e.g. `qrv_` for email-verification
    /// links or `qrr_` for password-reset links, so each kind is recognisable.
    public static func generate(prefix: String) -> String {
        prefix + Base64.urlEncoded(SecureRandom.bytes(randomByteCount))
    }

    /// SHA-256 of the token's UTF-8 bytes (OpenSSL): the only form stored.
    public static func hash(_ token: String) -> [UInt8] {
        SHA256Digest.of(Array(token.utf8))
    }
}
