import AppCore
import Foundation
import GraphQLLanguage
import GraphQLType

/// A corner of a card in its front photo, as fractions (0–1) of the photo's width and height.
package struct CardPoint: Sendable, Equatable {
    let x: Double
    let y: Double
}

/// `CardInput` checked: every rule of issue 15 at once, each failure a field of `extensions.fields` with a
/// message the user understands, so the app can mark every wrong field of its form in one round trip.
/// `frontPhoto` is the uploaded file; the rules that need it (background `PHOTO`) also accept the photo a
/// card already has (``CardChanges/update``).
package struct CardForm: Sendable {
    let name: String
    let barcodeValue: String
    let barcodeFormat: BarcodeFormat
    let background: String?
    let frontPhoto: UploadedFile?
    let cardArea: [CardPoint]?
    let dominantColors: [String]?
    let issuerID: UUID?

    static let maxNameLength = 100

    /// Reads and checks `input`; `hasPhoto` tells whether the card keeps a photo when none is uploaded.
    init(_ input: GraphQLObjectValue, hasPhoto: Bool, context: QuarryContext) throws {
        var problems: [(field: String, message: String)] = []
        let name = try input.string("name").trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty { problems.append(("name", "Give the card a name.")) }
        if name.unicodeScalars.count > Self.maxNameLength {
            problems.append(("name", "A card's name can be at most \(Self.maxNameLength) characters long."))
        } else if name.unicodeScalars.contains("\u{0}") {
            // PostgreSQL's text cannot hold U+0000, and no one types it.
            problems.append(("name", "The name contains a character that is not allowed (U+0000)."))
        }
        let value = try input.string("barcodeValue")
        let format = BarcodeFormat(rawValue: try input.string("barcodeFormat")) ?? .qr
        if value.isEmpty {
            problems.append(("barcodeValue", "Scan or type the card's code."))
        } else if value.unicodeScalars.contains("\u{0}") {
            problems.append(("barcodeValue", "The code contains a character that is not allowed (U+0000)."))
        } else if let problem = format.problem(with: value) {
            problems.append(("barcodeValue", problem))
        }
        if let upload = input["frontPhoto"], !upload.isNull {
            frontPhoto = try context.uploadedFile(upload, argument: "frontPhoto")
        } else {
            frontPhoto = nil
        }
        var background = input.optionalString("background")
        if let given = background {
            if given == "PHOTO" {
                if frontPhoto == nil, !hasPhoto {
                    problems.append(("background", "Add a photo of the card's front to use it as the background."))
                }
            } else if let color = Self.color(given) {
                background = color
            } else {
                problems.append(("background", "The background is PHOTO or a colour written #RRGGBB, e.g. #1A2B3C."))
            }
        }
        var area: [CardPoint]?
        if let points = input["cardArea"]?.listValue {
            let corners = points.compactMap(\.objectValue).map { CardPoint(x: $0["x"]?.doubleValue ?? .nan, y: $0["y"]?.doubleValue ?? .nan) }
            if corners.count != 4 {
                problems.append(("cardArea", "The card area has exactly 4 corners; \(corners.count) were given."))
            } else if !corners.allSatisfy({ (0...1).contains($0.x) && (0...1).contains($0.y) }) {
                problems.append(("cardArea", "Each corner lies within the photo: x and y between 0 and 1."))
            }
            area = corners
        }
        var colors: [String]?
        if let list = input["dominantColors"]?.listValue {
            let texts = list.compactMap(\.stringValue)
            let parsed = texts.compactMap(Self.color)
            if texts.count > DominantColors.count {
                problems.append(("dominantColors", "A card has at most \(DominantColors.count) dominant colours."))
            } else if parsed.count != texts.count {
                problems.append(("dominantColors", "Write each colour as #RRGGBB, e.g. #1A2B3C."))
            }
            colors = parsed
        }
        var issuer: UUID?
        if let text = input.optionalString("issuerId") {
            issuer = GlobalID.id(of: IssuerRecord.self, text)
            if issuer == nil { problems.append(("issuerId", CardErrors.unknownIssuer)) }
        }
        if !problems.isEmpty { throw ClientError.invalidInput(problems) }
        self.name = name
        barcodeValue = value
        barcodeFormat = format
        self.background = background
        cardArea = area
        dominantColors = colors
        issuerID = issuer
    }

    /// `text` as an upper-case `#RRGGBB` colour, `nil` when it is not one.
    static func color(_ text: String) -> String? {
        let upper = text.uppercased()
        guard upper.count == 7, upper.first == "#", upper.dropFirst().allSatisfy(\.isHexDigit) else { return nil }
        return upper
    }

    /// The corners as the `card_area` column stores them: x1, y1, … x4, y4.
    var cardAreaColumn: [Double]? { cardArea?.flatMap { [$0.x, $0.y] } }
}
