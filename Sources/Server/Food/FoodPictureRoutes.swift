import App
import AppCore
import Food
import Foundation
import Hummingbird
import NIOCore

/// `GET /food-pictures/{id}.png`: the food suggestion tool's pictures
/// (`FoodSuggestion.pictureUrl`), drawn from the catalogue's colour for the
/// food (``FoodPicture``). Public, like the catalogue: a picture names a dish,
/// nothing about a user. The ETag names the drawing and the colour, so a
/// revalidation (`If-None-Match`) is answered 304 without drawing; clients and
/// shared caches keep a picture for a week.
struct FoodPictureRoutes {
    let service: GraphQLService

    static let cacheControl = "public, max-age=604800"

    func register(on router: Router<QuarryRequestContext>) {
        router.get("/food-pictures/:file") { request, context in try await picture(request, context: context) }
        router.head("/food-pictures/:file") { request, context in try await picture(request, context: context) }
    }

    private func picture(_ request: Request, context: QuarryRequestContext) async throws -> Response {
        guard let file = context.parameters.get("file"), file.hasSuffix(".png"), let id = UUID(uuidString: String(file.dropLast(4))),
              let colour = try await FoodQueries.pictureColour(of: id, database: service.database),
              let picture = FoodPicture(colour: colour)
        else { throw Self.notFound }
        var headers: HTTPFields = [.eTag: picture.etag, .cacheControl: Self.cacheControl]
        if let match = request.headers.value(.ifNoneMatch), MediaRoutes.matches(match, etag: picture.etag) {
            return Response(status: .notModified, headers: headers)
        }
        let png = try await Offload.run { try picture.png() }
        headers[.contentType] = "image/png"
        headers[.contentLength] = String(png.count)
        headers[.xContentTypeOptions] = "nosniff"
        if request.method == .head { return Response(status: .ok, headers: headers) }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: png)))
    }

    static let notFound = QuarryHTTPError(.notFound, code: "NOT_FOUND", message: "No such food picture.")
}
