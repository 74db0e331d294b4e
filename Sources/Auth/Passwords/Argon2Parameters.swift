/// Cost parameters of argon2id (RFC 9106 §3.1): memory in KiB, passes over
/// memory, and lanes. They are written into every PHC string, so they can be
/// raised later: a login with an older hash re-hashes it (issue 4).
public struct Argon2Parameters: Sendable, Equatable, CustomStringConvertible {
    /// Memory cost `m`, in KiB.
    public var memoryKiB: Int
    /// Time cost `t`: passes over the memory.
    public var iterations: Int
    /// Parallelism `p`: lanes (libargon2 computes them on as many threads).
    public var parallelism: Int

    /// OWASP's minimum for argon2id (Password Storage Cheat Sheet):
    /// m = 19 MiB, t = 2, p = 1. The default.
    public static let owaspMinimum = Argon2Parameters(memoryKiB: 19_456, iterations: 2, parallelism: 1)

    public init(memoryKiB: Int, iterations: Int, parallelism: Int) {
        self.memoryKiB = memoryKiB
        self.iterations = iterations
        self.parallelism = parallelism
    }

    /// The PHC parameter field, e.g. `m=19456,t=2,p=1`.
    public var description: String {
        "m=\(memoryKiB),t=\(iterations),p=\(parallelism)"
    }

    /// Checks the limits libargon2 enforces, so a bad configuration fails at
    /// start-up with a clear message instead of on the first login. (argon2.h
    /// defines them with `UINT32_C`, which Swift does not import: lanes
    /// 1...0xFFFFFF, at least one pass, at least 8 KiB of memory per lane.)
    public func validate() throws(Argon2ParameterError) {
        let maximumLanes = 0xFF_FFFF
        guard (1...maximumLanes).contains(parallelism) else {
            throw Argon2ParameterError(message: "argon2 parallelism must be between 1 and \(maximumLanes), got \(parallelism)")
        }
        guard iterations >= 1, iterations <= Int(UInt32.max) else {
            throw Argon2ParameterError(message: "argon2 iterations must be between 1 and \(UInt32.max), got \(iterations)")
        }
        let minimumMemory = 8 * parallelism
        guard memoryKiB >= minimumMemory, memoryKiB <= Int(UInt32.max) else {
            throw Argon2ParameterError(
                message: "argon2 memory must be at least \(minimumMemory) KiB (8 KiB per lane), got \(memoryKiB)"
            )
        }
    }
}

/// Argon2 parameters outside libargon2's limits.
public struct Argon2ParameterError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
