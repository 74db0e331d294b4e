import Logging
import Testing

@testable import Server

@Suite("JSON log lines")
struct JSONLogHandlerTests {
    @Test("fixed keys first, metadata as top-level keys sorted, strings escaped")
    func line() {
        let line = JSONLogHandler.line(
            time: "2026-11-21T16:00:00.000Z", level: .info, message: "say \"hi\"\n", label: "quarry",
            metadata: ["request_id": "abc", "attempt": .stringConvertible(2), "tags": ["a", "b"], "ctx": ["k": "v"]]
        )
        #expect(line == #"{"time":"2026-11-21T16:00:00.000Z","level":"info","message":"say \"hi\"\n","label":"quarry","attempt":"2","ctx":{"k":"v"},"request_id":"abc","tags":["a","b"]}"# + "\n")
    }

    @Test("JSON text escapes control characters like JSON.stringify")
    func escaping() {
        #expect(JSONText.quoted("a\u{01}b\u{1F}\t\\é") == #""a\u0001b\u001f\t\\é""#)
    }
}
