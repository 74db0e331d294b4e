import AppCore
import CVips
import Foundation
import Postgres
import QuarryTestSupport
import Testing

/// Photos for the posts' tests: JPEGs drawn with libvips, one with an EXIF
/// block (orientation and a GPS position) written here byte by byte, so the
/// test knows exactly what the upload carried.
enum PostPhotos {
    /// A JPEG of `width` × `height` pixels whose EXIF says "rotate 90° clockwise to view" (orientation 6) and
    /// "taken at 48° 51′ N" (GPSLatitudeRef, GPSLatitude): a phone's portrait photo with its position.
    static func jpegWithOrientationAndGPS(width: Int, height: Int) throws -> [UInt8] {
        let jpeg = try MediaTestImages.jpeg(width: width, height: height)
        let app1: [UInt8] = [0xFF, 0xE1] + be16(2 + 6 + exifTIFF.count) + Array("Exif".utf8) + [0, 0] + exifTIFF
        // Right after SOI, where cameras put it.
        return Array(jpeg.prefix(2)) + app1 + Array(jpeg.dropFirst(2))
    }

    /// A big-endian TIFF structure: IFD0 (Orientation = 6, the GPS IFD's offset) and the GPS IFD
    /// (GPSLatitudeRef "N", GPSLatitude 48/1 51/1 0/1).
    private static let exifTIFF: [UInt8] = {
        var tiff: [UInt8] = Array("MM".utf8) + be16(42) + be32(8)
        // IFD0 at 8: two entries, then no next IFD; the GPS IFD follows it at 8 + 2 + 24 + 4 = 38.
        tiff += be16(2)
        tiff += be16(0x0112) + be16(3) + be32(1) + be16(6) + be16(0)
        tiff += be16(0x8825) + be16(4) + be32(1) + be32(38)
        tiff += be32(0)
        // GPS IFD at 38; its latitude's three rationals follow it at 38 + 30 = 68.
        tiff += be16(2)
        tiff += be16(0x0001) + be16(2) + be32(2) + Array("N".utf8) + [0, 0, 0]
        tiff += be16(0x0002) + be16(5) + be32(3) + be32(68)
        tiff += be32(0)
        tiff += be32(48) + be32(1) + be32(51) + be32(1) + be32(0) + be32(1)
        return tiff
    }()

    private static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    private static func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value & 0xFFFF) }

    /// What libvips reads in the JPEG at `path`: its size, its EXIF orientation (1 when none), and whether it
    /// carries any metadata block (EXIF, XMP, IPTC, ICC) or a GPS latitude.
    struct Header: Equatable {
        let width: Int
        let height: Int
        let orientation: Int
        let hasMetadata: Bool
        let hasGPSLatitude: Bool
    }

    static func header(path: String) throws -> Header {
        precondition(VipsLibrary.isReady)
        guard let image = quarry_vips_jpegload_header(path) else { throw MediaTestImages.VipsFailure() }
        defer { quarry_vips_unref(image) }
        var orientation: Int32 = 1
        if vips_image_get_typeof(image, "orientation") != 0 { _ = vips_image_get_int(image, "orientation", &orientation) }
        let blocks = ["exif-data", "xmp-data", "iptc-data", "icc-profile-data"]
        return Header(
            width: Int(vips_image_get_width(image)), height: Int(vips_image_get_height(image)), orientation: Int(orientation),
            hasMetadata: blocks.contains { vips_image_get_typeof(image, $0) != 0 },
            hasGPSLatitude: vips_image_get_typeof(image, "exif-ifd3-GPSLatitude") != 0
        )
    }
}

extension TestService {
    static let createPost = """
        mutation($photo: Upload!, $caption: String, $location: GeoPointInput) {
          createPost(photo: $photo, caption: $caption, location: $location) {
            id photoUrl width height caption location { latitude longitude } author { id } createdAt likeCount viewerHasLiked
          }
        }
        """

    /// Posts `bytes` as `user`'s photo; returns the response.
    func createPost(
        _ user: TestUser?, bytes: [UInt8], filename: String = "photo.jpg", caption: String? = nil, location: [String: Any]? = nil
    ) async throws -> Response {
        var variables: [String: Any] = [:]
        if let caption { variables["caption"] = caption }
        if let location { variables["location"] = location }
        let file = try MediaTestImages.upload(bytes, filename: filename)
        return try await post(Self.createPost, variables, files: ["photo": file], token: user?.token)
    }

    /// A post of a small JPEG by `user` that must succeed; returns its id.
    func posted(_ user: TestUser, caption: String? = nil) async throws -> String {
        let response = try await createPost(user, bytes: try MediaTestImages.jpeg(width: 240, height: 200), caption: caption)
        return try #require(response.string("data.createPost.id"), "\(response)")
    }

    /// The stored file of post `id` (a global id), as the media store holds it.
    func storedPhotoPath(post id: String) async throws -> String {
        let postID = try #require(GlobalID.id(of: "Post", id))
        let rows = try await pool.query("SELECT m.sha256 FROM posts p JOIN media m ON m.id = p.media_id WHERE p.id = \(postID)")
        return store.path(of: try rows[0].decode("sha256", as: String.self))
    }

    /// How many `posts` rows `author` has, deleted ones included.
    func postRows(author: TestUser) async throws -> Int {
        try await pool.query("SELECT count(*) AS n FROM posts WHERE author_id = \(author.id)")[0].decode("n", as: Int.self)
    }
}
