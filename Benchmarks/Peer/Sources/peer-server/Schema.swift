import Foundation
import Graphiti
import GraphQL
import PostgresNIO

/// What every resolver sees: the pool, the signed-in user if any, and the prefix of media URLs.
struct PeerContext: Sendable {
    let database: PostgresClient
    let viewer: Viewer?
    let publicURL: String

    /// A medium's absolute URL, as Quarry writes it (Sources/AppCore/Media/MediaRecord.swift).
    func mediaURL(_ id: UUID) -> String { publicURL + "/media/" + id.uuidString.lowercased() }
}

/// The arguments of a `first:`-only list (`friends`, `screenshots`).
struct FirstArguments: Codable, Sendable {
    let first: Int

    /// Graphiti's pagination of the rows read (one more than asked tells whether there is a next page).
    var pagination: ForwardPaginationArguments { ForwardPaginationArguments(first: first, after: nil) }
}

/// The root fields. Every field resolves on its own, as Graphiti does without a DataLoader: a friends list of 50
/// costs one statement for the friends, then one per friend for its screenshots and one for its last message.
struct PeerResolver: Sendable {
    func ping(context: PeerContext, arguments: NoArguments) -> String { "pong" }

    func serverTime(context: PeerContext, arguments: NoArguments) async throws -> String {
        let rows = try await context.database.query("SELECT now()")
        for try await now in rows.decode(Date.self) { return Timestamp.format(now) }
        throw GraphQLError(message: "SELECT now() returned no row")
    }

    func viewer(context: PeerContext, arguments: NoArguments) async throws -> User? {
        guard let viewer = context.viewer else { return nil }
        return try await User.find(viewer.userID, database: context.database)
    }
}

/// The schema (the names and shapes of Quarry's schema/*.graphql for the fields it serves) and its execution.
struct PeerAPI: Sendable {
    let schema: Schema<PeerResolver, PeerContext>
    let resolver = PeerResolver()

    init() {
        schema = try! Schema<PeerResolver, PeerContext> {
            Type(User.self) {
                Field("nickname", at: \.nickname)
                Field("avatarUrl", at: User.avatarUrl)
                Field("friends", at: User.friends) {
                    Argument("first", at: \.first)
                }
                Field("screenshots", at: User.screenshots) {
                    Argument("first", at: \.first)
                }
                Field("lastMessage", at: User.lastMessage)
            }
            ConnectionType(User.self)
            Type(Screenshot.self) {
                Field("imageUrl", at: Screenshot.imageUrl)
                Field("annotation", at: \.annotation)
                Field("createdAt", at: \.createdAt)
            }
            ConnectionType(Screenshot.self)
            Type(Message.self) {
                Field("text", at: \.text)
                Field("createdAt", at: \.createdAt)
            }
            Query {
                Field("ping", at: PeerResolver.ping)
                Field("serverTime", at: PeerResolver.serverTime)
                Field("viewer", at: PeerResolver.viewer)
            }
        }
    }

    func execute(_ request: GraphQLRequest, context: PeerContext) async throws -> GraphQLResult {
        try await schema.execute(
            request: request.query, resolver: resolver, context: context,
            variables: request.variables, operationName: request.operationName
        )
    }
}
