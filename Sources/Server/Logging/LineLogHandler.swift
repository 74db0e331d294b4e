import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The swift-log handler of the server: one line per event on standard output, in
/// `QUARRY_LOG_FORMAT`'s format: human-readable text (`TextLogLine`, the default) or
/// one JSON object for log collectors (`JSONLogLine`).
///
/// It keeps the metadata as it is and renders it only when a line is written, as one
/// `write(2)` (or one append to `writer`, which `quarry serve` uses), so lines never interleave. swift-log's `StreamLogHandler` re-renders all
/// metadata into a string on every metadata change, and a request changes it twice
/// (Hummingbird's `hb.request.id`, our `request_id`) whether or not anything is logged.
public struct LineLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public var logLevel: Logger.Level
    private let label: String
    private let format: ServerConfiguration.LogFormat
    /// Where lines go: `nil` writes each at once.
    private let writer: BatchedLineWriter?

    public init(
        label: String, level: Logger.Level, format: ServerConfiguration.LogFormat,
        metadataProvider: Logger.MetadataProvider? = nil, writer: BatchedLineWriter? = nil
    ) {
        self.label = label
        self.writer = writer
        self.logLevel = level
        self.format = format
        self.metadataProvider = metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let line = line(for: event, at: now)
        if let writer {
            writer.append(line)
        } else {
            StandardOutput.writeLine(line)
        }
    }

    /// The line for one event at `time`, newline included, with the metadata merged:
    /// the handler's, then the provider's, then the event's, then its error's, each
    /// winning over the ones before.
    func line(for event: LogEvent, at time: timespec) -> [UInt8] {
        var merged = metadata
        if let provided = metadataProvider?.get(), !provided.isEmpty { merged.merge(provided) { _, new in new } }
        if let extra = event.metadata, !extra.isEmpty { merged.merge(extra) { _, new in new } }
        if let error = event.error {
            merged["error.message"] = "\(error)"
            merged["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        switch format {
        case .text:
            return TextLogLine.render(event, label: label, metadata: merged, at: time.tv_sec)
        case .json:
            let line = JSONLogLine.render(
                time: JSONLogLine.timestamp(time), level: event.level, message: event.message.description,
                label: label, metadata: merged
            )
            return Array(line.utf8)
        }
    }
}
