import Dispatch

/// Runs blocking work (file reads and writes, image decoding) on Dispatch's
/// global queue, so that it never holds a thread of Swift's cooperative pool
/// or a NIO event loop.
package enum Offload {
    package static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}
