import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A swift-log handler writing one human-readable line per event to standard
/// output (`QUARRY_LOG_FORMAT=text`, the default), in the format of swift-log's
/// `StreamLogHandler`:
/// `2026-11-21T16:00:00+0100 info quarry: method=POST request_id=… [Server] request`.
///
/// It replaces `StreamLogHandler` because that one re-renders all metadata
/// into a string on every metadata change, and a request changes it twice
/// (Hummingbird's `hb.request.id`, our `request_id`) whether or not anything is
/// logged. This one keeps the metadata as it is and renders it only when a
/// line is written, as one `write(2)`, so lines never interleave.
public struct TextLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public var logLevel: Logger.Level
    private let label: String

    public init(label: String, level: Logger.Level, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.logLevel = level
        self.metadataProvider = metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        StandardOutput.writeLine(line(for: event, at: time(nil)))
    }

    /// The line for one event at `time`, newline included: time, level, label,
    /// then the metadata (the handler's, the provider's, the event's, its error's)
    /// as `key=value` sorted by key, the source in brackets, the message.
    func line(for event: LogEvent, at time: time_t) -> [UInt8] {
        var merged = metadata
        if let provided = metadataProvider?.get(), !provided.isEmpty { merged.merge(provided) { _, new in new } }
        if let extra = event.metadata, !extra.isEmpty { merged.merge(extra) { _, new in new } }
        if let error = event.error {
            merged["error.message"] = "\(error)"
            merged["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        let message = event.message.description
        var out: [UInt8] = []
        out.reserveCapacity(128 + message.utf8.count)
        LocalTimestamp.append(time, to: &out)
        out.append(UInt8(ascii: " "))
        out.append(contentsOf: event.level.rawValue.utf8)
        if !label.isEmpty { out.append(UInt8(ascii: " ")) }
        out.append(contentsOf: label.utf8)
        out.append(UInt8(ascii: ":"))
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
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
