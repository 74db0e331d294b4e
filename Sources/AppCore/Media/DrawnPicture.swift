import CVips
import Foundation

/// Pictures Quarry draws itself rather than receives: the demo's screenshots
/// (App/Demo/DemoScreenshots.swift) and photo posts (App/Demo/DemoPosts.swift), and the food catalogue's
/// illustrations (Food/FoodPicture.swift). Each is an RGB picture whose every pixel a function gives, written
/// by libvips. Blocking work: callers run it through ``Offload``.
package enum DrawnPicture {
    /// The file format a picture is written in: PNG, or JPEG where only JPEG is accepted (photo posts).
    package enum Format: Sendable { case png, jpeg }

    /// Draws the `width` × `height` picture whose pixel at (x, y) is `color(x, y)`,
    /// writes it in `format` at `path` and returns the file's bytes.
    package static func write(
        _ format: Format = .png, width: Int, height: Int, to path: String,
        color: (_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8)
    ) throws -> [UInt8] {
        guard VipsLibrary.isReady else { throw DrawnPictureFailure() }
        var pixels = [UInt8](repeating: 255, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = color(x, y)
                let offset = (y * width + x) * 3
                pixels[offset] = r
                pixels[offset + 1] = g
                pixels[offset + 2] = b
            }
        }
        let image = pixels.withUnsafeBytes {
            vips_image_new_from_memory_copy($0.baseAddress, $0.count, Int32(width), Int32(height), 3, VIPS_FORMAT_UCHAR)
        }
        guard let image else { throw DrawnPictureFailure() }
        defer { quarry_vips_unref(image) }
        let saved = switch format {
        case .png: quarry_vips_pngsave(image, path)
        case .jpeg: quarry_vips_jpegsave(image, path)
        }
        guard saved == 0 else { throw DrawnPictureFailure() }
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The PNG bytes of the picture ``write(_:width:height:to:color:)`` draws, through a temporary file.
    package static func png(width: Int, height: Int, color: (_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8)) throws -> [UInt8] {
        let path = NSTemporaryDirectory() + "quarry-drawn-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try write(width: width, height: height, to: path, color: color)
    }
}

/// libvips could not draw or write a picture.
package struct DrawnPictureFailure: Error, CustomStringConvertible {
    package var description: String { "libvips could not draw a picture" }
}
