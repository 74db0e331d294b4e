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

    /// The line for one event at `time`, newline included.
    func line(for event: LogEvent, at time: timespec) -> [UInt8] {
        let entries = metadataEntries(for: event)
        switch format {
        case .text:
            return TextLogLine.render(event, label: label, metadata: entries, at: time.tv_sec)
        case .json:
            let line = JSONLogLine.render(
                time: JSONLogLine.timestamp(time), level: event.level, message: event.message.description,
                label: label, metadata: Logger.Metadata(uniqueKeysWithValues: entries)
            )
            return Array(line.utf8)
        }
    }

    /// The metadata of a line sorted by key, merged: the handler's, then the provider's, then
    /// the event's, then its error's, each winning over the ones before.
    ///
    /// Why not `Dictionary.merge`: a request's access line merges two small dictionaries and
    /// sorts the result, and the copies, rehashing and sort were about 2% of a `{ ping }`
    /// request's CPU. Lines carry a handful of keys, so a scan of the entries taken so far
    /// (the strongest source first) is cheaper than hashing.
    func metadataEntries(for event: LogEvent) -> [(key: String, value: Logger.MetadataValue)] {
        let provided = metadataProvider?.get() ?? [:]
        var entries: [(key: String, value: Logger.MetadataValue)] = []
        entries.reserveCapacity(metadata.count + provided.count + (event.metadata?.count ?? 0) + 2)
        if let error = event.error {
            entries.append(("error.message", "\(error)"))
            entries.append(("error.type", "\(String(reflecting: type(of: error)))"))
        }
        Self.add(event.metadata, under: &entries)
        Self.add(provided, under: &entries)
        Self.add(metadata, under: &entries)
        entries.sort { $0.key < $1.key }
        return entries
    }

    /// Appends the entries of `source` whose keys `entries` (stronger sources) does not hold yet.
    private static func add(_ source: Logger.Metadata?, under entries: inout [(key: String, value: Logger.MetadataValue)]) {
        guard let source else { return }
        let stronger = entries.count
        for (key, value) in source where !entries[..<stronger].contains(where: { $0.key == key }) {
            entries.append((key, value))
        }
    }
}
