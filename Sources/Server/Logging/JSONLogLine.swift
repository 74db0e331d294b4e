import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The JSON format (`QUARRY_LOG_FORMAT=json`), one object per line for log collectors:
/// `{"time":"…","level":"info","message":"…","label":"…","request_id":"…",…}`.
///
/// Metadata keys become top-level keys (nested metadata is written as JSON), so a
/// collector can filter on `request_id` without parsing the message.
enum JSONLogLine {
    /// The line for one event, newline included; fixed keys first, then metadata sorted by key.
    static func render(
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

    /// `time` in UTC as RFC 3339 with milliseconds.
    static func timestamp(_ time: timespec) -> String {
        var seconds = time_t(time.tv_sec)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))"
            + "T\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))"
            + ".\(pad(Int32(time.tv_nsec / 1_000_000), 3))Z"
    }
}
