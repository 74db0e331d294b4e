import Administration
import AppCore
import CommonTestSupport
import Foundation
import Postgres
import QuarryTestSupport
import TestDatabaseSupport
import Testing

/// Issue 13 "Error reports" (Foodstabook 2.3.1): an unexpected error is masked for the client, who keeps the
/// request id, and becomes within seconds a row `errorReports` lists and a `<CODE>-<timestamp>.txt` file with
/// the same details and the server's state; reports older than 30 days move to the archive, rows and files.
@Suite("Administration: error reports")
struct ErrorReportTests {
    static let reports = """
        query($from: DateTime, $to: DateTime, $c: String, $ar: Boolean, $f: Int, $a: String) {
          errorReports(from: $from, to: $to, code: $c, archived: $ar, first: $f, after: $a) {
            edges { node { id code message requestId operationName path viewer { nickname } context fileName createdAt } }
            pageInfo { hasNextPage endCursor } } }
        """

    static func nodes(_ r: TestService.Response) -> [[String: Any]] {
        (r["data.errorReports.edges"] as? [[String: Any]] ?? []).compactMap { $0["node"] as? [String: Any] }
    }

    /// A report queue over `pool` writing files to a fresh folder, with a fixed system state.
    static func queue(_ pool: PostgresPool, capacity: Int = ErrorReportQueue.defaultCapacity) -> (ErrorReportQueue, String) {
        let directory = TestService.temporaryPath("error-reports")
        let queue = ErrorReportQueue(
            capacity: capacity, database: pool, directory: directory, logger: .init(label: "quarry.test"),
            systemState: { SystemState(version: "9.9.9-test", uptimeSeconds: 42, processID: 4242, pool: pool.metrics) }
        )
        return (queue, directory)
    }

    @Test("an unexpected resolver error: masked with the request id; then a row errorReports lists and a .txt file")
    func maskedErrorIsReported() async throws {
        // A database of its own, whose `users` table this test renames away for one request.
        let (_, pool) = try await TestDatabases.migrated(prefix: "quarry_reports", poolSize: 3)
        defer { pool.shutdown() }
        let (queue, directory) = Self.queue(pool)
        let writer = Task { await queue.run() }
        defer { queue.finish() }
        let h = try await TestService.start(database: pool, errorReporter: queue.reporter)
        let admin = try await h.signUp("boss", role: .admin)

        _ = try await pool.execute("ALTER TABLE users RENAME TO users_renamed_by_test")
        let failed = try await h.post(
            "query Availability { emailAvailable(email: \"someone@example.com\") }", requestID: "req-report-1"
        )
        _ = try await pool.execute("ALTER TABLE users_renamed_by_test RENAME TO users")
        #expect(failed.codes == ["INTERNAL_SERVER_ERROR"], "\(failed)")
        let extensions = (failed["errors"] as? [[String: Any]])?.first?["extensions"] as? [String: String]
        #expect(extensions == ["code": "INTERNAL_SERVER_ERROR", "requestId": "req-report-1"], "\(failed)")
        #expect(!failed.text.contains("users_renamed_by_test") && !failed.text.contains("relation"), "\(failed)")

        var report: [String: Any] = [:]
        try await waitUntil {
            let r = try await h.post(Self.reports, ["c": "INTERNAL_SERVER_ERROR"], token: admin.token)
            report = Self.nodes(r).first { $0["requestId"] as? String == "req-report-1" } ?? [:]
            return !report.isEmpty
        }
        #expect(report["operationName"] as? String == "Availability")
        #expect(report["path"] as? String == "emailAvailable")
        #expect((report["message"] as? String)?.contains("users") == true, "\(report)")
        #expect(report["viewer"] is NSNull, "a guest's request")
        #expect((report["context"] as? String)?.contains("\"layer\": \"graphql\"") == true, "\(report)")
        let fileName = try #require(report["fileName"] as? String)
        #expect(fileName.wholeMatch(of: /INTERNAL_SERVER_ERROR-\d{8}T\d{6}\.\d{3}Z(-\d+)?\.txt/) != nil, "\(fileName)")
        let text = try String(contentsOfFile: directory + "/" + fileName, encoding: .utf8)
        for line in [
            "code: INTERNAL_SERVER_ERROR", "request id: req-report-1", "operation: Availability", "path: emailAvailable",
            "version: 9.9.9-test", "uptime: 42 s", "database pool: size 3",
        ] {
            #expect(text.contains(line), "\(line) missing from \(text)")
        }
        #expect(text.contains("users"), "the original message: \(text)")

        // The dashboard's figure counts the day's reports.
        let stats = try await h.post("{ adminStats { errorsLast24h } }", token: admin.token)
        #expect(stats["data.adminStats.errorsLast24h"] as? Int == 1, "\(stats)")
        queue.finish()
        await writer.value
    }

