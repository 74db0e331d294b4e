// `@preconcurrency`: `stdout` is a C global; reading the pointer is safe, and stdio locks the FILE itself.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// Where the log handlers write: standard output, one `write(2)` per line, so
/// that lines from concurrent requests never interleave and no line waits in
/// stdio's buffer. Whatever `print` left in that buffer is flushed first, so
/// that a command's printed output and its log lines keep their order.
public enum StandardOutput {
    public static func writeLine(_ line: [UInt8]) {
        fflush(stdout)
        line.withUnsafeBytes { buffer in
            var offset = 0
            // A short write (a signal, a full pipe) continues where it stopped; any other failure drops the line.
            while offset < buffer.count {
                let written = write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}

