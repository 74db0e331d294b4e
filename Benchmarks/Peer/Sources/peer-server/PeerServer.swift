// The peer of issue 17: the GraphQL server a Swift team would write instead of Quarry — Graphiti's schema DSL over
// GraphQLSwift, served by Hummingbird 2, reading PostgreSQL through a PostgresNIO `PostgresClient` pool. It answers
// `{ ping }`, `{ serverTime }` and the friends query of Benchmarks/http/friends.lua over Quarry's own tables, so
// Benchmarks/http/measure-peer.sh can measure both side by side.
//
// Settings: PEER_HOST / PEER_PORT (listen address, default 127.0.0.1:8091), PEER_DATABASE_URL
// (postgresql://user[:password]@host:port/database, no TLS), PEER_POOL_SIZE (connections, default 10, as Quarry's
// QUARRY_DATABASE_POOL_SIZE), PEER_PUBLIC_URL (the prefix of media URLs, as Quarry's QUARRY_PUBLIC_URL).
import Foundation
import GraphQL
import Hummingbird
import PostgresNIO

@main
struct PeerServer {
    static func main() async throws {
        let env = Environment()
        let host = env.get("PEER_HOST") ?? "127.0.0.1"
        let port = env.get("PEER_PORT").flatMap(Int.init) ?? 8091
        guard let databaseURL = env.get("PEER_DATABASE_URL").flatMap(URL.init(string:)), let databaseHost = databaseURL.host else {
            fatalError("PEER_DATABASE_URL must be set, as postgresql://user@host:port/database")
        }
        var database = PostgresClient.Configuration(
            host: databaseHost, port: databaseURL.port ?? 5432, username: databaseURL.user ?? "postgres",
            password: databaseURL.password, database: String(databaseURL.path.dropFirst()), tls: .disable
        )
        database.options.maximumConnections = env.get("PEER_POOL_SIZE").flatMap(Int.init) ?? 10
        let client = PostgresClient(configuration: database)
        let publicURL = env.get("PEER_PUBLIC_URL") ?? "http://\(host):\(port)"
        let api = PeerAPI()

        let router = Router()
        router.post("/graphql") { request, context -> Response in
            let query = try await request.decode(as: GraphQLRequest.self, context: context)
            var viewer: Viewer?
            if let token = request.headers[.authorization].flatMap(bearerToken) {
                viewer = try await Viewer.lookup(token: token, client: client)
            }
            let result = try await api.execute(query, context: PeerContext(database: client, viewer: viewer, publicURL: publicURL))
            let body = ByteBuffer(bytes: try JSONEncoder().encode(result))
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: body))
        }
        let app = Application(router: router, configuration: .init(address: .hostname(host, port: port)), services: [client])
        try await app.runService()
    }
}

/// The token of an `Authorization: Bearer …` header, as Quarry reads it.
func bearerToken(_ header: String) -> String? {
    header.lowercased().hasPrefix("bearer ") ? String(header.dropFirst(7)) : nil
}
