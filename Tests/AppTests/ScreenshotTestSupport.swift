import Auth
@testable import AppCore
import Foundation
import Postgres
import QuarryTestSupport
import Testing

/// Screenshots as the app's screens ask for them, through ``TestService``: uploads and lists.
extension TestService {
    static let uploadMutation = """
        mutation($image: Upload!, $annotation: String) {
          uploadScreenshot(image: $image, annotation: $annotation) {
            id imageUrl width height annotation createdAt updatedAt owner { id }
          }
        }
        """

    /// Uploads `bytes` (a small PNG unless given) as `user`'s screenshot; returns the response.
    func upload(_ user: TestUser?, annotation: String? = nil, bytes: [UInt8]? = nil, filename: String = "shot.png") async throws -> Response {
        let file = try MediaTestImages.upload(try bytes ?? MediaTestImages.png(width: 8, height: 6), filename: filename)
        let variables: [String: Any] = annotation.map { ["annotation": $0] } ?? [:]
        return try await post(Self.uploadMutation, variables, files: ["image": file], token: user?.token)
    }

    /// Uploads a screenshot that must succeed; returns its global id.
    @discardableResult
    func uploaded(_ user: TestUser, annotation: String? = nil) async throws -> String {
        let response = try await upload(user, annotation: annotation)
        return try #require(response.string("data.uploadScreenshot.id"), "\(response)")
    }

    /// `owner`'s screenshots as `viewer` lists them (`node(id:)` reads the owner as the viewer sees them).
    func list(
        of owner: TestUser, as viewer: TestUser?, search: String? = nil, first: Int? = nil, after: String? = nil,
        fields: String = "id annotation"
    ) async throws -> Response {
        var variables: [String: Any] = ["owner": owner.globalID]
        if let search { variables["search"] = search }
        if let first { variables["first"] = first }
        if let after { variables["after"] = after }
        return try await post("""
            query($owner: ID!, $search: String, $first: Int, $after: String) {
              node(id: $owner) { ... on User { screenshots(search: $search, first: $first, after: $after) {
                edges { cursor node { \(fields) } } pageInfo { hasNextPage endCursor }
              } } }
            }
            """, variables, token: viewer?.token)
    }

    /// The annotations of `owner`'s screenshots as `viewer` lists them with `search`, in list order.
    func annotations(of owner: TestUser, as viewer: TestUser? = nil, search: String? = nil) async throws -> [String?] {
        let response = try await list(of: owner, as: viewer ?? owner, search: search, first: 100)
        let edges = try #require(response["data.node.screenshots.edges"] as? [[String: Any]], "\(response)")
        return edges.map { ($0["node"] as? [String: Any])?["annotation"] as? String }
    }

    func screenshotRows(owner: TestUser) async throws -> Int {
        try await pool.query("SELECT count(*) AS n FROM screenshots WHERE owner_id = \(owner.id)")[0].decode("n", as: Int.self)
    }
}
