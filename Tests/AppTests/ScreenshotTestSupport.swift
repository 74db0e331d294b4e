@testable import AppCore
import Auth
import Foundation
import GraphQLExecution
import GraphQLType
import Logging
import Postgres
import QuarryTestSupport
import Testing

/// Screenshots through Quarry's real GraphQL service (schema, resolvers, `@auth`, media store) over the shared
/// test database: users, friendships, uploads and lists as the app's screens ask for them.
struct ScreenshotHarness {
    let media: MediaHarness
    var pool: PostgresPool { media.pool }

    static func make(
        maxScreenshotBytes: Int = MediaServices.defaultMaxUploadBytes, maxImagePixels: Int = MediaServices.defaultMaxImagePixels
    ) async throws -> ScreenshotHarness {
        ScreenshotHarness(media: try await MediaHarness.make(maxScreenshotBytes: maxScreenshotBytes, maxImagePixels: maxImagePixels))
    }

    /// A signed-in user: id, token and global id.
    struct User {
        let id: UUID
        let token: String
        var globalID: String { GlobalID(typeName: "User", id: id).text }
    }

    func user(role: Role = .user) async throws -> User {
        let made = try await TestUsers.create(role: role, label: "shots", pool: pool)
        return User(id: made.id, token: made.token)
    }

    /// Makes `a` and `b` friends (both rows of db/migrations/0004_friends.sql).
    func befriend(_ a: User, _ b: User) async throws {
        _ = try await pool.execute("INSERT INTO friendships (user_id, friend_id) VALUES (\(a.id), \(b.id)), (\(b.id), \(a.id))")
    }

    static let uploadMutation = """
        mutation($image: Upload!, $annotation: String) {
          uploadScreenshot(image: $image, annotation: $annotation) {
            id imageUrl width height annotation createdAt updatedAt owner { id }
          }
        }
        """

    /// Uploads `bytes` (a small PNG unless given) as `user`'s screenshot; returns the response.
    func upload(_ user: User?, annotation: String? = nil, bytes: [UInt8]? = nil, filename: String = "shot.png") async throws -> [String: Any] {
        let file = try MediaTestImages.upload(try bytes ?? MediaTestImages.png(width: 8, height: 6), filename: filename)
        let variables: GraphQLObjectValue = annotation.map { ["annotation": .string($0)] } ?? [:]
        return try await media.run(Self.uploadMutation, variables, files: ["image": file], token: user?.token)
    }

    /// Uploads a screenshot that must succeed; returns its global id.
    @discardableResult
    func uploaded(_ user: User, annotation: String? = nil) async throws -> String {
        let response = try await upload(user, annotation: annotation)
        return try #require(response.data("uploadScreenshot.id") as? String, "\(response)")
    }

    /// `owner`'s screenshots as `viewer` lists them (`node(id:)` reads the owner as the viewer sees them).
    func list(
        of owner: User, as viewer: User?, search: String? = nil, first: Int? = nil, after: String? = nil,
        fields: String = "id annotation"
    ) async throws -> [String: Any] {
        var variables: GraphQLObjectValue = ["owner": .string(owner.globalID)]
        if let search { variables["search"] = .string(search) }
        if let first { variables["first"] = .int(first) }
        if let after { variables["after"] = .string(after) }
        return try await media.run("""
            query($owner: ID!, $search: String, $first: Int, $after: String) {
              node(id: $owner) { ... on User { screenshots(search: $search, first: $first, after: $after) {
                edges { cursor node { \(fields) } } pageInfo { hasNextPage endCursor }
              } } }
            }
            """, variables, token: viewer?.token)
    }

    /// The annotations of `owner`'s screenshots as `viewer` lists them with `search`, in list order.
    func annotations(of owner: User, as viewer: User? = nil, search: String? = nil) async throws -> [String?] {
        let response = try await list(of: owner, as: viewer ?? owner, search: search, first: 100)
        let edges = try #require(response.data("node.screenshots.edges") as? [[String: Any]], "\(response)")
        return edges.map { ($0["node"] as? [String: Any])?["annotation"] as? String }
    }

    func screenshotRows(owner: User) async throws -> Int {
        try await pool.query("SELECT count(*) AS n FROM screenshots WHERE owner_id = \(owner.id)")[0].decode("n", as: Int.self)
    }

    /// Runs `query` and returns the response and the SQL statements it cost.
    func counting(_ query: String, token: String?) async throws -> (json: [String: Any], statements: Int) {
        let prepared = try media.service.prepare(query: query, operationName: nil).get()
        let result = await media.service.execute(
            prepared, variables: [:],
            credential: RequestCredential(bearerToken: token, requestID: "test", clientAddress: nil, userAgent: nil),
            logger: Logger(label: "quarry.test")
        )
        let json = try JSONSerialization.jsonObject(with: Data(result.body)) as? [String: Any] ?? [:]
        return (json, result.sqlStatements)
    }
}

extension Dictionary where Key == String, Value == Any {
    /// `errors[*].message`.
    var errorMessages: [String] {
        (self["errors"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
    }

    /// `extensions.fields` of the first error, as `field: message`.
    var errorFields: [String: String] {
        let first = (self["errors"] as? [[String: Any]])?.first
        let fields = (first?["extensions"] as? [String: Any])?["fields"] as? [[String: String]] ?? []
        return [String: String](fields.map { ($0["field"] ?? "", $0["message"] ?? "") }) { a, _ in a }
    }
}
