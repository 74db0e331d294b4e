import App
import AppCore
import Auth
import CVips
import Foundation
import Postgres
import QuarryTestSupport

/// Test images drawn with libvips, and files holding them.
enum MediaTestImages {
    static func png(width: Int, height: Int) throws -> [UInt8] { try draw(width, height, png: true) }
    static func jpeg(width: Int, height: Int) throws -> [UInt8] { try draw(width, height, png: false) }

    private static func draw(_ width: Int, _ height: Int, png: Bool) throws -> [UInt8] {
        precondition(VipsLibrary.isReady)
        guard let image = quarry_vips_black(Int32(width), Int32(height), 3) else { throw VipsFailure() }
        defer { quarry_vips_unref(image) }
        let path = temporaryPath(png ? "png" : "jpg")
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard (png ? quarry_vips_pngsave(image, path) : quarry_vips_jpegsave(image, path)) == 0 else { throw VipsFailure() }
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A new path in the system's temporary folder.
    static func temporaryPath(_ suffix: String = "bin") -> String {
        TestService.temporaryPath(suffix)
    }

    /// An uploaded file holding `bytes`.
    static func upload(_ bytes: [UInt8], filename: String, contentType: String? = nil) throws -> UploadedFile {
        let path = temporaryPath()
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return UploadedFile(path: path, filename: filename, contentType: contentType, size: bytes.count)
    }

    struct VipsFailure: Error {}
}

/// What the media tests read besides responses: the store's files and the `media` rows.
extension TestService {
    var store: FileSystemMediaStore { service.media!.store as! FileSystemMediaStore }

    /// Every file under the store's folder.
    func storedFiles() -> [String] {
        (FileManager.default.enumerator(atPath: store.directory)?.allObjects as? [String] ?? [])
            .filter { !$0.hasSuffix("/") && ($0.split(separator: "/").count == 3) }
    }

    func mediaRows(owner: UUID) async throws -> Int {
        try await pool.query("SELECT count(*) AS n FROM media WHERE owner_id = \(owner)")[0].decode("n", as: Int.self)
    }
}
