import Foundation
import Postgres
import QuarryTestSupport
import Testing


/// Image bombs through every image mutation (issue 18 "Hardening"): each is refused with its code and leaves
/// no media row, no file in the store and no row of the area's own (screenshot, avatar, selfie verification).
@Suite("Media: image bombs through the upload mutations")
struct ImageBombUploadTests {
    /// The hostile files, each with the code it must get.
    enum Bomb: String, CaseIterable, Sendable {
        case hugePNG = "PNG declaring 30,000 × 30,000"
        case hugeJPEG = "JPEG declaring 60,000 × 60,000"
        case zTXt = "PNG with a zTXt of 1 GB inflated"
        case iCCP = "PNG with an iCCP of 1 GB inflated"
        case truncatedPNG = "truncated PNG"
        case truncatedJPEG = "truncated JPEG"

        func bytes() throws -> [UInt8] {
            switch self {
            case .hugePNG: return ImageBombs.zeroPNG(width: 30_000, height: 30_000)
            case .hugeJPEG: return ImageBombs.jpeg(try MediaTestImages.jpeg(width: 16, height: 16), declaring: 60_000, 60_000)
            case .zTXt: return ImageBombs.zeroPNG(width: 8, height: 8, extraChunks: [ImageBombs.zTXt(inflatedBytes: 1_000_000_000)])
            case .iCCP: return ImageBombs.zeroPNG(width: 8, height: 8, extraChunks: [ImageBombs.iCCP(inflatedBytes: 1_000_000_000)])
            case .truncatedPNG:
                let png = try MediaTestImages.png(width: 300, height: 200)
                return Array(png.prefix(png.count * 2 / 3))
            case .truncatedJPEG:
                let jpeg = try MediaTestImages.jpeg(width: 300, height: 200)
                return Array(jpeg.prefix(jpeg.count * 2 / 3))
            }
        }

        var code: String {
            switch self {
            case .hugePNG, .hugeJPEG: "IMAGE_TOO_LARGE"
            case .zTXt, .iCCP, .truncatedPNG, .truncatedJPEG: "INVALID_IMAGE"
            }
        }
    }

    /// The mutations that take an image, with the table each one writes besides `media`.
    enum Entry: String, CaseIterable, Sendable {
        case uploadScreenshot, updateAvatar, submitSelfie

        var mutation: String {
            switch self {
            case .uploadScreenshot: "mutation($image: Upload!) { uploadScreenshot(image: $image) { id } }"
            case .updateAvatar: "mutation($image: Upload!) { updateAvatar(image: $image) { id } }"
            case .submitSelfie: "mutation($image: Upload!) { submitSelfie(challengeId: \"happy\", selfie: $image) { id } }"
            }
        }

        /// Rows of `user` the mutation writes outside `media`.
        func rows(of user: UUID, harness: TestService) async throws -> Int {
            let rows: [PostgresRow]
            switch self {
            case .uploadScreenshot:
                rows = try await harness.pool.query("SELECT count(*) AS n FROM screenshots WHERE owner_id = \(user)")
            case .updateAvatar:
                rows = try await harness.pool.query(
                    "SELECT count(*) AS n FROM users WHERE id = \(user) AND avatar_media_id IS NOT NULL"
                )
            case .submitSelfie:
                rows = try await harness.pool.query("SELECT count(*) AS n FROM selfie_verifications WHERE user_id = \(user)")
            }
            return try rows[0].decode("n", as: Int.self)
        }
    }

    @Test("every bomb gets its code through every image mutation and stores nothing", arguments: Entry.allCases, Bomb.allCases)
    func refused(entry: Entry, bomb: Bomb) async throws {
        let harness = try await TestService.start()
        let user = try await harness.signUp("media")
        let file = try MediaTestImages.upload(try bomb.bytes(), filename: "bomb.png", contentType: "image/png")
        let response = try await harness.post(entry.mutation, files: ["image": file], token: user.token)
        #expect(response.codes == [bomb.code], "\(entry) \(bomb.rawValue): \(response)")
        #expect(try await harness.mediaRows(owner: user.id) == 0)
        #expect(try await entry.rows(of: user.id, harness: harness) == 0)
        #expect(harness.storedFiles().isEmpty)
    }

    @Test("an image of exactly QUARRY_IMAGE_MAX_PIXELS is stored; one row more is IMAGE_TOO_LARGE", arguments: Entry.allCases)
    func atTheLimit(entry: Entry) async throws {
        // A limit of 64 × 48 pixels instead of the shipped 40 megapixels, so that the images at and just over
        // the limit stay a few hundred bytes and decode in no time; the comparison is the same.
        let harness = try await TestService.start(media: .init(maxImagePixels: 64 * 48))
        let user = try await harness.signUp("media")
        let over = try MediaTestImages.upload(try MediaTestImages.png(width: 64, height: 49), filename: "over.png")
        let refused = try await harness.post(entry.mutation, files: ["image": over], token: user.token)
        #expect(refused.codes == ["IMAGE_TOO_LARGE"], "\(refused)")
        #expect(refused.messages == ["The image is 64 × 49 pixels; at most 3072 pixels are accepted."])
        #expect(try await harness.mediaRows(owner: user.id) == 0)
        #expect(harness.storedFiles().isEmpty)
        let exact = try MediaTestImages.upload(try MediaTestImages.png(width: 64, height: 48), filename: "exact.png")
        let accepted = try await harness.post(entry.mutation, files: ["image": exact], token: user.token)
        #expect(accepted.codes.isEmpty, "\(accepted)")
        #expect(try await harness.mediaRows(owner: user.id) == 1)
        #expect(try await entry.rows(of: user.id, harness: harness) == 1)
        #expect(harness.storedFiles().count == 1)
    }
}
