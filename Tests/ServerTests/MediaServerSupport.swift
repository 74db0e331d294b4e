import App
import AppCore
import Auth
import CVips
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Postgres
import QuarryTestSupport

@testable import Server

/// What the media tests read besides responses: the uploads in flight, the store's files, the `media` rows.
extension TestServer {
    /// Files left in the uploads' temporary folder (none once every request has ended).
    func temporaryFiles() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: configuration.media.uploadDirectory)) ?? []
    }

    /// Files in the media store.
    func storedFiles() -> [String] {
        (FileManager.default.enumerator(atPath: configuration.media.mediaDirectory)?.allObjects as? [String] ?? [])
            .filter { $0.split(separator: "/").count == 3 }
    }

    func mediaRows(owner: UUID) async throws -> Int {
        try await pool.query("SELECT count(*) AS n FROM media WHERE owner_id = \(owner)")[0].decode("n", as: Int.self)
    }
}

/// A GraphQL multipart request body (operations, map, files) and its Content-Type.
struct MultipartBody {
    static let boundary = "----QuarryTest7MA4YWxkTrZu0gW"
    var bytes: [UInt8] = []

    static var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    mutating func field(_ name: String, _ value: String) {
        bytes += Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
    }

    mutating func file(_ name: String, filename: String, contentType: String, _ content: [UInt8]) {
        bytes += Array(
            "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\nContent-Type: \(contentType)\r\n\r\n".utf8
        )
        bytes += content + Array("\r\n".utf8)
    }

    mutating func close() {
        bytes += Array("--\(Self.boundary)--\r\n".utf8)
    }

    /// The usual single-file request: `operations` with `query`, `map` {"0": [variables.<variable>]}, file "0".
    static func single(
        query: String, variables: String = "{}", variable: String, file: [UInt8], filename: String = "image.png",
        contentType: String = "image/png"
    ) -> MultipartBody {
        var body = MultipartBody()
        let operations = #"{"query":"# + jsonString(query) + #","variables":"# + variables + "}"
        body.field("operations", operations)
        body.field("map", #"{"0":["variables.\#(variable)"]}"#)
        body.file("0", filename: filename, contentType: contentType, file)
        body.close()
        return body
    }

    static func jsonString(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed), as: UTF8.self)
    }
}

/// Images drawn with libvips.
enum ServerTestImages {
    static func png(width: Int, height: Int) throws -> [UInt8] { try draw(width, height, png: true) }
    static func jpeg(width: Int, height: Int) throws -> [UInt8] { try draw(width, height, png: false) }

    private static func draw(_ width: Int, _ height: Int, png: Bool) throws -> [UInt8] {
        precondition(VipsLibrary.isReady)
        guard let image = quarry_vips_black(Int32(width), Int32(height), 3) else { throw Failure() }
        defer { quarry_vips_unref(image) }
        let path = NSTemporaryDirectory() + "quarry-image-\(UUID().uuidString)." + (png ? "png" : "jpg")
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard (png ? quarry_vips_pngsave(image, path) : quarry_vips_jpegsave(image, path)) == 0 else { throw Failure() }
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    struct Failure: Error {}
}
