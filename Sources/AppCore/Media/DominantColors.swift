import CVips

/// The dominant colours of an image (My Cards: "App identifies 4 dominant colors", done once on the
/// server for every client, issue 15). libvips shrinks the image to at most 64 × 64 pixels; each pixel
/// then falls into one of 512 boxes (3 bits per channel), and the colours are the mean colours of the
/// fullest boxes, most pixels first, skipping a box too close to one already taken so that four shades
/// of one colour do not hide a second colour. Deterministic: the same file always gives the same colours.
package enum DominantColors {
    /// How many colours a photo gets at most (fewer when it has fewer distinct colours).
    package static let count = 4
    /// The side of the shrunk image: enough pixels for stable proportions, few enough to count at once.
    static let sampleSize: Int32 = 64
    /// Squared RGB distance under which two boxes' colours count as one shade (a box edge is 32).
    static let minimumDistanceSquared = 48 * 48

    /// The colours of the image file at `path` as upper-case `#RRGGBB`, off the cooperative pool
    /// (decoding is blocking work). The file must have passed ``ImageInspector``.
    package static func of(imageAt path: String) async throws -> [String] {
        try await Offload.run { try compute(path: path) }
    }

    private static func compute(path: String) throws -> [String] {
        guard VipsLibrary.isReady else { throw InspectionFailure(message: "libvips failed to start") }
        var width: Int32 = 0, height: Int32 = 0
        guard let pixels = quarry_vips_small_rgb(path, sampleSize, &width, &height) else {
            vips_error_clear()
            throw InspectionFailure(message: "libvips could not shrink \(path) to find its colours")
        }
        defer { g_free(pixels) }
        return colors(rgb: UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 3))
    }

    /// The dominant colours of `rgb`, 3 bytes per pixel.
    static func colors(rgb: UnsafeBufferPointer<UInt8>) -> [String] {
        var boxes = [(count: Int, red: Int, green: Int, blue: Int)](repeating: (0, 0, 0, 0), count: 512)
        var index = 0
        while index + 2 < rgb.count {
            let red = Int(rgb[index]), green = Int(rgb[index + 1]), blue = Int(rgb[index + 2])
            let box = (red >> 5) << 6 | (green >> 5) << 3 | (blue >> 5)
            boxes[box].count += 1
            boxes[box].red += red
            boxes[box].green += green
            boxes[box].blue += blue
            index += 3
        }
        let means = boxes.indices.filter { boxes[$0].count > 0 }
            .sorted { boxes[$0].count != boxes[$1].count ? boxes[$0].count > boxes[$1].count : $0 < $1 }
            .map { box in
                let b = boxes[box]
                return (b.red / b.count, b.green / b.count, b.blue / b.count)
            }
        var chosen: [(Int, Int, Int)] = []
        for mean in means where chosen.count < count {
            let distinct = chosen.allSatisfy { other in
                let dr = mean.0 - other.0, dg = mean.1 - other.1, db = mean.2 - other.2
                return dr * dr + dg * dg + db * db >= minimumDistanceSquared
            }
            if distinct { chosen.append(mean) }
        }
        return chosen.map { hex($0) }
    }

    private static func hex(_ color: (Int, Int, Int)) -> String {
        let digits = Array("0123456789ABCDEF")
        return "#" + [color.0, color.1, color.2].map { String([digits[$0 >> 4], digits[$0 & 15]]) }.joined()
    }
}
