import Foundation
import GraphQLLanguage
import Testing

@testable import AppCore

/// Image bombs at the inspector every upload goes through (issue 18 "Hardening"): refused from the header or
/// the metadata, before a pixel is decoded. Timings on the 2-core CI machine are in the commit that added them;
/// no test asserts a duration, since a busy machine would make that flaky: instead a bomb whose pixel data is
/// cut short shows the order (decoding it would fail with INVALID_IMAGE after 1.5 s; it is IMAGE_TOO_LARGE).
@Suite("Media: image bombs at inspection")
struct ImageBombTests {
    private func inspect(_ bytes: [UInt8], maxPixels: Int = MediaServices.defaultMaxImagePixels) async throws -> InspectedImage {
        try await ImageInspector.inspect(
            try MediaTestImages.upload(bytes, filename: "bomb.png"), argument: "image",
            maxBytes: MediaServices.defaultMaxUploadBytes, maxPixels: maxPixels
        )
    }

    private func refusal(_ bytes: [UInt8]) async -> GraphQLError? {
        do {
            _ = try await inspect(bytes)
            return nil
        } catch {
            return error as? GraphQLError
        }
    }

    @Test("the hand-made deflate stream is valid: a 300 × 200 PNG of zeros decodes whole")
    func generatorIsValid() async throws {
        let image = try await inspect(ImageBombs.zeroPNG(width: 300, height: 200))
        #expect(image.width == 300 && image.height == 200)
    }

    @Test("a 30,000 × 30,000 PNG of zeros (872 KB) is IMAGE_TOO_LARGE naming the limit")
    func hugePNG() async throws {
        let bomb = ImageBombs.zeroPNG(width: 30_000, height: 30_000)
        #expect(bomb.count < 900_000)
        let refused = await refusal(bomb)
        #expect(refused?.extensions["code"] == .string("IMAGE_TOO_LARGE"))
        #expect(refused?.message == "The image is 30000 × 30000 pixels; at most 40 megapixels are accepted.")
    }

    @Test("the pixels are never decoded: a 30,000 × 30,000 PNG whose pixel data stops halfway is IMAGE_TOO_LARGE")
    func pixelsNeverDecoded() async throws {
        let bomb = ImageBombs.zeroPNG(width: 30_000, height: 30_000, pixelDataBytes: 436_000)
        #expect(await refusal(bomb)?.extensions["code"] == .string("IMAGE_TOO_LARGE"))
    }

    @Test("a JPEG whose frame header declares 60,000 × 60,000 is IMAGE_TOO_LARGE")
    func hugeJPEG() async throws {
        let bomb = ImageBombs.jpeg(try MediaTestImages.jpeg(width: 16, height: 16), declaring: 60_000, 60_000)
        let refused = await refusal(bomb)
        #expect(refused?.extensions["code"] == .string("IMAGE_TOO_LARGE"))
        #expect(refused?.message == "The image is 60000 × 60000 pixels; at most 40 megapixels are accepted.")
    }

    @Test("a PNG whose zTXt or iCCP inflates to 1 GB is INVALID_IMAGE before libvips reads it", arguments: ["zTXt", "iCCP"])
    func metadataBomb(chunk: String) async throws {
        let metadata = chunk == "zTXt" ? ImageBombs.zTXt(inflatedBytes: 1_000_000_000) : ImageBombs.iCCP(inflatedBytes: 1_000_000_000)
        let bomb = ImageBombs.zeroPNG(width: 8, height: 8, extraChunks: [metadata])
        #expect(await refusal(bomb)?.extensions["code"] == .string("INVALID_IMAGE"))
    }

    @Test("compressed metadata within libpng's 8,000,000-byte budget is accepted, one byte more is not")
    func metadataBudget() async throws {
        let budget = PNGMetadataCheck.maxInflatedBytes
        let half = ImageBombs.zTXt(inflatedBytes: budget / 2)
        let image = try await inspect(ImageBombs.zeroPNG(width: 8, height: 8, extraChunks: [half, half]))
        #expect(image.width == 8)
        let over = ImageBombs.zTXt(inflatedBytes: budget / 2 + 1)
        let bomb = ImageBombs.zeroPNG(width: 8, height: 8, extraChunks: [half, over])
        #expect(await refusal(bomb)?.extensions["code"] == .string("INVALID_IMAGE"))
    }

    @Test("an image of exactly the pixel limit is accepted, one row more is IMAGE_TOO_LARGE")
    func atTheLimit() async throws {
        // A limit of 64 × 48 so the test image stays small; the shipped 40 megapixels works the same way.
        let image = try await inspect(try MediaTestImages.png(width: 64, height: 48), maxPixels: 64 * 48)
        #expect(image.width * image.height == 64 * 48)
        await #expect {
            try await inspect(try MediaTestImages.jpeg(width: 64, height: 49), maxPixels: 64 * 48)
        } throws: {
            ($0 as? GraphQLError)?.message == "The image is 64 × 49 pixels; at most 3072 pixels are accepted."
        }
    }
}
