import Accounts
import AppCore
import Foundation
import Postgres

/// A subscription's source stream that ends as soon as its subscriber is no
/// longer signed in (API.md: blocking, logging out and password changes
/// revoke tokens "at once"): before each event is passed on, the token the
/// subscription was made with is looked up again (one statement per event),
/// and a token that no longer stands for the same user ends the stream with
/// `UNAUTHENTICATED` instead of showing the event.
package struct WhileSignedIn: AsyncSequence, Sendable {
    package typealias Element = any Sendable

    let events: AsyncThrowingStream<any Sendable, any Error>
    let token: String
    let userID: UUID
    let database: PostgresPool
    let lifetime: Duration

    package struct AsyncIterator: AsyncIteratorProtocol {
        var events: AsyncThrowingStream<any Sendable, any Error>.AsyncIterator
        let stream: WhileSignedIn

        package mutating func next() async throws -> (any Sendable)? {
            guard let event = try await events.next() else { return nil }
            let viewer = try await Sessions.viewer(forToken: stream.token, database: stream.database, lifetime: stream.lifetime)
            guard viewer?.userID == stream.userID else { throw AuthDirective.unauthenticated }
            return event
        }
    }

    package func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(events: events.makeAsyncIterator(), stream: self)
    }
}
