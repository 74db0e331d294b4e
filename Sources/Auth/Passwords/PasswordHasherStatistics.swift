/// Counts of a `PasswordHasher`'s pool.
public struct PasswordHasherStatistics: Sendable, Equatable {
    /// Threads in the pool.
    public let threads: Int
    /// Hashes running now.
    public let running: Int
    /// Hashes waiting for a thread.
    public let queued: Int
    /// Most hashes ever running at once (never above `threads`).
    public let peakRunning: Int
    /// Jobs finished.
    public let completed: Int
}
