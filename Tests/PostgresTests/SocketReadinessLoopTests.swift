import Foundation
import TestDatabaseSupport
import Testing

@testable import Postgres

#if canImport(Glibc)
import Glibc
#endif

/// The one epoll thread that every connection's waits go through (`SocketReadinessLoop`),
/// on plain socket pairs (no database), and a connection's operations kept one at a time
/// across those waits (`AsyncSerialLock`).
@Suite("Socket readiness loop")
struct SocketReadinessLoopTests {
    /// A connected pair of Unix stream sockets, closed by `close()`.
    struct Pair {
        let ends: [Int32]

        init() throws {
            var fds: [Int32] = [0, 0]
            try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
            ends = fds
        }

        func send() { _ = Glibc.write(ends[1], "x", 1) }
        func close() { ends.forEach { _ = Glibc.close($0) } }
    }

    @Test func aReadableSocketResumesItsWaiter() async throws {
        let pair = try Pair()
        defer { pair.close() }
        let loop = SocketReadinessLoop.shared
        let waiting = Task { await loop.wait(socket: pair.ends[0], read: true, write: false, deadline: .now + .seconds(20)) }
        try await Task.sleep(for: .milliseconds(50))
        pair.send()
        #expect(await waiting.value == .ready)
        // Data that arrived before the wait is reported at once (level-triggered).
        #expect(await loop.wait(socket: pair.ends[0], read: true, write: false, deadline: .now + .seconds(20)) == .ready)
        // A writable socket is ready for a write wait.
        #expect(await loop.wait(socket: pair.ends[1], read: false, write: true, deadline: .now + .seconds(20)) == .ready)
    }

    @Test func aWaitEndsAtItsDeadline() async throws {
        let pair = try Pair()
        defer { pair.close() }
        let started = ContinuousClock.now
        // Shorter than the loop's longest sleep, so the loop must be woken early for it.
        let outcome = await SocketReadinessLoop.shared.wait(
            socket: pair.ends[0], read: true, write: false, deadline: .now + .milliseconds(60)
        )
        let waited = started.duration(to: .now)
        #expect(outcome == .timedOut)
        // The upper bound is loose: the task resumes on the cooperative pool, which a loaded
        // parallel test run can keep busy for seconds.
        #expect(waited >= .milliseconds(55) && waited < .seconds(60))
    }

    @Test func manySocketsReadyAtOnceEachResumeTheirOwnWaiter() async throws {
        let pairs = try (0..<200).map { _ in try Pair() }
        defer { pairs.forEach { $0.close() } }
        let outcomes = await withTaskGroup(of: (Int, SocketReadinessLoop.Readiness).self) { group in
            for (index, pair) in pairs.enumerated() {
                group.addTask {
                    (index, await SocketReadinessLoop.shared.wait(socket: pair.ends[0], read: true, write: false, deadline: .now + .seconds(20)))
                }
            }
            try? await Task.sleep(for: .milliseconds(100))
            // Only the even sockets become readable; the odd ones must not be resumed by them.
            for pair in pairs.enumerated() where pair.offset.isMultiple(of: 2) { pair.element.send() }
            try? await Task.sleep(for: .milliseconds(300))
            for pair in pairs.enumerated() where !pair.offset.isMultiple(of: 2) { pair.element.send() }
            var outcomes: [Int: SocketReadinessLoop.Readiness] = [:]
            for await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes
        }
        #expect(outcomes.count == 200)
        #expect(outcomes.values.allSatisfy { $0 == .ready })
    }

    @Test func concurrentStatementsOnOneConnectionRunOneAtATime() async throws {
        let connection = try await PostgresConnection.connect(configuration: TestDatabases.configuration())
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for value in 0..<50 {
                group.addTask { try await connection.query("SELECT \(value) + 0 AS value, pg_sleep(0.001)")[0].decode("value", as: Int.self) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values.sorted() == Array(0..<50))
        #expect(connection.isUsable)
        await connection.close()
        #expect(!connection.isUsable)
    }
}
