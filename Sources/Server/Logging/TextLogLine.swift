import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text format (`QUARRY_LOG_FORMAT=text`, the default), the line swift-log's
/// `StreamLogHandler` writes:
/// `2026-11-21T16:00:00+0100 info quarry: method=POST request_id=… [Server] request`.
enum TextLogLine {
    /// Local time, level, label, then the metadata as `key=value` (`metadata` comes sorted by
    /// key), the source in brackets, the message, and a newline.
    static func render(
        _ event: LogEvent, label: String, metadata: [(key: String, value: Logger.MetadataValue)], at time: time_t
    ) -> [UInt8] {
        let message = event.message.description
        var out: [UInt8] = []
        out.reserveCapacity(128 + message.utf8.count)
        LocalTimestamp.append(time, to: &out)
        out.append(UInt8(ascii: " "))
        out.append(contentsOf: event.level.rawValue.utf8)
        if !label.isEmpty { out.append(UInt8(ascii: " ")) }
        out.append(contentsOf: label.utf8)
        out.append(UInt8(ascii: ":"))
        for (key, value) in metadata {
            out.append(UInt8(ascii: " "))
            out.append(contentsOf: key.utf8)
            out.append(UInt8(ascii: "="))
            if case .string(let text) = value {
                out.append(contentsOf: text.utf8)
            } else {
                out.append(contentsOf: value.description.utf8)
            }
        }
        out.append(contentsOf: " [".utf8)
        out.append(contentsOf: event.source.utf8)
        out.append(contentsOf: "] ".utf8)
        out.append(contentsOf: message.utf8)
        out.append(UInt8(ascii: "\n"))
        return out
    }
}
