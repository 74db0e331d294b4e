@testable import AppCore
import Foundation
import Postgres
import QuarryTestSupport
import Testing

/// `createPost`'s photo rules (issue 16; Foodstabook 2.5): JPEG only by content, at most 20 MB, at least
/// 200 × 200, fitted inside 1080 × 1920 with the aspect kept, stored upright and without any metadata. Each
/// stored photo is read back from the media store with libvips.
@Suite("Posts: photo rules")
struct PostPhotoTests {
    @Test("a photo within the box is stored at its size, with its caption and location")
    func stored() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("poster")
        let r = try await h.createPost(
            alice, bytes: try MediaTestImages.jpeg(width: 640, height: 480), caption: "Pancakes",
            location: ["latitude": 48.8566, "longitude": 2.3522]
        )
        #expect(r.errors.isEmpty, "\(r)")
        #expect(r["data.createPost.width"] as? Int == 640)
        #expect(r["data.createPost.height"] as? Int == 480)
        #expect(r["data.createPost.caption"] as? String == "Pancakes")
        #expect(r["data.createPost.location.latitude"] as? Double == 48.8566)
        #expect(r["data.createPost.location.longitude"] as? Double == 2.3522)
        #expect(r["data.createPost.author.id"] as? String == alice.globalID)
        #expect(r["data.createPost.likeCount"] as? Int == 0)
        #expect(r["data.createPost.viewerHasLiked"] as? Bool == false)
        let url = try #require(r.string("data.createPost.photoUrl"))
        #expect(url.contains("/media/"), "\(url)")
        let id = try #require(r.string("data.createPost.id"))
        let stored = try PostPhotos.header(path: try await h.storedPhotoPath(post: id))
        #expect(stored == .init(width: 640, height: 480, orientation: 1, hasMetadata: false, hasGPSLatitude: false))
    }

    @Test("larger photos are fitted inside 1080 × 1920 with their aspect kept", arguments: [
        (4_000, 3_000, 1_080, 810), (1_000, 4_000, 480, 1_920), (2_160, 3_840, 1_080, 1_920),
    ])
    func fitted(size: (Int, Int, Int, Int)) async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("poster")
        let r = try await h.createPost(alice, bytes: try MediaTestImages.jpeg(width: size.0, height: size.1))
        #expect(r.errors.isEmpty, "\(r)")
        #expect(r["data.createPost.width"] as? Int == size.2)
        #expect(r["data.createPost.height"] as? Int == size.3)
        let stored = try PostPhotos.header(path: try await h.storedPhotoPath(post: try #require(r.string("data.createPost.id"))))
        #expect(stored.width == size.2 && stored.height == size.3, "\(stored)")
    }

    @Test("EXIF orientation is applied and every metadata block, GPS included, is stripped")
    func orientedAndStripped() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("poster")
        let bytes = try PostPhotos.jpegWithOrientationAndGPS(width: 2_400, height: 1_600)
        // The upload really carries what is to be removed.
        let upload = try MediaTestImages.upload(bytes, filename: "phone.jpg")
        let sent = try PostPhotos.header(path: upload.path)
        #expect(sent.orientation == 6 && sent.hasMetadata && sent.hasGPSLatitude, "\(sent)")
        let r = try await h.post(TestService.createPost, [:], files: ["photo": upload], token: alice.token)
        #expect(r.errors.isEmpty, "\(r)")
        // The normalised copy, written beside the upload, is gone once stored.
        let folder = (upload.path as NSString).deletingLastPathComponent, name = (upload.path as NSString).lastPathComponent
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(name + ".fitted-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        // Upright it is 1600 × 2400, fitted inside 1080 × 1920: scale 0.675.
        #expect(r["data.createPost.width"] as? Int == 1_080)
        #expect(r["data.createPost.height"] as? Int == 1_620)
        let stored = try PostPhotos.header(path: try await h.storedPhotoPath(post: try #require(r.string("data.createPost.id"))))
        #expect(stored == .init(width: 1_080, height: 1_620, orientation: 1, hasMetadata: false, hasGPSLatitude: false))
    }

    @Test("refusals are coded and store nothing: a PNG named .jpg, under 200 × 200, over 20 MB, text, bad caption and location")
    func refusals() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("poster")
        let png = try await h.createPost(alice, bytes: try MediaTestImages.png(width: 400, height: 400), filename: "renamed.jpg")
        #expect(png.codes == ["UNSUPPORTED_IMAGE_TYPE"], "\(png)")
        #expect(png.messages == ["Photos must be JPEG images."])
        let text = try await h.createPost(alice, bytes: Array("not a photo".utf8))
        #expect(text.codes == ["UNSUPPORTED_IMAGE_TYPE"], "\(text)")
        let narrow = try await h.createPost(alice, bytes: try MediaTestImages.jpeg(width: 199, height: 400))
        #expect(narrow.codes == ["IMAGE_TOO_SMALL"], "\(narrow)")
        #expect(narrow.fieldMessages["photo"]?.contains("at least 200 × 200") == true, "\(narrow)")
        let low = try await h.createPost(alice, bytes: try MediaTestImages.jpeg(width: 400, height: 199))
        #expect(low.codes == ["IMAGE_TOO_SMALL"], "\(low)")
        // Refused by its size before any byte is read: JPEG magic, then zeros.
        let huge = try await h.createPost(alice, bytes: [0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0, count: 20 * 1_048_576 - 2))
        #expect(huge.codes == ["FILE_TOO_LARGE"], "\(huge)")
        #expect(huge.messages.first?.contains("20 MB") == true, "the maximum is in the message: \(huge)")
        let photo = try MediaTestImages.jpeg(width: 200, height: 200)
        let caption = try await h.createPost(alice, bytes: photo, caption: String(repeating: "é", count: 2_201))
        #expect(caption.fieldMessages["caption"] == "The text can be at most 2200 characters long.", "\(caption)")
        let place = try await h.createPost(alice, bytes: photo, location: ["latitude": 91, "longitude": -181])
        #expect(place.codes == ["BAD_USER_INPUT"], "\(place)")
        #expect(Set(place.fieldMessages.keys) == ["location.latitude", "location.longitude"], "\(place)")
        #expect(try await h.postRows(author: alice) == 0)
        #expect(try await h.mediaRows(owner: alice.id) == 0)
        #expect(try await h.createPost(nil, bytes: photo).codes == ["UNAUTHENTICATED"])
        // Exactly 200 × 200 is enough.
        #expect(try await h.createPost(alice, bytes: photo).errors.isEmpty)
    }
}
