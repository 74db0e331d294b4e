@testable import AppCore
import Foundation
import Postgres
import QuarryTestSupport
import Testing

/// My Cards over GraphQL against the database (issue 15; seed my-cards.md; API.md "Cards and offers"): saving a
/// card with its photo and computed colours, every CardInput rule as a field error, a card being its owner's
/// alone, the alphabetical list with its search and total, the recent cards, and the issuers' catalogue.
@Suite("My Cards: cards and issuers")
struct CardTests {
    static let fields = """
        id name barcodeValue barcodeFormat background dominantColors frontPhotoUrl cardArea { x y } lastUsedAt createdAt
        issuer { id name }
        """
    static let create = """
        mutation($name: String!, $value: String!, $format: BarcodeFormat!, $background: String, $photo: Upload,
                 $area: [PointInput!], $colors: [String!], $issuer: ID) {
          createCard(input: { name: $name, barcodeValue: $value, barcodeFormat: $format, background: $background,
                              frontPhoto: $photo, cardArea: $area, dominantColors: $colors, issuerId: $issuer }) { \(fields) }
        }
        """
    static let update = """
        mutation($id: ID!, $name: String!, $value: String!, $format: BarcodeFormat!, $background: String, $photo: Upload,
                 $area: [PointInput!], $colors: [String!], $issuer: ID) {
          updateCard(id: $id, input: { name: $name, barcodeValue: $value, barcodeFormat: $format, background: $background,
                              frontPhoto: $photo, cardArea: $area, dominantColors: $colors, issuerId: $issuer }) { \(fields) }
        }
        """
    static let cards = """
        query($s: String, $f: Int, $a: String) {
          cards(search: $s, first: $f, after: $a) { totalCount edges { cursor node { name } } pageInfo { hasNextPage endCursor } }
        }
        """
    static let card = "query($id: ID!) { card(id: $id) { name barcodeValue } }"
    static let recent = "{ recentCards { name } }"
    static let markUsed = "mutation($id: ID!) { markCardUsed(id: $id) { name lastUsedAt } }"
    static let delete = "mutation($id: ID!) { deleteCard(id: $id) }"
    static let createIssuer = "mutation($i: IssuerInput!) { createIssuer(input: $i) { id name logoUrl website } }"
    static let issuers = "query($s: String) { issuers(search: $s) { name } }"

    static let corners: [[String: Double]] = [["x": 0.1, "y": 0.1], ["x": 0.9, "y": 0.1], ["x": 0.9, "y": 0.9], ["x": 0.1, "y": 0.9]]

