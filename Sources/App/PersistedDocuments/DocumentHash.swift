import AppCore
/// The identifier of a persisted document: the SHA-256 of its exact UTF-8
/// text as 64 lower-case hex digits. Apollo's automatic persisted queries
/// (`extensions.persistedQuery.sha256Hash`), the GraphQL-over-HTTP draft's
/// "SHA256 hex document identifier" (Appendix A, `documentId: "sha256:…"`) and
/// the manifests Relay and GraphQL Codegen emit all hash the text byte for
/// byte: no normalisation, so a trailing newline changes the hash.
public enum DocumentHash {
    /// The SHA-256 of `text`'s UTF-8 bytes, in lower-case hex (the media store's digest).
    public static func sha256(_ text: String) -> String {
        let digest = SHA256Digest()
        Array(text.utf8).withUnsafeBytes { digest.update($0) }
        return digest.hex()
    }

    /// Whether `text` has the form of a hash: exactly 64 lower-case hex digits.
    public static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
