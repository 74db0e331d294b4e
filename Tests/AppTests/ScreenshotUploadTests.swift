@testable import AppCore
import Foundation
import QuarryTestSupport
import Testing

/// `uploadScreenshot` (seed screen-cache.md "As a user, I can upload and annotate a screenshot"; issue 5 "Media"):
/// a PNG or JPEG checked by content, stored for the owner and shared with friends; a refused file stores nothing.
@Suite("Screenshots: upload")
struct ScreenshotUploadTests {
    @Test("an upload with an annotation is stored with its size, an absolute image URL and a FRIENDS medium")
    func uploadWithAnnotation() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("shots")
        let png = try MediaTestImages.png(width: 30, height: 20)
        let response = try await h.upload(alice, annotation: "Boarding pass, gate 42", bytes: png)
        #expect(response.codes.isEmpty, "\(response)")
        let shot = try #require(response["data.uploadScreenshot"] as? [String: Any])
        #expect(shot["annotation"] as? String == "Boarding pass, gate 42")
        #expect(shot["width"] as? Int == 30)
        #expect(shot["height"] as? Int == 20)
        #expect((shot["owner"] as? [String: Any])?["id"] as? String == alice.globalID)
        #expect(shot["createdAt"] as? String == shot["updatedAt"] as? String)
        let media = try await h.pool.query("SELECT id, kind, visibility, sha256 FROM media WHERE owner_id = \(alice.id)")
        #expect(media.count == 1)
        let mediaID = try media[0].decode("id", as: UUID.self)
        #expect(shot["imageUrl"] as? String == "https://quarry.example/media/\(mediaID.uuidString.lowercased())")
        #expect(try media[0].decode("kind", as: String.self) == "SCREENSHOT")
        #expect(try media[0].decode("visibility", as: String.self) == "FRIENDS")
        let stored = h.store.path(of: try media[0].decode("sha256", as: String.self))
        #expect(FileManager.default.contents(atPath: stored).map(Array.init) == png)
    }

    @Test("an upload without annotation, annotated afterwards (the seed's upload-then-type flow), and a JPEG")
    func uploadThenAnnotate() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("shots")
        let jpeg = try MediaTestImages.jpeg(width: 16, height: 40)
        let response = try await h.upload(alice, bytes: jpeg, filename: "photo.jpg")
        let id = try #require(response["data.uploadScreenshot.id"] as? String, "\(response)")
        #expect(response["data.uploadScreenshot.annotation"] is NSNull)
        #expect(response["data.uploadScreenshot.height"] as? Int == 40)
        let edit = try await h.post(
            "mutation($id: ID!) { updateScreenshotAnnotation(id: $id, annotation: \"Lunch receipt\") { id annotation } }",
            ["id": id], token: alice.token
        )
        #expect(edit["data.updateScreenshotAnnotation.annotation"] as? String == "Lunch receipt", "\(edit)")
        #expect(try await h.annotations(of: alice) == ["Lunch receipt"])
    }

    @Test("bad files are refused with a code and message and leave no screenshot, no media row and no file", arguments: [
        ("empty", [UInt8](), "FILE_EMPTY", "The file is empty."),
        ("three bytes", [0x01, 0x02, 0x03], "UNSUPPORTED_MEDIA_TYPE", "Only PNG and JPEG images are accepted."),
        ("PNG signature only", Array(ImageInspector.pngMagic), "INVALID_IMAGE", "The image is damaged or incomplete and cannot be read."),
        ("GIF", Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8), "UNSUPPORTED_MEDIA_TYPE", "Only PNG and JPEG images are accepted."),
        ("text named .png", Array("not an image at all".utf8), "UNSUPPORTED_MEDIA_TYPE", "Only PNG and JPEG images are accepted."),
    ] as [(String, [UInt8], String, String)])
    func badFiles(label: String, bytes: [UInt8], code: String, message: String) async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("shots")
        let response = try await h.upload(alice, annotation: "should not stay", bytes: bytes)
        #expect(response.codes == [code], "\(label): \(response)")
        #expect(response.messages == [message], "\(label)")
        #expect(response.fieldMessages == ["image": message], "\(label)")
        #expect(response["data"] is NSNull, "\(label)")
        #expect(try await h.screenshotRows(owner: alice) == 0)
        #expect(try await h.mediaRows(owner: alice.id) == 0)
        #expect(h.storedFiles().isEmpty)
    }

    @Test("a truncated PNG is INVALID_IMAGE and stores nothing")
    func truncated() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("shots")
        let png = try MediaTestImages.png(width: 64, height: 64)
        let response = try await h.upload(alice, bytes: Array(png.prefix(png.count / 2)))
        #expect(response.codes == ["INVALID_IMAGE"], "\(response)")
        #expect(try await h.screenshotRows(owner: alice) == 0)
        #expect(h.storedFiles().isEmpty)
    }

    @Test("a file over the screenshot limit is FILE_TOO_LARGE naming the limit; one at the limit is accepted")
    func tooLarge() async throws {
        let png = try MediaTestImages.png(width: 40, height: 40)
        // QUARRY_SCREENSHOT_MAX_BYTES just below and then at the file's size, the limit under test.
        let small = try await TestService.start(media: .init(maxScreenshotBytes: png.count - 1))
        let alice = try await small.signUp("shots")
        let refused = try await small.upload(alice, bytes: png)
        #expect(refused.codes == ["FILE_TOO_LARGE"], "\(refused)")
        #expect(refused.messages == ["The file is larger than \(png.count - 1) bytes."])
        #expect(try await small.screenshotRows(owner: alice) == 0)
        #expect(small.storedFiles().isEmpty)
        let exact = try await TestService.start(media: .init(maxScreenshotBytes: png.count))
        let accepted = try await exact.upload(alice, bytes: png)
        #expect(accepted.codes.isEmpty, "\(accepted)")
        #expect(MediaError.describe(bytes: MediaServices.defaultMaxUploadBytes) == "20 MB")
    }

    @Test("an annotation over 5000 characters is BAD_USER_INPUT on upload and stores nothing")
    func annotationTooLong() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("shots")
        let response = try await h.upload(alice, annotation: String(repeating: "é", count: 5_001))
        #expect(response.codes == ["BAD_USER_INPUT"], "\(response)")
        #expect(response.fieldMessages == ["annotation": "The text can be at most 5000 characters long."])
        #expect(try await h.screenshotRows(owner: alice) == 0)
        #expect(h.storedFiles().isEmpty)
        let longest = try await h.upload(alice, annotation: String(repeating: "é", count: 5_000))
        #expect(longest.codes.isEmpty, "\(longest)")
        // Counted in code points as the database counts: e + combining acute is two.
        let combining = try await h.upload(alice, annotation: String(repeating: "e\u{301}", count: 2_501))
        #expect(combining.codes == ["BAD_USER_INPUT"], "\(combining)")
        #expect(try await h.screenshotRows(owner: alice) == 1)
    }

    @Test("a guest cannot upload: UNAUTHENTICATED, nothing stored")
    func guest() async throws {
        let h = try await TestService.start()
        let response = try await h.upload(nil)
        #expect(response.codes == ["UNAUTHENTICATED"], "\(response)")
        #expect(h.storedFiles().isEmpty)
    }
}
