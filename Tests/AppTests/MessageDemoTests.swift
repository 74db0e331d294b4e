@testable import App
import Foundation
import QuarryTestSupport
import TestDatabaseSupport
import Testing

/// A fresh migrated database with `quarry seed-demo`'s data loaded twice (the
/// second load must change nothing), and the service over it.
struct DemoHarness {
    let harness: TestService

    static func make(prefix: String) async throws -> DemoHarness {
        let (_, pool) = try await TestDatabases.migrated(prefix: prefix)
        let services = testAccountServices()
        for _ in 0..<2 { _ = try await DemoData.load(database: pool, accounts: services) }
        return DemoHarness(harness: try await TestService.start(database: pool))
    }

    /// A token of the demo account `email`, logged in with the demo password.
    func token(_ email: String) async throws -> String {
        let login = try await harness.post(LogInTests.logIn, ["e": email, "p": DemoData.password])
        return try #require(login.string("data.logIn.token"), "\(login.json)")
    }

    func shutdown() { harness.pool.shutdown() }
}

/// `quarry seed-demo`'s messages: alice and bob's conversation, once.
@Suite("Messages: demo data")
struct MessageDemoTests {
    @Test("alice sees her conversation with bob in ascending order, and as bob's last message; loading twice adds nothing")
    func demoConversation() async throws {
        let demo = try await DemoHarness.make(prefix: "quarry_demo_messages")
        defer { demo.shutdown() }
        let h = demo.harness
        let token = try await demo.token("alice@demo.quarry.dev")
        let friends = try await h.post(
            "{ viewer { friends { edges { node { id nickname lastMessage { text } } } } } }", token: token
        )
        let edges = friends["data.viewer.friends.edges"] as? [[String: Any]] ?? []
        let bob = try #require(edges.compactMap { $0["node"] as? [String: Any] }.first { $0["nickname"] as? String == "bob_cooks" })
        #expect((bob["lastMessage"] as? [String: Any])?["text"] as? String == DemoMessages.conversation.last?.text)
        let conversation = try await h.post(
            "query($u: ID!) { conversation(withUserId: $u) { edges { node { text sender { nickname } } } } }",
            ["u": try #require(bob["id"] as? String)], token: token
        )
        let nodes = (conversation["data.conversation.edges"] as? [[String: Any]] ?? []).compactMap { $0["node"] as? [String: Any] }
        #expect(nodes.compactMap { $0["text"] as? String } == DemoMessages.conversation.map(\.text))
        #expect(nodes.compactMap { ($0["sender"] as? [String: Any])?["nickname"] as? String }
            == DemoMessages.conversation.map { $0.fromAlice ? "alice" : "bob_cooks" })
    }
}
