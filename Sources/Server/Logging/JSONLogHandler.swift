import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A swift-log handler writing one JSON object per line to standard output,
/// for log collectors (`QUARRY_LOG_FORMAT=json`):
/// `{"time":"…","level":"info","message":"…","label":"…","request_id":"…",…}`.
///
/// Metadata keys become top-level keys (nested metadata is written as JSON),
/// so a collector can filter on `request_id` without parsing the message.
public struct JSONLogHandler: LogHandler {
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
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        let line = Self.line(
            time: Self.timestamp(), level: event.level, message: event.message.description,
            label: label, metadata: merged
        )
        StandardOutput.writeLine(Array(line.utf8))
    }

    /// The JSON line for one event; fixed keys first, then metadata sorted by key.
    static func line(
        time: String, level: Logger.Level, message: String, label: String, metadata: Logger.Metadata
    ) -> String {
        var out = "{\"time\":\(JSONText.quoted(time)),\"level\":\(JSONText.quoted(level.rawValue))"
        out += ",\"message\":\(JSONText.quoted(message)),\"label\":\(JSONText.quoted(label))"
        for key in metadata.keys.sorted() where !["time", "level", "message", "label"].contains(key) {
            out += ",\(JSONText.quoted(key)):\(json(metadata[key]!))"
        }
        return out + "}\n"
    }

    private static func json(_ value: Logger.Metadata.Value) -> String {
        switch value {
        case .string(let text): JSONText.quoted(text)
        case .stringConvertible(let value): JSONText.quoted(value.description)
        case .array(let values): "[" + values.map(json).joined(separator: ",") + "]"
        case .dictionary(let entries):
            "{" + entries.keys.sorted().map { "\(JSONText.quoted($0)):\(json(entries[$0]!))" }
                .joined(separator: ",") + "}"
        }
    }

    /// UTC time as RFC 3339 with milliseconds.
    private static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = time_t(now.tv_sec)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))"
            + "T\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))"
            + ".\(pad(Int32(now.tv_nsec / 1_000_000), 3))Z"
    }
}
