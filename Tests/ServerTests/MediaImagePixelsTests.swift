import Foundation
import HummingbirdTesting
import Testing

@testable import Server

/// `QUARRY_IMAGE_MAX_PIXELS` from the environment to the upload mutations over HTTP (issue 18 "Hardening").
@Suite("Media: the image pixel limit")
struct MediaImagePixelsTests {
    @Test("QUARRY_IMAGE_MAX_PIXELS holds for screenshots and avatars alike: over it IMAGE_TOO_LARGE, at it stored")
    func limitFromEnvironment() async throws {
        // 32 × 32 pixels instead of the shipped 40 megapixels, so the images at and over the limit stay tiny.
        let server = try await TestServer.start(environment: ["QUARRY_IMAGE_MAX_PIXELS": "1024"])
        #expect(server.configuration.media.maxImagePixels == 1_024)
        let user = try await server.user()
        let over = try ServerTestImages.png(width: 32, height: 33), exact = try ServerTestImages.png(width: 32, height: 32)
        try await server.application.test(.router) { client in
            for (query, file, code) in [
                ("mutation($i: Upload!) { uploadScreenshot(image: $i) { id } }", over, "IMAGE_TOO_LARGE"),
                ("mutation($i: Upload!) { updateAvatar(image: $i) { id } }", over, "IMAGE_TOO_LARGE"),
                ("mutation($i: Upload!) { uploadScreenshot(image: $i) { id } }", exact, nil),
            ] as [(String, [UInt8], String?)] {
                let body = MultipartBody.single(query: query, variables: #"{"i":null}"#, variable: "i", file: file)
                try await MediaRoutesScreenshotTests.post(client, body, token: user.token) { response in
                    #expect(response.graphQL.codes == (code.map { [$0] } ?? []), "\(response.graphQL.json)")
                }
            }
        }
        #expect(try await server.mediaRows(owner: user.id) == 1)
        #expect(server.storedFiles().count == 1)
    }
}
