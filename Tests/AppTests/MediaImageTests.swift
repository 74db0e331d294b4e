import Foundation
import GraphQLLanguage
import Testing

@testable import AppCore

/// Images are checked by content (issue 5 "Media"): magic bytes, then a full strict libvips decode.
@Suite("Media: image inspection")
struct MediaImageTests {
    private func coded(_ error: any Error, _ code: String) -> Bool {
        (error as? GraphQLError)?.extensions["code"] == .string(code)
    }

    /// Inspects `file` as argument `image` with the shipped pixel limit.
    private func inspect(_ file: UploadedFile, maxBytes: Int) async throws -> InspectedImage {
        try await ImageInspector.inspect(
            file, argument: "image", maxBytes: maxBytes, maxPixels: MediaServices.defaultMaxImagePixels
        )
    }

    @Test("a PNG and a JPEG are recognised with their decoded dimensions and SHA-256")
    func pngAndJPEG() async throws {
        let pngBytes = try MediaTestImages.png(width: 37, height: 21)
        let png = try await inspect(
            try MediaTestImages.upload(pngBytes, filename: "a.jpg", contentType: "image/jpeg"), maxBytes: 1_000_000
        )
        #expect(png.contentType == "image/png")
        #expect(png.width == 37 && png.height == 21)
        #expect(png.byteSize == pngBytes.count)
        #expect(png.sha256.count == 64)

        let jpegBytes = try MediaTestImages.jpeg(width: 64, height: 48)
        let jpeg = try await inspect(try MediaTestImages.upload(jpegBytes, filename: "b.png"), maxBytes: 1_000_000)
        #expect(jpeg.contentType == "image/jpeg")
        #expect(jpeg.width == 64 && jpeg.height == 48)
        #expect(jpeg.sha256 != png.sha256)
    }

    @Test("the SHA-256 is the file's: known digest of \"abc\" through a PNG-less path")
    func digest() {
        let digest = SHA256Digest()
        Array("abc".utf8).withUnsafeBytes { digest.update($0) }
        #expect(digest.hex() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("a text file named .png is UNSUPPORTED_MEDIA_TYPE")
    func textNamedPNG() async throws {
        let file = try MediaTestImages.upload(Array("hello, not an image".utf8), filename: "x.png", contentType: "image/png")
        await #expect { try await inspect(file, maxBytes: 1_000) } throws: {
            coded($0, "UNSUPPORTED_MEDIA_TYPE")
        }
    }

    @Test("an empty file is FILE_EMPTY and one over the limit FILE_TOO_LARGE")
    func emptyAndTooLarge() async throws {
        let empty = try MediaTestImages.upload([], filename: "e.png")
        await #expect { try await inspect(empty, maxBytes: 1_000) } throws: {
            coded($0, "FILE_EMPTY")
        }
        let png = try MediaTestImages.upload(try MediaTestImages.png(width: 50, height: 50), filename: "p.png")
        await #expect { try await inspect(png, maxBytes: png.size - 1) } throws: {
            coded($0, "FILE_TOO_LARGE")
        }
    }

    @Test("a truncated PNG or JPEG is INVALID_IMAGE (strict decode)", arguments: [true, false])
    func truncated(isPNG: Bool) async throws {
        let bytes = isPNG ? try MediaTestImages.png(width: 300, height: 200) : try MediaTestImages.jpeg(width: 300, height: 200)
        let file = try MediaTestImages.upload(Array(bytes.prefix(bytes.count * 2 / 3)), filename: "t")
        await #expect { try await inspect(file, maxBytes: 10_000_000) } throws: {
            coded($0, "INVALID_IMAGE")
        }
    }

    @Test("PNG magic followed by garbage is INVALID_IMAGE")
    func magicOnly() async throws {
        let file = try MediaTestImages.upload(ImageInspector.pngMagic + Array(repeating: 7, count: 100), filename: "g.png")
        await #expect { try await inspect(file, maxBytes: 10_000) } throws: {
            coded($0, "INVALID_IMAGE")
        }
    }

    @Test("the store keeps content once under its SHA-256 path")
    func store() async throws {
        let store = FileSystemMediaStore(directory: MediaTestImages.temporaryPath("store"))
        let file = try MediaTestImages.upload(Array("content".utf8), filename: "c")
        let sha = "ed7002b439e9ac845f22357d822bac1444730fbdb6016d3ec9432297b9ec9f73"
        #expect(try await store.contains(sha) == false)
        try await store.put(contentsOf: file.path, sha256: sha)
        try await store.put(contentsOf: file.path, sha256: sha)
        #expect(store.path(of: sha) == store.directory + "/ed/70/" + sha)
        #expect(try await store.contains(sha))
        #expect(FileManager.default.contents(atPath: store.path(of: sha)) == Data("content".utf8))
    }
}