    @Test("createCard stores the card with its photo, area and issuer, and computes the photo's 4 dominant colours")
    func createWithPhoto() async throws {
        let h = try await TestService.start()
        let admin = try await h.signUp("admin", role: .admin)
        let alice = try await h.signUp("cards")
        let issuer = try #require(try await h.post(Self.createIssuer, ["i": ["name": "Lidl", "website": "https://www.lidl.de"]], token: admin.token)
            .string("data.createIssuer.id"))
        let r = try await h.saveCard(alice, [
            "name": "  Lidl Plus ", "value": "4006381333931", "format": "EAN_13", "background": "PHOTO", "area": Self.corners,
            "issuer": issuer,
        ], photo: try Self.stripes())
        #expect(r.codes.isEmpty, "\(r)")
        #expect(r["data.createCard.name"] as? String == "Lidl Plus", "the name is trimmed")
        #expect(r["data.createCard.barcodeFormat"] as? String == "EAN_13")
        #expect(r["data.createCard.background"] as? String == "PHOTO")
        #expect(r["data.createCard.dominantColors"] as? [String] == ["#FF0000", "#00FF00", "#0000FF", "#FFFFFF"])
        #expect((r["data.createCard.cardArea"] as? [[String: Double]])?.count == 4)
        #expect(r["data.createCard.cardArea.2.x"] as? Double == 0.9)
        #expect(r["data.createCard.issuer.name"] as? String == "Lidl")
        #expect(r["data.createCard.lastUsedAt"] is NSNull)
        let url = try #require(r.string("data.createCard.frontPhotoUrl"))
        #expect(url.contains("/media/"), "\(url)")
        let visibility = try await h.pool.query("SELECT visibility FROM media WHERE owner_id = \(alice.id)")
        #expect(try visibility.map { try $0.decode("visibility", as: String.self) } == ["PRIVATE"], "the photo is the owner's alone")
    }

    @Test("the whole CardInput as one variable, the photo at variables.input.frontPhoto as a multipart map puts it")
    func inputVariable() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("cards")
        // `files` sets the top-level variable "0" (unused by the operation) and registers its file; the map's
        // nested path puts the same placeholder inside the input.
        let input: [String: Any] = [
            "name": "Tesco Clubcard", "barcodeValue": "036000291452", "barcodeFormat": "UPC_A", "background": "PHOTO",
            "frontPhoto": RequestUploads.placeholder(forMapKey: "0"),
        ]
        let r = try await h.post(
            "mutation($input: CardInput!) { createCard(input: $input) { name frontPhotoUrl dominantColors } }",
            ["input": input], files: ["0": try Self.stripes()], token: alice.token
        )
        #expect(r.codes.isEmpty, "\(r)")
        #expect(r.string("data.createCard.frontPhotoUrl") != nil, "\(r)")
        #expect((r["data.createCard.dominantColors"] as? [String])?.count == 4)
    }

    @Test("colours the app sends are kept (upper-cased); a card without a photo has none unless sent; #RRGGBB backgrounds")
    func givenColors() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("cards")
        let withPhoto = try await h.saveCard(alice, ["name": "A", "value": "x", "format": "QR", "colors": ["#abcdef"]], photo: try Self.stripes())
        #expect(withPhoto["data.createCard.dominantColors"] as? [String] == ["#ABCDEF"], "\(withPhoto)")
        let plain = try await h.saveCard(alice, ["name": "B", "value": "x", "format": "QR", "background": "#00ff7f"])
        #expect(plain["data.createCard.dominantColors"] as? [String] == [], "\(plain)")
        #expect(plain["data.createCard.background"] as? String == "#00FF7F")
        #expect(plain["data.createCard.frontPhotoUrl"] is NSNull)
        #expect(plain["data.createCard.cardArea"] is NSNull)
    }

    @Test("every CardInput rule that fails is a field of one BAD_USER_INPUT error, and nothing is stored")
    func fieldErrors() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("cards")
        let all = try await h.saveCard(alice, [
            "name": "   ", "value": "4006381333932", "format": "EAN_13", "background": "PHOTO",
            "area": Array(Self.corners.prefix(3)), "colors": ["#12345", "#ABCDEF"], "issuer": "nope",
        ])
        #expect(all.codes == ["BAD_USER_INPUT"], "\(all)")
        #expect(Set(all.fieldMessages.keys) == ["name", "barcodeValue", "background", "cardArea", "dominantColors", "issuerId"], "\(all)")
        #expect(all.fieldMessages["background"] == "Add a photo of the card's front to use it as the background.")
        #expect(all.fieldMessages["cardArea"] == "The card area has exactly 4 corners; 3 were given.")
        #expect(all.fieldMessages["barcodeValue"]?.contains("last digit") == true)
        var outside = Self.corners
        outside[1] = ["x": 1.2, "y": 0.1]
        let area = try await h.saveCard(alice, ["name": "A", "value": "ABC", "format": "CODE_39", "area": outside, "background": "blue"])
        #expect(area.fieldMessages["cardArea"] == "Each corner lies within the photo: x and y between 0 and 1.", "\(area)")
        #expect(area.fieldMessages["background"] == "The background is PHOTO or a colour written #RRGGBB, e.g. #1A2B3C.")
        let tooMany = try await h.saveCard(alice, ["name": "A", "value": "abc", "format": "CODE_39", "colors": Array(repeating: "#000000", count: 5)])
        #expect(tooMany.fieldMessages == [
            "barcodeValue": "A Code 39 barcode can hold only capital letters A–Z, digits, spaces and - . $ / + %.",
            "dominantColors": "A card has at most 4 dominant colours.",
        ], "\(tooMany)")
        let unknownIssuer = try await h.saveCard(alice, ["name": "A", "value": "x", "format": "QR", "issuer": GlobalID(typeName: "Issuer", id: UUID()).text])
        #expect(unknownIssuer.fieldMessages == ["issuerId": "This issuer does not exist; choose one from the list."], "\(unknownIssuer)")
        let notAnImage = try await h.post(
            Self.create, ["name": "A", "value": "x", "format": "QR"],
            files: ["photo": try MediaTestImages.upload(Array("hello".utf8), filename: "a.png")], token: alice.token
        )
        #expect(notAnImage.codes == ["UNSUPPORTED_MEDIA_TYPE"], "\(notAnImage)")
        let nul = try await h.saveCard(alice, ["name": "A\u{0}B", "value": "x\u{0}", "format": "QR"])
        #expect(nul.fieldMessages.keys.sorted() == ["barcodeValue", "name"], "\(nul)")
        #expect(try await h.cardCount(alice) == 0)
        #expect(try await h.mediaRows(owner: alice.id) == 0)
        #expect(try await h.saveCard(nil, ["name": "A", "value": "x", "format": "QR"]).codes == ["UNAUTHENTICATED"])
    }

    @Test("a card is its owner's alone: another user reads null and gets NOT_FOUND for every change, which changes nothing")
    func ownership() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("cards")
        let bob = try await h.signUp("cards")
        let admin = try await h.signUp("cards", role: .admin)
        let id = try await h.savedCard(alice, name: "Alice's")
        #expect(try await h.post(Self.card, ["id": id], token: alice.token)["data.card.name"] as? String == "Alice's")
        for intruder in [bob, admin] {
            let read = try await h.post(Self.card, ["id": id], token: intruder.token)
            #expect(read.codes.isEmpty && read["data.card"] is NSNull, "\(read)")
            let change = try await h.post(Self.update, ["id": id, "name": "Mine", "value": "x", "format": "QR"], token: intruder.token)
            #expect(change.codes == ["NOT_FOUND"], "\(change)")
            #expect(try await h.post(Self.markUsed, ["id": id], token: intruder.token).codes == ["NOT_FOUND"])
            #expect(try await h.post(Self.delete, ["id": id], token: intruder.token).codes == ["NOT_FOUND"])
            #expect(try await h.cardNames(intruder).isEmpty)
        }
        #expect(try await h.post(Self.card, ["id": "not-an-id"], token: alice.token)["data.card"] is NSNull)
        #expect(try await h.post(Self.card, ["id": id], token: alice.token)["data.card.name"] as? String == "Alice's", "unchanged")
        #expect(try await h.post(Self.recent, [:], token: alice.token)["data.recentCards"] as? [[String: String]] == [])
    }

    @Test("cards: alphabetical ignoring case, search by name substring, pages that neither skip nor repeat, totalCount")
    func listing() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("cards")
        let bob = try await h.signUp("cards")
        for name in ["rewe", "Aldi", "Zara", "IKEA Family", "ikea business", "Decathlon", "100% Bio"] { _ = try await h.savedCard(alice, name: name) }
        _ = try await h.savedCard(bob, name: "Bob's Aldi")
        #expect(try await h.cardNames(alice) == ["100% Bio", "Aldi", "Decathlon", "ikea business", "IKEA Family", "rewe", "Zara"])
        #expect(try await h.cardNames(alice, search: "IKEA") == ["ikea business", "IKEA Family"])
        #expect(try await h.cardNames(alice, search: "%") == ["100% Bio"], "% matches itself")
        let first = try await h.post(Self.cards, ["f": 3], token: alice.token)
        #expect(first["data.cards.totalCount"] as? Int == 7, "\(first)")
        #expect(first.statements == 3, "the token, the page with its issuers, the total")
        #expect(first["data.cards.pageInfo.hasNextPage"] as? Bool == true)
        var names = Self.names(first)
        var after = first.string("data.cards.pageInfo.endCursor")
        while let cursor = after {
            let page = try await h.post(Self.cards, ["f": 3, "a": cursor], token: alice.token)
            #expect(page["data.cards.totalCount"] as? Int == 7, "the total counts every page's list")
            names += Self.names(page)
            after = page["data.cards.pageInfo.hasNextPage"] as? Bool == true ? page.string("data.cards.pageInfo.endCursor") : nil
        }
        #expect(names == ["100% Bio", "Aldi", "Decathlon", "ikea business", "IKEA Family", "rewe", "Zara"])
        let searched = try await h.post(Self.cards, ["s": "a", "f": 1], token: alice.token)
        #expect(searched["data.cards.totalCount"] as? Int == 5, "Aldi, Decathlon, both IKEAs, Zara: \(searched)")
        #expect(try await h.post(Self.cards, ["a": "bogus"], token: alice.token).fieldMessages["after"] != nil)
        #expect(try await h.post(Self.cards, ["f": 101], token: alice.token).codes == ["BAD_USER_INPUT"])
    }

    @Test("recentCards: most recently used first, at most 6, never-used cards left out")
    func recentCards() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("cards")
        var ids: [String] = []
        for index in 1...8 { ids.append(try await h.savedCard(alice, name: "Card \(index)")) }
        for id in ids.prefix(7) {
            let used = try await h.post(Self.markUsed, ["id": id], token: alice.token)
            #expect(used["data.markCardUsed.lastUsedAt"] is String, "\(used)")
        }
        _ = try await h.post(Self.markUsed, ["id": ids[1]], token: alice.token)
        let recent = try await h.post(Self.recent, [:], token: alice.token)
        let names = (recent["data.recentCards"] as? [[String: String]] ?? []).compactMap { $0["name"] }
        #expect(names == ["Card 2", "Card 7", "Card 6", "Card 5", "Card 4", "Card 3"], "\(recent)")
        #expect(recent.statements == 2, "the token and the list")
    }

    @Test("updateCard replaces the fields and keeps an absent photo and colours; a new photo replaces the old medium; deleteCard removes both")
    func updateAndDelete() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("cards")
        let created = try await h.saveCard(alice, ["name": "Old", "value": "x", "format": "QR", "area": Self.corners], photo: try Self.stripes())
        let id = try #require(created.string("data.createCard.id"), "\(created)")
        let photo = try #require(created.string("data.createCard.frontPhotoUrl"))
        let renamed = try await h.post(Self.update, ["id": id, "name": "New", "value": "96385074", "format": "EAN_8", "background": "PHOTO"], token: alice.token)
        #expect(renamed.codes.isEmpty, "\(renamed)")
        #expect(renamed["data.updateCard.name"] as? String == "New")
        #expect(renamed["data.updateCard.barcodeFormat"] as? String == "EAN_8")
        #expect(renamed.string("data.updateCard.frontPhotoUrl") == photo, "the photo is kept")
        #expect((renamed["data.updateCard.dominantColors"] as? [String])?.count == 4, "the colours are kept")
        #expect((renamed["data.updateCard.cardArea"] as? [Any])?.count == 4, "the area is kept")
        let plainPhoto = try MediaTestImages.upload(try MediaTestImages.png(width: 8, height: 6), filename: "black.png")
        let rephotographed = try await h.post(
            Self.update, ["id": id, "name": "New", "value": "x", "format": "QR"], files: ["photo": plainPhoto], token: alice.token
        )
        #expect(rephotographed.codes.isEmpty, "\(rephotographed)")
        #expect(rephotographed.string("data.updateCard.frontPhotoUrl") != photo)
        #expect(rephotographed["data.updateCard.dominantColors"] as? [String] == ["#000000"])
        #expect(rephotographed["data.updateCard.cardArea"] is NSNull, "an area of the old photo is cleared")
        #expect(try await h.mediaRows(owner: alice.id) == 1, "the old photo's medium is gone")
        #expect(try await h.post(Self.delete, ["id": id], token: alice.token)["data.deleteCard"] as? Bool == true)
        #expect(try await h.cardCount(alice) == 0)
        #expect(try await h.mediaRows(owner: alice.id) == 0)
        #expect(try await h.post(Self.delete, ["id": id], token: alice.token).codes == ["NOT_FOUND"])
    }

    @Test("issuers: a public catalogue searched by name; ADMIN creates, updates and deletes; names unique ignoring case")
    func issuers() async throws {
        let h = try await TestService.start()
        let admin = try await h.signUp("admin", role: .admin)
        let alice = try await h.signUp("cards")
        let tag = "Iss" + String(UUID().uuidString.prefix(6))
        let rewe = try await h.post(Self.createIssuer, ["i": ["name": "\(tag) Rewe", "logoUrl": "https://rewe.example/logo.png"]], token: admin.token)
        let reweID = try #require(rewe.string("data.createIssuer.id"), "\(rewe)")
        _ = try await h.post(Self.createIssuer, ["i": ["name": "\(tag) Aldi"]], token: admin.token)
        let duplicate = try await h.post(Self.createIssuer, ["i": ["name": "\(tag) ALDI".uppercased()]], token: admin.token)
        #expect(duplicate.fieldMessages == ["name": "An issuer with this name already exists."], "\(duplicate)")
        let badLink = try await h.post(Self.createIssuer, ["i": ["name": "\(tag) X", "website": "javascript:alert(1)"]], token: admin.token)
        #expect(badLink.fieldMessages.keys.sorted() == ["website"], "\(badLink)")
        let listed = try await h.post(Self.issuers, ["s": tag.lowercased()], token: nil)
        #expect((listed["data.issuers"] as? [[String: String]])?.compactMap { $0["name"] } == ["\(tag) Aldi", "\(tag) Rewe"], "a guest reads the catalogue: \(listed)")
        #expect(try await h.post(Self.createIssuer, ["i": ["name": "\(tag) Mine"]], token: alice.token).codes == ["FORBIDDEN"])
        let renamed = try await h.post(
            "mutation($id: ID!, $i: IssuerInput!) { updateIssuer(id: $id, input: $i) { name logoUrl } }",
            ["id": reweID, "i": ["name": "\(tag) REWE"]], token: admin.token
        )
        #expect(renamed["data.updateIssuer.name"] as? String == "\(tag) REWE", "\(renamed)")
        #expect(renamed["data.updateIssuer.logoUrl"] is NSNull)
        let card = try await h.saveCard(alice, ["name": "Rewe", "value": "x", "format": "QR", "issuer": reweID])
        #expect(card["data.createCard.issuer.name"] as? String == "\(tag) REWE", "\(card)")
        let cardID = try #require(card.string("data.createCard.id"))
        #expect(try await h.post("mutation($id: ID!) { deleteIssuer(id: $id) }", ["id": reweID], token: admin.token)["data.deleteIssuer"] as? Bool == true)
        let orphan = try await h.post("query($id: ID!) { card(id: $id) { name issuer { name } } }", ["id": cardID], token: alice.token)
        #expect(orphan["data.card.name"] as? String == "Rewe" && orphan["data.card.issuer"] is NSNull, "\(orphan)")
        #expect(try await h.post("mutation($id: ID!) { deleteIssuer(id: $id) }", ["id": reweID], token: admin.token).codes == ["NOT_FOUND"])
    }

    static func names(_ r: TestService.Response) -> [String] {
        (r["data.cards.edges"] as? [[String: Any]] ?? []).compactMap { ($0["node"] as? [String: Any])?["name"] as? String }
    }

    /// A 40 × 40 PNG of four vertical stripes, red, green, blue and white, widest first.
    static func stripes() throws -> UploadedFile {
        let path = try CardInputTests.png(width: 40, height: 40) { x, _ in
            x < 16 ? [255, 0, 0] : x < 28 ? [0, 255, 0] : x < 36 ? [0, 0, 255] : [255, 255, 255]
        }
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        return try MediaTestImages.upload(bytes, filename: "card.png")
    }
}

extension TestService {
    /// `createCard` as `user` with `variables` (CardTests.create's) and an optional front photo.
    func saveCard(_ user: TestUser?, _ variables: [String: Any], photo: UploadedFile? = nil) async throws -> Response {
        try await post(CardTests.create, variables, files: photo.map { ["photo": $0] } ?? [:], token: user?.token)
    }

    /// A QR card of `user` named `name` that must be saved; returns its id.
    func savedCard(_ user: TestUser, name: String) async throws -> String {
        let response = try await saveCard(user, ["name": name, "value": "https://example.com/\(name)", "format": "QR"])
        return try #require(response.string("data.createCard.id"), "\(response)")
    }

    /// The names of `user`'s cards (first page of 100), optionally searched.
    func cardNames(_ user: TestUser, search: String? = nil) async throws -> [String] {
        let response = try await post(CardTests.cards, ["f": 100, "s": search ?? NSNull()], token: user.token)
        #expect(response.codes.isEmpty, "\(response)")
        return CardTests.names(response)
    }

    func cardCount(_ user: TestUser) async throws -> Int {
        try await pool.query("SELECT count(*) AS n FROM cards WHERE owner_id = \(user.id)")[0].decode("n", as: Int.self)
    }
}
