import Auth
import Synchronization

/// The random bits of generated request ids: ``SecureRandom`` bytes drawn a block at a time
/// and handed out 16 at a time, each byte once.
///
/// Why a block: a `RAND_bytes` call costs OpenSSL about 1.7 µs here whatever its length
/// (provider look-ups and its fork check, a `getpid(2)`), 2% of a `{ ping }`'s CPU for a
/// request's 16 bytes, while 4,096 bytes cost 2.7 µs (issue 17, Benchmarks/README.md). The
/// bytes stay OpenSSL's, so ids remain unguessable; a lock taken for a few loads is cheaper
/// than the call it saves.
final class RequestIDRandomness: Sendable {
    /// The process's source, shared by every request.
    static let shared = RequestIDRandomness(blockSize: 4096)

    private struct Block {
        var bytes: [UInt8] = []
        /// Where the next id's bytes start; `bytes.count` when the block is used up.
        var next = 0
    }

    private let blockSize: Int
    private let block = Mutex(Block())

    /// `blockSize` must be a positive multiple of 16.
    init(blockSize: Int) {
        precondition(blockSize > 0 && blockSize % 16 == 0, "RequestIDRandomness: block size \(blockSize)")
        self.blockSize = blockSize
    }

    /// The next 128 random bits, as two words.
    func next() -> (UInt64, UInt64) {
        block.withLock { block in
            if block.next == block.bytes.count {
                block.bytes = SecureRandom.bytes(blockSize)
                block.next = 0
            }
            let start = block.next
            block.next += 16
            return block.bytes.withUnsafeBytes { raw in
                (raw.loadUnaligned(fromByteOffset: start, as: UInt64.self),
                 raw.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self))
            }
        }
    }
}