    @Test("a signed-in caller's report names them; a client error (coded) is no report")
    func viewerAndCodedErrors() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "quarry_reports", poolSize: 3)
        defer { pool.shutdown() }
        let (queue, _) = Self.queue(pool)
        let writer = Task { await queue.run() }
        let h = try await TestService.start(database: pool, errorReporter: queue.reporter)
        let admin = try await h.signUp("boss", role: .admin)
        let user = try await h.signUp("member")
        // A coded error (FORBIDDEN) is the client's business: no report.
        #expect(try await h.post(Self.reports, token: user.token).codes == ["FORBIDDEN"])
        // `screenshots` gone: the signed-in user's own screenshots fail unexpectedly.
        _ = try await pool.execute("ALTER TABLE screenshots RENAME TO screenshots_renamed_by_test")
        let failed = try await h.post(
            "{ viewer { screenshots(first: 1) { edges { node { id } } } } }", token: user.token, requestID: "req-viewer"
        )
        _ = try await pool.execute("ALTER TABLE screenshots_renamed_by_test RENAME TO screenshots")
        #expect(failed.codes == ["INTERNAL_SERVER_ERROR"], "\(failed)")
        queue.finish()
        await writer.value
        let r = try await h.post(Self.reports, token: admin.token)
        let reports = Self.nodes(r)
        #expect(reports.count == 1, "\(r)")
        #expect(reports.first?["requestId"] as? String == "req-viewer")
        #expect((reports.first?["viewer"] as? [String: Any])?["nickname"] as? String == user.nickname, "\(r)")
    }

    @Test("two reports of one code in one millisecond get two files; the text file names the crash's details")
    func uniqueFileNames() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "quarry_reports", poolSize: 2)
        defer { pool.shutdown() }
        let (queue, directory) = Self.queue(pool)
        let at = Date(timeIntervalSince1970: 1_795_636_212.123)
        for n in 1...3 {
            queue.reporter.report(ErrorReport(code: "CRASH", message: "crash \(n)", context: ["n": "\(n)"], at: at))
        }
        queue.finish()
        await queue.run()
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        let stamp = ErrorReportFiles.timestamp(at)
        #expect(stamp == "20261125T195012.123Z")
        #expect(files == ["CRASH-\(stamp)-2.txt", "CRASH-\(stamp)-3.txt", "CRASH-\(stamp).txt"])
        let rows = try await pool.query("SELECT file_name, message FROM error_reports ORDER BY message")
        #expect(try rows.map { try $0.decode("file_name", as: String.self) }
            == ["CRASH-\(stamp).txt", "CRASH-\(stamp)-2.txt", "CRASH-\(stamp)-3.txt"])
        // The row keeps the time the error happened, not the time it was written.
        let times = try await pool.query("SELECT DISTINCT created_at FROM error_reports")
        #expect(times.count == 1)
        #expect(try abs(times[0].decode("created_at", as: Date.self).timeIntervalSince(at)) < 0.001)
    }

    @Test("a full queue drops reports (with a log line) instead of holding the response")
    func boundedQueue() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "quarry_reports", poolSize: 2)
        defer { pool.shutdown() }
        let (queue, _) = Self.queue(pool, capacity: 2)
        // No writer runs yet: the first two wait, the rest are dropped at once.
        for n in 1...5 { queue.reporter.report(ErrorReport(code: "INTERNAL_SERVER_ERROR", message: "error \(n)")) }
        queue.finish()
        await queue.run()
        let rows = try await pool.query("SELECT message FROM error_reports ORDER BY message")
        #expect(try rows.map { try $0.decode("message", as: String.self) } == ["error 1", "error 2"])
    }

    @Test("archive moves reports older than 30 days, rows and files; errorReports(archived: true) reads them")
    func archive() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "quarry_reports", poolSize: 3)
        defer { pool.shutdown() }
        let (queue, directory) = Self.queue(pool)
        let day: TimeInterval = 24 * 3600
        queue.reporter.report(ErrorReport(code: "INTERNAL_SERVER_ERROR", message: "old", at: Date() - 31 * day))
        queue.reporter.report(ErrorReport(code: "CRASH", message: "older", at: Date() - 45 * day))
        queue.reporter.report(ErrorReport(code: "INTERNAL_SERVER_ERROR", message: "recent", at: Date() - 29 * day))
        queue.finish()
        await queue.run()
        let before = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(before.count == 3)

        let moved = try await ErrorReportChanges.archive(database: pool, directory: directory)
        #expect(moved == 2)
        let live = try await pool.query("SELECT message, file_name FROM error_reports")
        #expect(try live.map { try $0.decode("message", as: String.self) } == ["recent"])
        let remaining = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".txt") }
        #expect(remaining == [try live[0].decode("file_name", as: String.self)])
        let archived = try FileManager.default.contentsOfDirectory(atPath: directory + "/archive").sorted()
        #expect(archived.count == 2 && archived.allSatisfy { before.contains($0) }, "\(archived)")
        #expect(try await ErrorReportChanges.archive(database: pool, directory: directory) == 0)
        await #expect(throws: (any Error).self) {
            try await ErrorReportChanges.archive(olderThanDays: 0, database: pool, directory: directory)
        }

        let h = try await TestService.start(database: pool)
        let admin = try await h.signUp("boss", role: .admin)
        let window: [String: Any] = ["from": "2000-01-01T00:00:00Z", "ar": true]
        let r = try await h.post(Self.reports, window, token: admin.token)
        #expect(Set(Self.nodes(r).compactMap { $0["message"] as? String }) == ["old", "older"], "\(r)")
        let crashes = try await h.post(Self.reports, window.merging(["c": "CRASH"]) { a, _ in a }, token: admin.token)
        #expect(Self.nodes(crashes).compactMap { $0["message"] as? String } == ["older"], "\(crashes)")
        // The default window is the last 7 days: the 29-day-old live report is outside it.
        #expect(Self.nodes(try await h.post(Self.reports, token: admin.token)).isEmpty)
    }

    @Test("errorReports pages newest first without repeats; from after to is BAD_USER_INPUT; USER is FORBIDDEN")
    func pagingAndAccess() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "quarry_reports", poolSize: 3)
        defer { pool.shutdown() }
        let (queue, _) = Self.queue(pool)
        for n in 0..<5 {
            queue.reporter.report(ErrorReport(code: "INTERNAL_SERVER_ERROR", message: "e\(n)", at: Date() - Double(n) * 60))
        }
        queue.finish()
        await queue.run()
        let h = try await TestService.start(database: pool)
        let admin = try await h.signUp("boss", role: .admin)
        let user = try await h.signUp("member")
        var seen: [String] = []
        var after: String?
        repeat {
            var variables: [String: Any] = ["f": 2]
            if let after { variables["a"] = after }
            let page = try await h.post(Self.reports, variables, token: admin.token)
            #expect(page.errors.isEmpty, "\(page)")
            seen += Self.nodes(page).compactMap { $0["message"] as? String }
            after = page["data.errorReports.pageInfo.hasNextPage"] as? Bool == true
                ? page.string("data.errorReports.pageInfo.endCursor") : nil
        } while after != nil
        #expect(seen == ["e0", "e1", "e2", "e3", "e4"])
        let backwards = try await h.post(
            Self.reports, ["from": "2026-01-02T00:00:00Z", "to": "2026-01-01T00:00:00Z"], token: admin.token
        )
        #expect(backwards.codes == ["BAD_USER_INPUT"])
        #expect(try await h.post(Self.reports, token: user.token).codes == ["FORBIDDEN"])
        #expect(try await h.post(Self.reports).codes == ["UNAUTHENTICATED"])
    }
}
