import CommonTestSupport
import TestDatabaseSupport
import Testing

@testable import Postgres

@Suite("LISTEN/NOTIFY")
struct ListenNotifyTests {
    @Test func notificationsArriveOnTheirChannel() async throws {
        let configuration = try TestDatabases.configuration()
        let pool = PostgresPool(configuration: configuration)
        let listener = PostgresListener(configuration: configuration)
        defer {
            pool.shutdown()
            listener.shutdown()
        }
        let channel = TestDatabases.uniqueName("Feed Channel")
        let other = TestDatabases.uniqueName("other")
        let events = try await listener.notifications(channel: channel)
        let otherEvents = try await listener.notifications(channel: other)
        try await pool.notify(channel: channel, payload: "first 'quoted' payload")
        try await pool.notify(channel: other, payload: "elsewhere")
        try await pool.notify(channel: channel, payload: "second")
        var received: [String] = []
        while received.count < 2, let event = try await events.next() {
            #expect(event.channel == channel)
            received.append(event.payload)
        }
        #expect(received == ["first 'quoted' payload", "second"])
        #expect(try await otherEvents.next()?.payload == "elsewhere")
    }

    @Test func notificationsInsideATransactionArriveOnCommitOnly() async throws {
        let configuration = try TestDatabases.configuration()
        let pool = PostgresPool(configuration: configuration)
        let listener = PostgresListener(configuration: configuration)
        defer {
            pool.shutdown()
            listener.shutdown()
        }
        let channel = TestDatabases.uniqueName("tx")
        let events = try await listener.notifications(channel: channel)
        struct Abort: Error {}
        await #expect(throws: Abort.self) {
            try await pool.withTransaction { tx in
                _ = try await tx.execute("SELECT pg_notify(\(channel), \("rolled back"))")
                throw Abort()
            }
        }
        try await pool.withTransaction { tx in
            _ = try await tx.execute("SELECT pg_notify(\(channel), \("committed"))")
        }
        #expect(try await events.next()?.payload == "committed")
    }

    @Test func shutdownEndsTheStreams() async throws {
        let listener = PostgresListener(configuration: try TestDatabases.configuration())
        let events = try await listener.notifications(channel: TestDatabases.uniqueName("end"))
        listener.shutdown()
        #expect(try await events.next() == nil)
    }
}
