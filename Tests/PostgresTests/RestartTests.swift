import CommonTestSupport
import Testing

@testable import Postgres

/// Stops and restarts a server of its own (never the shared test server, which other
/// suites use concurrently), so it is serialized and isolated.
@Suite("Recovery after a server restart", .serialized)
struct RestartTests {
    @Test func poolFailsFastWhileDownAndRecoversByItself() async throws {
        let cluster = try await TestCluster.start()
        var configuration = cluster.configuration
        configuration.poolSize = 3
        configuration.reconnectDelay = .milliseconds(50)
        configuration.maxReconnectDelay = .milliseconds(300)
        // Generous timeouts, so "fail fast" below is told apart from waiting them out
        // even when other suites keep the machine busy.
        configuration.connectTimeout = .seconds(60)
        configuration.poolWaitTimeout = .seconds(60)
        let pool = PostgresPool(configuration: configuration)
        let listener = PostgresListener(configuration: configuration)
        do {
            try await exercise(cluster: cluster, pool: pool, listener: listener)
        } catch {
            pool.shutdown()
            listener.shutdown()
            await cluster.destroy()
            throw error
        }
        pool.shutdown()
        listener.shutdown()
        await cluster.destroy()
    }

    private func exercise(cluster: TestCluster, pool: PostgresPool, listener: PostgresListener) async throws {
        // Warm every connection so the restart leaves stale ones behind in the pool.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<3 { group.addTask { _ = try await pool.query("SELECT pg_sleep(0.05)") } }
            try await group.waitForAll()
        }
        #expect(pool.metrics.idle == 3)
        let channel = "restart_events"
        let events = try await listener.notifications(channel: channel)

        try await cluster.stop()
        for _ in 0..<5 {
            let started = ContinuousClock.now
            let error = try await #require(throws: PostgresError.self) { try await pool.query("SELECT 1") }
            #expect(error.code == .databaseUnavailable)
            #expect(error.code.rawValue == "DATABASE_UNAVAILABLE")
            // Fail fast: not the pool's 60 s wait timeout (DATABASE_POOL_TIMEOUT) nor the
            // 60 s connect timeout. The bound is loose because other suites share the machine.
            #expect(started.duration(to: .now) < .seconds(45), "requests must fail fast while the server is down")
            #expect(!error.message.contains("timed out"))
        }
        try await cluster.start()
        var recovered = false
        let deadline = ContinuousClock.now + .seconds(60)
        while !recovered && ContinuousClock.now < deadline {
            if (try? await pool.query("SELECT 1")) != nil { recovered = true } else { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(recovered, "the pool must resume service by itself")
        for value in 1...10 {
            #expect(try await pool.query("SELECT \(value) AS v")[0].decode("v", as: Int.self) == value)
        }
        // The listener reconnects and LISTENs again; notifications sent while it was
        // reconnecting are lost, so keep notifying until one arrives.
        let notifier = Task {
            for attempt in 0..<150 {
                try? await pool.notify(channel: channel, payload: "after restart \(attempt)")
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        // First the listener's word that it LISTENs again (what was sent meanwhile is lost), then a NOTIFY.
        var resumed = 0
        var received = try await events.next()
        while received?.resumed == true {
            resumed += 1
            received = try await events.next()
        }
        notifier.cancel()
        #expect(resumed >= 1, "subscribers are told the connection came back")
        #expect(received?.payload.hasPrefix("after restart") == true)
    }
}
