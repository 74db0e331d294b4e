import AppCore
import Foundation
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

    /// `time` in UTC as RFC 3339 with milliseconds, as the API writes a `DateTime`.
    static func timestamp(_ time: timespec) -> String {
        DateTimeScalar.format(Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000))
    }
}
