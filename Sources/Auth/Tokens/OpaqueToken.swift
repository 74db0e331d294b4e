import COpenSSL

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

/// SHA-256 through OpenSSL's EVP interface (the low-level `SHA256_*`
/// functions are deprecated in OpenSSL 3).
enum SHA256Digest {
    static let byteCount = 32

    static func of(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let status = bytes.withUnsafeBytes { input in
            digest.withUnsafeMutableBufferPointer { output in
                EVP_Digest(input.baseAddress, input.count, output.baseAddress, &length, EVP_sha256(), nil)
            }
        }
        precondition(status == 1 && Int(length) == byteCount, "EVP_Digest(SHA-256) failed")
        return Array(digest.prefix(byteCount))
    }
}
