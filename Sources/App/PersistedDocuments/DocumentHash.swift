import COpenSSL

/// The identifier of a persisted document: the SHA-256 of its exact UTF-8
/// text as 64 lower-case hex digits. Apollo's automatic persisted queries
/// (`extensions.persistedQuery.sha256Hash`), the GraphQL-over-HTTP draft's
/// "SHA256 hex document identifier" (Appendix A, `documentId: "sha256:…"`) and
/// the manifests Relay and GraphQL Codegen emit all hash the text byte for
/// byte: no normalisation, so a trailing newline changes the hash.
public enum DocumentHash {
    /// The SHA-256 of `text`'s UTF-8 bytes, in lower-case hex.
    public static func sha256(_ text: String) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let bytes = Array(text.utf8)
        let status = bytes.withUnsafeBytes { input in
            EVP_Digest(input.baseAddress, input.count, &digest, &length, EVP_sha256(), nil)
        }
        precondition(status == 1 && length == 32, "EVP_Digest(SHA-256) failed")
        let digits = Array("0123456789abcdef".utf8)
        var hex = [UInt8]()
        hex.reserveCapacity(64)
        for byte in digest.prefix(32) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// Whether `text` has the form of a hash: exactly 64 lower-case hex digits.
    public static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
