import AppCore
import Foundation

/// A food's picture (`FoodSuggestion.pictureUrl`, served at
/// `GET /food-pictures/{id}.png`): a generated illustration, a plate seen from
/// above on a pale tablecloth with the food in the catalogue's colour for it.
/// A PNG, so every phone shows it; drawn on request from the colour alone, so
/// nothing is stored and a colour change in the catalogue changes the picture
/// (and its ETag).
package struct FoodPicture: Sendable {
    let red: Double
    let green: Double
    let blue: Double

    /// The picture's side in pixels.
    static let size = 320
    /// Part of the ETag: a change of the drawing changes every ETag.
    static let version = 1

    /// The picture of a food whose colour is `colour` (`#RRGGBB`, as `foods.colour` holds it); `nil` for another text.
    package init?(colour: String) {
        guard colour.count == 7, colour.first == "#", let value = UInt32(colour.dropFirst(), radix: 16) else { return nil }
        red = Double(value >> 16 & 0xFF)
        green = Double(value >> 8 & 0xFF)
        blue = Double(value & 0xFF)
    }

    /// The URL clients fetch food `id`'s picture from.
    static func url(of id: UUID, publicURL: String) -> String {
        "\(publicURL)/food-pictures/\(id.uuidString.lowercased()).png"
    }

    /// A strong ETag naming the drawing and the colour.
    package var etag: String { "\"food-\(Self.version)-\(Int(red))-\(Int(green))-\(Int(blue))\"" }

    /// The PNG's bytes. Blocking (libvips and a temporary file): run it through ``Offload``.
    package func png() throws -> [UInt8] {
        try DrawnPicture.png(width: Self.size, height: Self.size) { x, y in pixel(x: x, y: y) }
    }

    /// The colour at (`x`, `y`): the food (with a soft highlight), the plate's
    /// well, its rim, the plate's shadow, or the tablecloth.
    func pixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        let centre = Double(Self.size) / 2
        let dx = Double(x) - centre, dy = Double(y) - centre
        let distance = (dx * dx + dy * dy).squareRoot()
        switch distance {
        case ..<92:
            let hx = dx + 28, hy = dy + 28
            let highlight = max(0, 1 - (hx * hx + hy * hy).squareRoot() / 60) * 0.35
            return mixed(toward: 255, by: highlight)
        case ..<98: return mixed(toward: 0, by: 0.2)
        case ..<122: return (250, 250, 250)
        case ..<132: return (228, 228, 228)
        default:
            let sx = dx - 6, sy = dy - 8
            let shadow = (sx * sx + sy * sy).squareRoot() < 134
            return mixed(toward: 255, by: shadow ? 0.7 : 0.82)
        }
    }

    /// The food's colour moved `amount` (0–1) of the way to grey level `level`.
    private func mixed(toward level: Double, by amount: Double) -> (UInt8, UInt8, UInt8) {
        func channel(_ value: Double) -> UInt8 { UInt8((value + (level - value) * amount).rounded()) }
        return (channel(red), channel(green), channel(blue))
    }
}
