import Foundation

#if canImport(Glibc)
import Glibc
#endif
import Postgres

/// A PostgreSQL cluster of a test's own (via scripts/test-pg-cluster.sh), for tests that
/// stop and restart the server: the shared test server must stay up for parallel suites.
struct TestCluster {
    struct CommandFailed: Error, CustomStringConvertible {
        let description: String
    }

    let directory: String
    let port: Int
    let owner: String

    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/test-pg-cluster.sh").path

    /// Creates and starts a new cluster on a free port.
    static func start() async throws -> TestCluster {
        guard ProcessInfo.processInfo.environment["QUARRY_TEST_PG_BIN"] != nil else { throw TestDatabase.Missing() }
        let directory = NSTemporaryDirectory() + TestDatabase.uniqueName("quarry-restart")
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

    /// Runs the cluster script with posix_spawn and waits for it with waitpid(2) on a
    /// dispatch thread, so no cooperative thread blocks while PostgreSQL starts or stops.
    @discardableResult
    static func run(_ arguments: [String]) async throws -> String {
        let outputPath = NSTemporaryDirectory() + TestDatabase.uniqueName("cluster-output")
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let command = ([script] + arguments).map { "'\($0)'" }.joined(separator: " ") + " >'\(outputPath)' 2>&1"
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                var pid: pid_t = 0
                let words: [String] = ["/bin/bash", "-c", command]
                let strings: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) }
                let argv = strings + [nil]
                defer { argv.forEach { free($0) } }
                let spawned = posix_spawn(&pid, "/bin/bash", nil, nil, argv, environ)
                guard spawned == 0 else {
                    continuation.resume(throwing: CommandFailed(description: "posix_spawn failed: \(spawned)"))
                    return
                }
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                continuation.resume(returning: status)
            }
        }
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard status == 0 else {
            throw CommandFailed(description: "test-pg-cluster.sh \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text
    }
}
