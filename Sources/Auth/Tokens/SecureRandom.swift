import COpenSSL

/// Cryptographically secure randomness from OpenSSL's `RAND_bytes` (issue 4,
/// "Passwords and tokens"): every token, salt and emailed code comes from here.
public enum SecureRandom {
    /// `count` random bytes.
    ///
    /// Traps when `RAND_bytes` reports failure: a process that cannot get
    /// secure randomness must not go on minting tokens with weaker bytes.
    public static func bytes(_ count: Int) -> [UInt8] {
        precondition(count >= 0, "SecureRandom.bytes: negative count \(count)")
        guard count > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: count)
        let status = buffer.withUnsafeMutableBytes { raw in
            RAND_bytes(raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(count))
        }
        guard status == 1 else {
            fatalError("RAND_bytes failed (OpenSSL error \(ERR_get_error())): no secure randomness available")
        }
        return buffer
    }

    /// A string of `count` uniformly distributed decimal digits, such as a
    /// 6-digit email verification code. Leading zeros are kept.
    ///
    /// Each digit comes from one random byte; bytes of 250 and above are
    /// rejected and redrawn, so `byte % 10` has no modulo bias
    /// (250 is the largest multiple of 10 that fits in a byte).
    public static func digits(_ count: Int) -> String {
        precondition(count >= 0, "SecureRandom.digits: negative count \(count)")
        var result = ""
        result.reserveCapacity(count)
        while result.count < count {
            for byte in bytes(count - result.count) where byte < 250 {
                result.append(Character(Unicode.Scalar(UInt8(ascii: "0") + byte % 10)))
            }
        }
        return result
    }
}
