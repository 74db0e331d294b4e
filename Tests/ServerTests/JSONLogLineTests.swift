import Logging
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@testable import Server

@Suite("JSON log lines")
struct JSONLogLineTests {
    struct Refused: Error {}

    @Test("fixed keys first, metadata as top-level keys sorted, strings escaped")
    func line() {
        let line = JSONLogLine.render(
            time: "2026-11-21T16:00:00.000Z", level: .info, message: "say \"hi\"\n", label: "quarry",
            metadata: ["request_id": "abc", "attempt": .stringConvertible(2), "tags": ["a", "b"], "ctx": ["k": "v"]]
        )
        #expect(line == #"{"time":"2026-11-21T16:00:00.000Z","level":"info","message":"say \"hi\"\n","label":"quarry","attempt":"2","ctx":{"k":"v"},"request_id":"abc","tags":["a","b"]}"# + "\n")
    }

    @Test("the handler writes the error, the provider's and the event's metadata, and the time in UTC with milliseconds")
    func handlerLine() {
        var handler = LineLogHandler(label: "quarry", level: .info, format: .json, metadataProvider: .init { ["trace": "t1"] })
        handler[metadataKey: "request_id"] = "abc"
        let event = LogEvent(
            level: .error, message: "m", error: Refused(), metadata: ["trace": "t2"], source: "Server", file: #fileID,
            function: #function, line: #line
        )
        let line = String(decoding: handler.line(for: event, at: timespec(tv_sec: 1_795_000_000, tv_nsec: 42_000_000)), as: UTF8.self)
        #expect(
            line == #"{"time":"2026-11-18T11:06:40.042Z","level":"error","message":"m","label":"quarry","error.message":"Refused()","error.type":"ServerTests.JSONLogLineTests.Refused","request_id":"abc","trace":"t2"}"# + "\n"
        )
    }

    @Test("JSON text escapes control characters like JSON.stringify")
    func escaping() {
        #expect(JSONText.quoted("a\u{01}b\u{1F}\t\\é") == #""a\u0001b\u001f\t\\é""#)
    }
}
