// The ceiling of issue 17: Hummingbird 2 answering POST /graphql with a fixed body, no GraphQL, no SQL.
// PEER_HOST / PEER_PORT give the listen address (default 127.0.0.1:8090).
import Hummingbird

@main
struct BareHandler {
    static func main() async throws {
        let env = Environment()
        let host = env.get("PEER_HOST") ?? "127.0.0.1"
        let port = env.get("PEER_PORT").flatMap(Int.init) ?? 8090
        let body = ByteBuffer(string: #"{"data":{"ping":"pong"}}"#)
        let router = Router()
        router.post("/graphql") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: body))
        }
        let app = Application(router: router, configuration: .init(address: .hostname(host, port: port)))
        try await app.runService()
    }
}
