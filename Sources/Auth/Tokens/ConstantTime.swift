import COpenSSL

/// Compares two secrets (token hashes, codes) in time that depends only on
/// their length, never on where they first differ, through OpenSSL's
/// `CRYPTO_memcmp` (issue 4: "constant-time comparisons wherever secrets are
/// compared"). Different lengths return `false` at once: lengths of the
/// values compared here are public (fixed-size digests).
public func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    guard !a.isEmpty else { return true }
    return a.withUnsafeBytes { left in
        b.withUnsafeBytes { right in
            CRYPTO_memcmp(left.baseAddress, right.baseAddress, left.count) == 0
        }
    }
}
