import CVips
import GraphQLLanguage

#if canImport(Glibc)
import Glibc
#endif

/// An uploaded image checked by content: its type from the magic bytes, its
/// dimensions from the header (then confirmed by a full decode), its SHA-256
/// (the store's name for it).
///
/// When ``ImageRequirements/fitInside`` asked for a normalised copy, it is
/// that copy, in a temporary file of its own (`isCopy`) that ``MediaIngest``
/// removes once stored.
package struct InspectedImage: Sendable, Equatable {
    let path: String
    let sha256: String
    let contentType: String
    let byteSize: Int
    let width: Int
    let height: Int
    var isCopy = false
}

/// Checks an uploaded file by its content, never by its name or declared
/// type (issue 5 "Media"): PNG or JPEG magic bytes first, then a full libvips
/// decode that fails on any decoder warning, so a truncated or corrupt file
/// is refused rather than stored as a half-grey picture. Every image upload
/// comes through here (``MediaIngest``), so every one is also refused, before
/// any pixel is decoded, when its header declares more pixels than the limit
/// or, for a PNG, when its compressed metadata is a bomb (issue 18
/// "Hardening": a 900-megapixel PNG of 875 KB cost 2.9 s of decoding, and
/// then every friend's phone as much again).
package enum ImageInspector {
    static let pngMagic: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let jpegMagic: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// The content type the first bytes announce, or `nil` for anything but PNG and JPEG.
    static func contentType(magic: [UInt8]) -> String? {
        if magic.starts(with: pngMagic) { return "image/png" }
        if magic.starts(with: jpegMagic) { return "image/jpeg" }
        return nil
    }

    /// Inspects `file` off the cooperative pool. `argument` names the GraphQL
    /// argument in errors; `maxBytes` is the per-file limit, `maxPixels` the
    /// most pixels (width × height) an image may have; `requirements` the area's own rules.
    static func inspect(
        _ file: UploadedFile, argument: String, maxBytes: Int, maxPixels: Int, requirements: ImageRequirements = .pngOrJPEG
    ) async throws -> InspectedImage {
        if file.size == 0 { throw MediaError.empty(argument) }
        if file.size > maxBytes { throw MediaError.tooLarge(argument, limit: maxBytes) }
        return try await Offload.run {
            try inspectBlocking(path: file.path, argument: argument, maxPixels: maxPixels, requirements: requirements)
        }
    }

    private static func inspectBlocking(
        path: String, argument: String, maxPixels: Int, requirements: ImageRequirements
    ) throws -> InspectedImage {
        let (magic, size, sha256) = try readAndHash(path: path)
        if size == 0 { throw MediaError.empty(argument) }
        guard let contentType = contentType(magic: magic), requirements.contentTypes.contains(contentType) else {
            throw requirements.unsupportedType(argument)
        }
        let isPNG = contentType == "image/png"
        if isPNG, try !PNGMetadataCheck.isAcceptable(path: path) { throw MediaError.invalidImage(argument) }
        guard VipsLibrary.isReady else { throw InspectionFailure(message: "libvips failed to start") }
        // The loaders read the header only; no pixel is decoded before quarry_vips_decode_all.
        guard let image = isPNG ? quarry_vips_pngload_header(path) : quarry_vips_jpegload_header(path) else {
            vips_error_clear()
            throw MediaError.invalidImage(argument)
        }
        defer { quarry_vips_unref(image) }
        let width = Int(vips_image_get_width(image)), height = Int(vips_image_get_height(image))
        if width * height > maxPixels {
            throw MediaError.imageTooLarge(argument, width: width, height: height, limit: maxPixels)
        }
        if min(width, height) < requirements.minimumSide {
            throw requirements.tooSmall(argument, width, height)
        }
        guard quarry_vips_decode_all(image) == 0 else {
            vips_error_clear()
            throw MediaError.invalidImage(argument)
        }
        guard let box = requirements.fitInside else {
            return InspectedImage(
                path: path, sha256: sha256, contentType: contentType, byteSize: size, width: width, height: height
            )
        }
        return try fitted(path, inside: box, argument: argument)
    }

    /// The normalised copy of the JPEG at `path` (``ImageRequirements/fitInside``), in a new temporary file.
    private static func fitted(_ path: String, inside box: (width: Int, height: Int), argument: String) throws -> InspectedImage {
        let copy = path + ".fitted-" + String(UInt64.random(in: 0...UInt64.max), radix: 36) + ".jpg"
        var width: Int32 = 0, height: Int32 = 0
        guard quarry_vips_photo_fit(path, copy, Int32(box.width), Int32(box.height), &width, &height) == 0 else {
            vips_error_clear()
            unlink(copy)
            throw MediaError.invalidImage(argument)
        }
        do {
            let (_, size, sha256) = try readAndHash(path: copy)
            return InspectedImage(
                path: copy, sha256: sha256, contentType: "image/jpeg", byteSize: size, width: Int(width), height: Int(height),
                isCopy: true
            )
        } catch {
            unlink(copy)
            throw error
        }
    }

    /// The first bytes, the size and the SHA-256 of a file, read in chunks.
    private static func readAndHash(path: String) throws -> (magic: [UInt8], size: Int, sha256: String) {
        guard let handle = fopen(path, "rb") else { throw InspectionFailure(message: "cannot open \(path)") }
        defer { fclose(handle) }
        let digest = SHA256Digest()
        var magic = [UInt8]()
        var size = 0
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, handle) }
            if count == 0 { break }
            if magic.count < 8 { magic += chunk.prefix(min(count, 8 - magic.count)) }
            chunk.withUnsafeBytes { digest.update(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
            size += count
        }
        guard ferror(handle) == 0 else { throw InspectionFailure(message: "cannot read \(path)") }
        return (magic, size, digest.hex())
    }
}

/// The server could not read its own temporary file: not the client's fault.
package struct InspectionFailure: Error, CustomStringConvertible {
    let message: String
    package var description: String { message }
}
