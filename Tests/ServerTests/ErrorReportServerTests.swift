import AppCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import QuarryTestSupport
import Synchronization
import Testing

@testable import Server

/// Issue 13 "Error reports" at the HTTP layer and at start-up: an HTTP 500 (an error no route turned into a
/// response) is reported under the request's id, and the crash marker tells a run that did not shut down
/// cleanly from one that did.
@Suite("Error reports: HTTP 500s and the crash marker")
struct ErrorReportServerTests {
    struct Boom: Error {}

    @Test("an error a route throws is a 500 for the client and an error report with the request id and the route")
    func httpFailureIsReported() async throws {
        let reports = Mutex<[ErrorReport]>([])
        let router = Router(context: QuarryRequestContext.self)
        router.add(middleware: RequestIDMiddleware(reporter: ErrorReporter { report in reports.withLock { $0.append(report) } }))
        router.get("/boom") { _, _ -> String in throw Boom() }
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/boom", method: .get, headers: [RequestIDMiddleware.headerName: "req-500"]) { response in
                #expect(response.status == .internalServerError)
                #expect(response.headers[RequestIDMiddleware.headerName] == "req-500")
                #expect(!String(buffer: response.body).contains("Boom"))
            }
        }
        let reported = reports.withLock { $0 }
        #expect(reported.count == 1)
        #expect(reported.first?.code == "INTERNAL_SERVER_ERROR")
        #expect(reported.first?.requestID == "req-500")
        #expect(reported.first?.path == "GET /boom")
        #expect(reported.first?.message.contains("Boom") == true)
        #expect(reported.first?.context == ["layer": "http"])
    }

    @Test("the marker: none before the first run, the previous run's pid and start after an unclean one, none after a clean one")
    func crashMarker() async throws {
        let marker = CrashMarker(directory: TestService.temporaryPath("reports") + "/nested")
        let started = Date(timeIntervalSince1970: 1_795_636_212.5)
        #expect(try await marker.claim(processID: 101, startedAt: started) == nil)
        let previous = try await marker.claim(processID: 202, startedAt: Date())
        #expect(previous == CrashMarker.PreviousRun(processID: "101", startedAt: "2026-11-25T19:50:12.500Z"))
        try await marker.remove()
        #expect(!FileManager.default.fileExists(atPath: marker.path))
        #expect(try await marker.claim(processID: 303, startedAt: Date()) == nil)
        // A marker the crash cut short still says a run crashed.
        #expect(CrashMarker.read("pid=7") == CrashMarker.PreviousRun(processID: "7", startedAt: "unknown"))
    }
}
