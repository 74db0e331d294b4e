import AsyncHTTPClient
import CommonTestSupport
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization
import Testing

@testable import Server

/// The order in which things happened, across tasks.
private final class EventLog: Sendable {
    private let events = Mutex<[String]>([])
    func append(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
}

/// A service standing in for the database pool: records the moment graceful
/// shutdown reaches it.
private struct ShutdownRecorder: Service {
    let events: EventLog
    func run() async throws {
        try? await gracefulShutdown()
        events.append("services stopped")
    }
}

@Suite("Real sockets: serving and graceful shutdown")
struct GracefulShutdownTests {
    @Test("over a real socket: healthz, request id, and SIGTERM-style shutdown drains in-flight requests before the services stop")
    func drainsInFlightRequests() async throws {
        let (configuration, components) = try await makeComponents()
        let events = EventLog()
        let router = buildRouter(configuration: configuration, components: components)
        let (handling, handlingContinuation) = AsyncStream.makeStream(of: Void.self)
        router.get("/slow") { _, _ in
            handlingContinuation.yield()
            try await Task.sleep(for: .milliseconds(600))
            events.append("slow request finished")
            return "done"
        }
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = buildApplication(
            configuration: configuration, components: components, router: router,
            services: [ShutdownRecorder(events: events)], logger: Logger(label: "quarry.test"),
            onServerRunning: { portContinuation.yield($0) }
        )
        let group = ServiceGroup(services: [app], logger: Logger(label: "quarry.test"))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            let port = try #require(try await ports.next())
            #expect(port > 0)

            let health = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: "http://127.0.0.1:\(port)/healthz"), timeout: .seconds(5)
            )
            #expect(health.status == .ok)
            #expect(health.headers.first(name: "X-Request-Id")?.count == 32)

            async let slow = HTTPClient.shared.execute(
                HTTPClientRequest(url: "http://127.0.0.1:\(port)/slow"), timeout: .seconds(10)
            )
            // Shut down while the request is in its handler: in flight, not yet answered.
            _ = try await handling.next()
            await group.triggerGracefulShutdown()
            let response = try await slow
            #expect(response.status == .ok)
            #expect(String(buffer: try await response.body.collect(upTo: 1024)) == "done")
            try await tasks.waitForAll()
        }
        #expect(events.all == ["slow request finished", "services stopped"])
    }
}
