import App
import AppCore
import Feed
import Foundation
import Hummingbird

/// The seed's REST payload contract (issue 14 "The REST contract"):
/// `GET /feed` and `GET /image/{id}/comments`, answered from the same reads
/// as the `feed` and `imageComments` fields (``FeedQueries``), for the same
/// caller (the bearer token is optional, resolved exactly as for GraphQL).
///
/// Both answers carry a strong `ETag` (the SHA-256 of the body) and honour
/// `If-None-Match` with `304`; `Cache-Control: private, max-age=0,
/// must-revalidate` makes the client revalidate every time (so an unchanged
/// feed costs a 304, not a body), and `Vary: Authorization` keeps one
/// caller's feed from answering another's request in any cache (RFC 9111
/// §4.1). The images themselves are `GET /media/{id}`, cacheable for good.
struct FeedRoutes {
    let service: GraphQLService

    /// `GET /feed`'s page size when `limit` is absent, and the largest it may ask for.
    static let defaultLimit = 50
    static let maximumLimit = 200
    static let cacheControl = "private, max-age=0, must-revalidate"

    func register(on router: Router<QuarryRequestContext>) {
        router.get("/feed") { request, context in try await feed(request, context: context) }
        router.get("/image/:id/comments") { request, context in try await comments(request, context: context) }
    }

    private func feed(_ request: Request, context: QuarryRequestContext) async throws -> Response {
        let viewer = try await service.viewer(for: credential(request, context))
        let parameters = request.uri.queryParameters
        var limit = Self.defaultLimit
        if let text = parameters.get("limit") {
            guard let value = Int(text), (1...Self.maximumLimit).contains(value) else {
                throw Self.badRequest("limit must be a whole number from 1 to \(Self.maximumLimit).")
            }
            limit = value
        }
        var after: Cursor?
        if let text = parameters.get("after_id") {
            guard let id = UUID(uuidString: text) else { throw Self.badRequest("after_id must be a UUID.") }
            guard let cursor = try await FeedQueries.cursor(of: id, inFeedOf: viewer, database: service.database) else {
                throw Self.badRequest("after_id names no image of this feed.")
            }
            after = cursor
        }
        let page = PageRequest(order: .newestFirst, size: limit, after: after)
        let images = try await FeedQueries.feed(for: viewer, page: page, database: service.database)
        return Self.cached(FeedPayload.feed(images.nodes, publicURL: service.accounts.settings.publicURL), request: request)
    }

    private func comments(_ request: Request, context: QuarryRequestContext) async throws -> Response {
        guard let id = context.parameters.get("id").flatMap(UUID.init(uuidString:)) else {
            throw Self.badRequest("The image id must be a UUID.")
        }
        let viewer = try await service.viewer(for: credential(request, context))
        let page = PageRequest(order: .newestFirst, size: PageRequest.maximumSize)
        guard let comments = try await FeedQueries.comments(ofImage: id, seenBy: viewer, page: page, database: service.database) else {
            throw QuarryHTTPError(.notFound, code: "NOT_FOUND", message: FeedInput.imageNotFound.message)
        }
        return Self.cached(FeedPayload.comments(comments.nodes), request: request)
    }

    private func credential(_ request: Request, _ context: QuarryRequestContext) -> RequestCredential {
        RequestCredential(
            bearerToken: context.bearerToken, requestID: context.requestID, clientAddress: context.clientAddress,
            userAgent: request.headers.value(.userAgent)
        )
    }

    /// `body` with its validators, or `304` when the client's copy is current.
    private static func cached(_ body: String, request: Request) -> Response {
        let etag = "\"" + DocumentHash.sha256(body) + "\""
        var headers: HTTPFields = [.eTag: etag, .cacheControl: cacheControl, .vary: "Authorization"]
        if let match = request.headers.value(.ifNoneMatch), MediaRoutes.matches(match, etag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    private static func badRequest(_ message: String) -> QuarryHTTPError {
        QuarryHTTPError(.badRequest, code: "BAD_REQUEST", message: message)
    }
}
