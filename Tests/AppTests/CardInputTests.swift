@testable import AppCore
@testable import Cards
import CVips
import Foundation
import Testing

/// My Cards' rules that need no server (issue 15): each barcode format's values, valid and invalid, with check
/// digits from real products' barcodes; and the dominant colours libvips finds in a photo.
@Suite("Cards: barcode values and dominant colours")
struct CardInputTests {
    @Test("EAN-13, EAN-8 and UPC-A: real products' numbers pass; a wrong check digit, length or character is named")
    func gtin() {
        // Stabilo pen, ISBN 978-0-306-40615-7, GS1's example; EAN-8 examples of GS1 and a Polish product; Coca-Cola 12 oz, GS1's UPC-A example.
        for value in ["4006381333931", "9780306406157", "5901234123457"] { #expect(BarcodeFormat.ean13.problem(with: value) == nil, "\(value)") }
        for value in ["96385074", "73513537"] { #expect(BarcodeFormat.ean8.problem(with: value) == nil, "\(value)") }
        for value in ["036000291452", "012345678905"] { #expect(BarcodeFormat.upcA.problem(with: value) == nil, "\(value)") }
        #expect(BarcodeFormat.ean13.problem(with: "4006381333932") == "An EAN-13 barcode's last digit does not match the others: check the number for a typing mistake.")
        #expect(BarcodeFormat.ean8.problem(with: "96385075")?.contains("last digit") == true)
        #expect(BarcodeFormat.upcA.problem(with: "036000291453")?.contains("last digit") == true)
        #expect(BarcodeFormat.ean13.problem(with: "400638133393") == "An EAN-13 barcode has exactly 13 digits (0–9) and nothing else.")
        #expect(BarcodeFormat.ean13.problem(with: "40063813339 1") != nil)
        #expect(BarcodeFormat.ean8.problem(with: "9638507A") != nil)
        #expect(BarcodeFormat.upcA.problem(with: "٠٣٦٠٠٠٢٩١٤٥٢") != nil, "Arabic-Indic digits are not barcode digits")
        #expect(BarcodeFormat.upcA.problem(with: "4006381333931") != nil, "an EAN-13 is not a UPC-A")
    }

    @Test("Code 39: capitals, digits, space and - . $ / + % up to 80; Code 128: ASCII up to 80")
    func linear() {
        #expect(BarcodeFormat.code39.problem(with: "CARD-42 $/+%.") == nil)
        #expect(BarcodeFormat.code39.problem(with: "card42") == "A Code 39 barcode can hold only capital letters A–Z, digits, spaces and - . $ / + %.")
        #expect(BarcodeFormat.code39.problem(with: String(repeating: "A", count: 80)) == nil)
        #expect(BarcodeFormat.code39.problem(with: String(repeating: "A", count: 81)) == "A Code 39 barcode can hold at most 80 characters.")
        #expect(BarcodeFormat.code128.problem(with: "Loyalty#42 ~!") == nil)
        #expect(BarcodeFormat.code128.problem(with: "café")?.contains("ASCII") == true)
        #expect(BarcodeFormat.code128.problem(with: String(repeating: "a", count: 81)) == "A Code 128 barcode can hold at most 80 characters.")
    }

    @Test("2-D codes: anything up to their capacity in bytes (QR 2,953, PDF417 1,108, Aztec 1,914, Data Matrix 1,556)")
    func twoDimensional() {
        for (format, limit) in [(BarcodeFormat.qr, 2_953), (.pdf417, 1_108), (.aztec, 1_914), (.dataMatrix, 1_556)] {
            #expect(format.problem(with: String(repeating: "x", count: limit)) == nil, "\(format)")
            #expect(format.problem(with: String(repeating: "x", count: limit + 1)) != nil, "\(format)")
        }
        #expect(BarcodeFormat.qr.problem(with: String(repeating: "é", count: 1_477)) != nil, "é is 2 bytes: 2,954 bytes")
        #expect(BarcodeFormat.qr.problem(with: "https://example.com/card?id=42") == nil)
    }

    @Test("colours are #RRGGBB, read in any case, stored upper-case")
    func colors() {
        #expect(CardForm.color("#1a2B3c") == "#1A2B3C")
        for text in ["1A2B3C", "#1A2B3", "#1A2B3CD", "#GGGGGG", "red"] { #expect(CardForm.color(text) == nil, "\(text)") }
    }

    @Test("a photo's 4 dominant colours, most pixels first; a one-colour photo has one")
    func dominantColors() async throws {
        // Stripes of 40 × 40 pixels: red 16 columns, green 12, blue 8, white 4 (small enough not to be resized).
        let stripes: [(width: Int, rgb: [UInt8])] = [(16, [255, 0, 0]), (12, [0, 255, 0]), (8, [0, 0, 255]), (4, [255, 255, 255])]
        let path = try Self.png(width: 40, height: 40) { x, _ in
            var left = 0
            for stripe in stripes {
                if x < left + stripe.width { return stripe.rgb }
                left += stripe.width
            }
            return [0, 0, 0]
        }
        #expect(try await DominantColors.of(imageAt: path) == ["#FF0000", "#00FF00", "#0000FF", "#FFFFFF"])
        // Close shades of one colour count once: two greys 10 apart and a black give two colours.
        let shades = try Self.png(width: 30, height: 10) { x, _ in x < 10 ? [120, 120, 120] : x < 20 ? [130, 130, 130] : [0, 0, 0] }
        #expect(try await DominantColors.of(imageAt: shades).count == 2)
        let plain = try Self.png(width: 20, height: 20) { _, _ in [10, 20, 30] }
        #expect(try await DominantColors.of(imageAt: plain) == ["#0A141E"])
    }

    /// A PNG of `width` × `height` whose pixel (x, y) is `color(x, y)`, in a new temporary file.
    static func png(width: Int, height: Int, color: (Int, Int) -> [UInt8]) throws -> String {
        precondition(VipsLibrary.isReady)
        var bytes: [UInt8] = []
        for y in 0..<height { for x in 0..<width { bytes += color(x, y) } }
        guard let image = bytes.withUnsafeBytes({
            vips_image_new_from_memory_copy($0.baseAddress, $0.count, Int32(width), Int32(height), 3, VIPS_FORMAT_UCHAR)
        }) else { throw MediaTestImages.VipsFailure() }
        defer { quarry_vips_unref(image) }
        let path = MediaTestImages.temporaryPath("png")
        guard quarry_vips_pngsave(image, path) == 0 else { throw MediaTestImages.VipsFailure() }
        return path
    }
}
