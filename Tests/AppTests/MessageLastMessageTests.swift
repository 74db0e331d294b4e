import Foundation
import Postgres
import QuarryTestSupport
@testable import ScreenCache
import Testing

/// `User.lastMessage`: the last message the viewer exchanged with a user,
/// loaded for a whole level of users with one statement.
@Suite("Messages: last message per user")
struct MessageLastMessageTests {
    @Test("the last message either way; null without one, and on the viewer themself")
    func lastMessage() async throws {
        let people = try await TestService.start()
        let alice = try await people.signUp("msg")
        let bob = try await people.signUp("msg")
        let carol = try await people.signUp("msg")
        try await people.befriend(alice.id, bob.id)
        try await people.befriend(alice.id, carol.id)
        try await people.send("hi bob", from: alice.token, to: bob.globalID)
        try await people.send("hi alice", from: bob.token, to: alice.globalID)
        let query = """
            query($b: ID!, $c: ID!, $a: ID!) {
              b: node(id: $b) { ... on User { lastMessage { text sender { id } } } }
              c: node(id: $c) { ... on User { lastMessage { text } } }
              a: node(id: $a) { ... on User { lastMessage { text } } }
            }
            """
        let response = try await people.post(query, ["b": bob.globalID, "c": carol.globalID, "a": alice.globalID], token: alice.token)
        #expect(response.errors.isEmpty, "\(response.json)")
        #expect(response.string("data.b.lastMessage.text") == "hi alice")
        #expect(response.string("data.b.lastMessage.sender.id") == bob.globalID)
        #expect(response["data.c.lastMessage"] is NSNull)
        #expect(response["data.a.lastMessage"] is NSNull)
        // Bob sees the same conversation's last message; Carol has none with Bob.
        let bobsView = try await people.post(query, ["b": alice.globalID, "c": carol.globalID, "a": bob.globalID], token: bob.token)
        #expect(bobsView.string("data.b.lastMessage.text") == "hi alice")
        #expect(bobsView["data.c.lastMessage"] is NSNull)
    }

    @Test("the last messages of 2 and of 8 users are one statement either way (the loader's batch)")
    func batched() async throws {
        let people = try await TestService.start()
        let viewer = try await people.signUp("msg")
        var friends: [UUID] = []
        for n in 0..<8 {
            let friend = try await people.signUp("msg")
            try await people.befriend(viewer.id, friend.id)
            try await people.send("hello \(n)", from: friend.token, to: viewer.globalID)
            try await people.send("bye \(n)", from: viewer.token, to: friend.globalID)
            friends.append(friend.id)
        }
        let stranger = try await people.signUp("msg")
        for count in [2, 8] {
            let others = Array(friends.prefix(count)) + [stranger.id]
            let (last, statements) = try await StatementCounter.counting {
                try await MessageQueries.lastMessages(of: viewer.id, with: others, database: people.pool)
            }
            #expect(statements == 1)
            #expect(last.count == count)
            #expect(last[friends[count - 1]]?.text == "bye \(count - 1)")
            #expect(last[stranger.id] == nil)
        }
    }
}
