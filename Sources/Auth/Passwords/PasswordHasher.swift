import CArgon2

/// Hashes and verifies passwords with argon2id (libargon2), on a bounded pool
/// of threads of its own (issue 4, "Passwords and tokens").
///
/// Hashes are PHC strings (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`) with a
/// 16-byte random salt and a 32-byte hash, so parameters can be raised later:
/// `verify` reports `needsRehash` for a hash made with other parameters.
///
/// Call `shutdown()` when done; the hasher also shuts its pool down when it
/// is released.
public final class PasswordHasher: Sendable {
    /// Bytes of random salt per hash (RFC 9106 §3.1 recommends 16).
    public static let saltByteCount = 16
    /// Bytes of hash output.
    public static let hashByteCount = 32

    public let parameters: Argon2Parameters
    private let pool: BlockingWorkerPool
    /// A PHC string with the configured parameters that no password matches:
    /// verifying against it costs what a real verification costs.
    let dummyHash: String

    /// `threads`: size of the hasher's own pool; at most that many hashes run
    /// at once and the rest wait in its queue. Traps on parameters libargon2
    /// rejects (call `Argon2Parameters.validate()` on configuration first).
    public init(parameters: Argon2Parameters = .owaspMinimum, threads: Int = 2) {
        do {
            try parameters.validate()
        } catch {
            preconditionFailure("PasswordHasher: \(error.message)")
        }
        self.parameters = parameters
        pool = BlockingWorkerPool(threadCount: threads, name: "quarry-argon2")
        dummyHash = PHCString.dummy(parameters: parameters, saltByteCount: Self.saltByteCount, hashByteCount: Self.hashByteCount)
    }

    deinit {
        pool.shutdown()
    }

    /// An argon2id PHC string for `password` (its UTF-8 bytes) with a fresh
    /// random salt and the configured parameters.
    public func hash(_ password: String) async throws -> String {
        let parameters = parameters
        let salt = SecureRandom.bytes(Self.saltByteCount)
        return try await pool.run { try Self.argon2idEncoded(password, salt: salt, parameters: parameters) }
    }

    /// Checks `password` against a stored PHC string. A stored value that is
    /// not an argon2 PHC string is `.invalid` and still costs one verification,
    /// so a corrupt or placeholder row reveals nothing by timing. Returns
    /// `.invalid` if the hasher is shut down.
    public func verify(_ password: String, against encoded: String) async -> PasswordVerification {
        guard let stored = PHCString(encoded), let type = Self.type(of: stored.variant) else {
            await verifyAgainstDummy(password)
            return .invalid
        }
        let matches = (try? await pool.run { Self.argon2Verify(password, encoded: encoded, type: type) }) ?? false
        guard matches else { return .invalid }
        let current = stored.variant == "argon2id"
            && stored.version == PHCString.currentVersion
            && stored.parameters == parameters
            && stored.saltByteCount >= Self.saltByteCount
            && stored.hashByteCount == Self.hashByteCount
        return .valid(needsRehash: !current)
    }

    /// Verifies `password` against a dummy hash with the configured
    /// parameters and discards the result: a login with an unknown email
    /// costs the same as one with a wrong password, so timing reveals no
    /// accounts (issue 4).
    public func verifyAgainstDummy(_ password: String) async {
        let dummyHash = dummyHash
        _ = try? await pool.run { Self.argon2Verify(password, encoded: dummyHash, type: Argon2_id) }
    }

    /// Stops the pool's threads after their current hash; queued and later
    /// calls fail (`hash` throws `.shutDown`, `verify` returns `.invalid`).
    /// Idempotent.
    public func shutdown() {
        pool.shutdown()
    }

    /// Work done by the pool so far, for metrics and tests.
    public var statistics: PasswordHasherStatistics {
        let stats = pool.statistics
        return PasswordHasherStatistics(
            threads: stats.threads, running: stats.running, queued: stats.queued,
            peakRunning: stats.peakRunning, completed: stats.completed
        )
    }

    private static func type(of variant: String) -> Argon2_type? {
        switch variant {
        case "argon2id": Argon2_id
        case "argon2i": Argon2_i
        case "argon2d": Argon2_d
        default: nil
        }
    }

    /// Blocking: runs on the pool.
    private static func argon2idEncoded(_ password: String, salt: [UInt8], parameters: Argon2Parameters) throws -> String {
        let m = UInt32(parameters.memoryKiB), t = UInt32(parameters.iterations), p = UInt32(parameters.parallelism)
        let length = argon2_encodedlen(t, m, p, UInt32(salt.count), UInt32(hashByteCount), Argon2_id)
        var encoded = [CChar](repeating: 0, count: length)
        let password = Array(password.utf8)
        let status = password.withUnsafeBytes { pwd in
            salt.withUnsafeBytes { salt in
                argon2id_hash_encoded(
                    t, m, p, pwd.baseAddress, pwd.count, salt.baseAddress, salt.count,
                    hashByteCount, &encoded, length
                )
            }
        }
        guard status == ARGON2_OK.rawValue else {
            throw PasswordHashingError.argon2(code: status, message: String(cString: argon2_error_message(status)))
        }
        return String(decoding: encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Blocking: runs on the pool. libargon2 compares in constant time.
    private static func argon2Verify(_ password: String, encoded: String, type: Argon2_type) -> Bool {
        let password = Array(password.utf8)
        return password.withUnsafeBytes { pwd in
            argon2_verify(encoded, pwd.baseAddress, pwd.count, type) == ARGON2_OK.rawValue
        }
    }
}
