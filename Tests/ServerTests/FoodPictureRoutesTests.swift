import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import QuarryTestSupport
import Testing

@testable import Server

/// `GET /food-pictures/{id}.png` (issue 16, `FoodSuggestion.pictureUrl`): the URL a suggestion names answers a PNG a
/// phone can show, publicly cacheable, revalidated with its ETag; anything else is 404.
@Suite("Food suggestions: the pictures' route")
struct FoodPictureRoutesTests {
    @Test("a suggestion's pictureUrl is a 320 × 320 PNG with an ETag; If-None-Match answers 304; unknown names are 404")
    func picture() async throws {
        let server = try await TestServer.start()
        let user = try await server.user()
        let r = try await server.service.post("{ foodSuggestions { pictureUrl } }", token: user.token)
        let url = try #require(r.string("data.foodSuggestions.0.pictureUrl"), "\(r)")
        #expect(url.hasPrefix(TestService.publicURL + "/food-pictures/") && url.hasSuffix(".png"), "\(url)")
        let path = String(url.dropFirst(TestService.publicURL.count))
        try await server.application.test(.router) { client in
            var etag = ""
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/png")
                #expect(response.headers[.cacheControl] == "public, max-age=604800")
                etag = response.headers[.eTag] ?? ""
                let bytes = Array(response.body.readableBytesView)
                #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
                #expect(bytes[16..<24].map { $0 } == [0, 0, 1, 64, 0, 0, 1, 64], "320 × 320")
            }
            #expect(etag.hasPrefix("\"food-"), "\(etag)")
            try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: etag]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
            for bad in ["/food-pictures/\(UUID().uuidString.lowercased()).png", "/food-pictures/x.png", String(path.dropLast(4)) + ".svg"] {
                try await client.execute(uri: bad, method: .get) { response in #expect(response.status == .notFound, "\(bad)") }
            }
        }
    }
}
