import COpenSSL

/// SHA-256 through OpenSSL's EVP interface (the low-level `SHA256_*`
/// functions are deprecated in OpenSSL 3). Public for the server's
/// `Content-Security-Policy` script hashes.
public enum SHA256Digest {
    static let byteCount = 32

    public static func of(_ bytes: [UInt8]) -> [UInt8] {
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
