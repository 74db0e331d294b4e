import Accounts
import App
import AppCore
import Foundation
import Hummingbird

/// `GET /media/{id}` (API.md "Conventions", issue 5 "Media") and the emotion
/// challenge's pictures at `GET /emotions/{id}.svg`.
///
/// A medium's bytes never change (its ETag is their SHA-256), so public
/// media are cacheable for a year and `If-None-Match` answers 304. A
/// private medium (a selfie) is served only to its owner and ADMIN and
/// above, a friends' medium (a screenshot) also to the owner's friends, both
/// with `Cache-Control: private, max-age=31536000, immutable` and
/// `Vary: Authorization`: the bytes behind an id never change and access is
/// checked on every request, so the client's own cache keeps them for good
/// (a phone does not download a friend's screenshot again), while shared
/// caches (CDNs, proxies) keep none (RFC 9111 §5.2.2.7). Anyone else gets the
/// same 404 as for an id that does not exist, so ids reveal nothing. The
/// caller is resolved from the bearer token exactly as for GraphQL.
struct MediaRoutes {
    let service: GraphQLService
    let emotionsDirectory: String
    let fileIO = FileIO()

    static let publicCacheControl = "public, max-age=31536000, immutable"
    static let privateCacheControl = "private, max-age=31536000, immutable"

    func register(on router: Router<QuarryRequestContext>) {
        router.get("/media/:id") { request, context in try await media(request, context: context) }
        router.head("/media/:id") { request, context in try await media(request, context: context) }
        router.get("/emotions/:file") { request, context in try await emotion(request, context: context) }
    }

    private func media(_ request: Request, context: QuarryRequestContext) async throws -> Response {
        guard let text = context.parameters.get("id"), let id = UUID(uuidString: text),
              let media = try await MediaQueries.media(id: id, database: service.database)
        else { throw Self.notFound }
        if media.visibility != .public {
            let credential = RequestCredential(
                bearerToken: context.bearerToken, requestID: context.requestID, clientAddress: context.clientAddress,
                userAgent: request.headers.value(.userAgent)
            )
            let viewer = try await service.viewer(for: credential)
            guard try await MediaQueries.isVisible(media, to: viewer, database: service.database) else { throw Self.notFound }
        }
        let etag = "\"\(media.sha256)\""
        var headers: HTTPFields = [
            .eTag: etag,
            .cacheControl: media.visibility == .public ? Self.publicCacheControl : Self.privateCacheControl,
        ]
        if media.visibility != .public { headers[.vary] = "Authorization" }
        if let match = request.headers.value(.ifNoneMatch), Self.matches(match, etag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = media.contentType
        headers[.contentLength] = String(media.byteSize)
        headers[.xContentTypeOptions] = "nosniff"
        if request.method == .head { return Response(status: .ok, headers: headers) }
        guard let store = service.media?.store else { throw Self.notFound }
        let body = try await fileIO.loadFile(path: store.path(of: media.sha256), context: context)
        return Response(status: .ok, headers: headers, body: body)
    }

    /// An emotion challenge's picture, by the catalogue's ids only (no path ever comes from the URL).
    private func emotion(_ request: Request, context: QuarryRequestContext) async throws -> Response {
        guard let file = context.parameters.get("file"), file.hasSuffix(".svg"),
              let challenge = EmotionChallenge.named(String(file.dropLast(4)))
        else { throw Self.notFound }
        let body = try await fileIO.loadFile(path: emotionsDirectory + "/" + challenge.fileName, context: context)
        return Response(
            status: .ok,
            headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=86400", .xContentTypeOptions: "nosniff"],
            body: body
        )
    }

    /// `If-None-Match`: `*` or a list of entity tags (weak ones compare equal, RFC 9110 §13.1.2).
    static func matches(_ header: String, etag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }

    static let notFound = QuarryHTTPError(.notFound, code: "NOT_FOUND", message: "No such media.")
}
