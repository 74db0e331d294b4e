import Logging
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@testable import Server

@Suite("Text log lines")
struct TextLogLineTests {
    private struct Refused: Error {}

    /// The lines swift-log's StreamLogHandler writes, to compare ours with.
    private final class Lines: TextOutputStream, Sendable {
        let written = Mutex<[String]>([])
        func write(_ string: String) { written.withLock { $0.append(string) } }
    }

    private static let events: [(label: String, base: Logger.Metadata, event: LogEvent)] = [
        (
            "quarry", ["request_id": "0123abcd", "hb.request.id": .stringConvertible(42)],
            LogEvent(
                level: .info, message: "request",
                metadata: ["method": "POST", "path": "/graphql", "status": "200", "duration_ms": .stringConvertible(0.25)],
                source: "Server", file: #fileID, function: #function, line: #line
            )
        ),
        ("quarry", [:], LogEvent(level: .warning, message: "no metadata", metadata: nil, source: nil, file: #fileID, function: #function, line: #line)),
        (
            "", ["tags": ["a", "b"], "context": ["k": "v", "n": .stringConvertible(1)]],
            LogEvent(level: .error, message: "nested values, no label", metadata: [:], source: "Jobs", file: #fileID, function: #function, line: #line)
        ),
        (
            "quarry.pool", ["request_id": "overridden"],
            LogEvent(
                level: .critical, message: "the event's metadata wins; errors become metadata", error: Refused(),
                metadata: ["request_id": "kept", "é": "ü = ü"], source: "Postgres", file: #fileID, function: #function, line: #line
            )
        ),
    ]

    @Test("after the timestamp, a line is what swift-log's StreamLogHandler writes for the same event")
    func sameAsStreamLogHandler() {
        for (label, base, event) in Self.events {
            let lines = Lines()
            var stream = StreamLogHandler(label: label, stream: lines, metadataProvider: nil)
            var ours = LineLogHandler(label: label, level: .trace, format: .text)
            for (key, value) in base {
                stream[metadataKey: key] = value
                ours[metadataKey: key] = value
            }
            stream.log(event: event)
            let theirs = lines.written.withLock { $0.joined() }
            let line = String(decoding: ours.line(for: event, at: timespec(tv_sec: time(nil), tv_nsec: 0)), as: UTF8.self)
            #expect(line.drop { $0 != " " } == theirs.drop { $0 != " " })
            #expect(line.hasSuffix("\n") && line.filter { $0 == "\n" }.count == 1)
        }
    }

    @Test("the metadata provider's values are merged under the event's")
    func providerMetadata() {
        let handler = LineLogHandler(
            label: "quarry", level: .info, format: .text, metadataProvider: .init { ["trace": "t1", "path": "provided"] }
        )
        let event = LogEvent(
            level: .info, message: "m", metadata: ["path": "/graphql"], source: "Server", file: #fileID, function: #function,
            line: #line
        )
        let line = String(decoding: handler.line(for: event, at: timespec()), as: UTF8.self)
        #expect(line.hasSuffix(" info quarry: path=/graphql trace=t1 [Server] m\n"))
    }

    @Test("timestamps are strftime's %Y-%m-%dT%H:%M:%S%z in local time", arguments: [0, 951_782_400, 1_795_000_000, 4_102_444_799])
    func timestamp(seconds: Int) {
        var time = time_t(seconds)
        var parts = tm()
        localtime_r(&time, &parts)
        var written: [UInt8] = []
        LocalTimestamp.append(time, to: &written)
        #expect(String(decoding: written, as: UTF8.self) == Self.formatted(parts))
    }

    @Test("UTC offsets are written as strftime's %z writes them", arguments: [0, 19_800, -12_600, 50_400, -36_000, 2_700])
    func offsets(seconds: Int) {
        var time = time_t(1_795_000_000)
        var parts = tm()
        gmtime_r(&time, &parts)
        parts.tm_gmtoff = seconds
        var written: [UInt8] = []
        LocalTimestamp.append(parts, to: &written)
        #expect(String(decoding: written, as: UTF8.self) == Self.formatted(parts))
    }

    private static func formatted(_ parts: tm) -> String {
        var parts = parts
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
