import CommonTestSupport
import Foundation
import Postgres
import TestDatabaseSupport

/// A PostgreSQL cluster of a test's own (scripts/test-pg-cluster.sh, run by with-test-postgres.sh), for tests that
/// stop and restart the server: the shared test server must stay up for parallel suites.
struct TestCluster {
    struct CommandFailed: Error, CustomStringConvertible {
        let description: String
    }

    let directory: String
    let port: Int
    let owner: String

    /// Creates and starts a new cluster on a free port.
    static func start() async throws -> TestCluster {
        // Inside the shared cluster's folder, so with-test-postgres.sh cleans it up even if the test crashes.
        guard let parent = ProcessInfo.processInfo.environment["QUARRY_TEST_PG_SOCKET_DIR"] else { throw TestDatabases.Missing() }
        let directory = "\(parent)/" + TestDatabases.uniqueName("restart")
        let owner = try await run(["owner"]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = Int(try await run(["port"]).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw CommandFailed(description: "no free port")
        }
        _ = try await run(["init", directory])
        let cluster = TestCluster(directory: directory, port: port, owner: owner)
        try await cluster.start()
        return cluster
    }

    var configuration: PostgresConfiguration {
        PostgresConfiguration(host: "127.0.0.1", port: port, user: owner, database: "postgres")
    }

    func start() async throws { _ = try await Self.run(["start", directory, String(port)]) }

    func stop() async throws { _ = try await Self.run(["stop", directory, "fast"]) }

    /// Stops the server if it runs and deletes its files.
    func destroy() async {
        _ = try? await Self.run(["stop", directory, "immediate"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Asks the controller loop of with-test-postgres.sh to run test-pg-cluster.sh and
    /// polls for its answer. The test process never forks: a child's exit (SIGCHLD) could
    /// interrupt blocking reads of other suites running at the same time.
    @discardableResult
    static func run(_ arguments: [String]) async throws -> String {
        guard let control = ProcessInfo.processInfo.environment["QUARRY_TEST_PG_CONTROL"] else {
            throw TestDatabases.Missing()
        }
        let reply = NSTemporaryDirectory() + TestDatabases.uniqueName("cluster-reply")
        defer { try? FileManager.default.removeItem(atPath: reply) }
        let line = ([reply] + arguments).joined(separator: " ") + "\n"
        try await withTimeout {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Opening a FIFO waits for its reader: not on a cooperative thread.
                DispatchQueue.global().async {
                    guard let handle = FileHandle(forWritingAtPath: control) else {
                        continuation.resume(throwing: CommandFailed(description: "cannot open \(control)"))
                        return
                    }
                    handle.write(Data(line.utf8))
                    try? handle.close()
                    continuation.resume()
                }
            }
        }
        let deadline = ContinuousClock.now + .seconds(120)
        while !FileManager.default.fileExists(atPath: reply) {
            guard ContinuousClock.now < deadline else {
                throw CommandFailed(description: "test-pg-cluster.sh \(arguments.joined(separator: " ")) did not answer")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let answer = (try? String(contentsOfFile: reply, encoding: .utf8)) ?? ""
        let status = answer.prefix { $0 != " " }
        let output = String(answer.dropFirst(status.count + 1))
        guard status == "0" else {
            throw CommandFailed(description: "test-pg-cluster.sh \(arguments.joined(separator: " ")) failed: \(output)")
        }
        return output
    }
}
