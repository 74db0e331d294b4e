@testable import AppCore
import Foundation
import Postgres
import QuarryTestSupport
import Testing

/// ADMIN's stores and offers (issue 15; API.md "Cards and offers": `createOffer/updateOffer/deleteOffer`): every
/// rule of StoreInput and OfferInput as a field error, an offer taking its issuer and location from its store (and
/// following it when the store moves), thumbnails as public media, deletions, and FORBIDDEN for a user.
@Suite("My Cards: ADMIN's stores and offers")
struct OfferAdminTests {
    static let createStore = "mutation($i: StoreInput!) { createStore(input: $i) { id name address location { latitude longitude } issuer { name } } }"
    static let updateStore = "mutation($id: ID!, $i: StoreInput!) { updateStore(id: $id, input: $i) { id name location { latitude } } }"
    static let createOffer = """
        mutation($i: OfferInput!) { createOffer(input: $i) { id details storeName validFrom validTo thumbnailUrl distanceMeters issuer { name } } }
        """
    static let updateOffer = """
        mutation($id: ID!, $i: OfferInput!) { updateOffer(id: $id, input: $i) { id details storeName thumbnailUrl issuer { name } } }
        """

    static func storeInput(_ issuer: UUID, _ name: String, at point: GeoPoint, address: String = "1 Main Street") -> [String: Any] {
        ["issuerId": GlobalID(typeName: "Issuer", id: issuer).text, "name": name, "address": address, "location": OfferFixtures.variables(point)]
    }

    static func offerInput(_ store: String, _ details: String, from: String = "2020-01-01T00:00:00Z", to: String = "2100-01-01T00:00:00Z") -> [String: Any] {
        ["storeId": store, "details": details, "validFrom": from, "validTo": to]
    }

    static func thumbnail() throws -> UploadedFile {
        try MediaTestImages.upload(try MediaTestImages.png(width: 8, height: 8), filename: "thumbnail.png")
    }

    @Test("createStore and createOffer: the offer takes the store's name and issuer, its thumbnail is a public medium, it is listed near the store")
    func createStoreAndOffer() async throws {
        let h = try await TestService.start()
        let admin = try await h.signUp("admin", role: .admin)
        let user = try await h.signUp("shopper")
        let here = OfferFixtures.somewhere()
        let issuer = try await h.addIssuer("Created")
        let store = try await h.post(Self.createStore, ["i": Self.storeInput(issuer, "  Corner Shop ", at: here)], token: admin.token)
        #expect(store.codes.isEmpty, "\(store)")
        #expect(store["data.createStore.name"] as? String == "Corner Shop")
        #expect(abs((store["data.createStore.location.latitude"] as? Double ?? 0) - here.latitude) < 1e-9)
        let storeID = try #require(store.string("data.createStore.id"))
        var input = Self.offerInput(storeID, "Two for one")
        input["thumbnail"] = RequestUploads.placeholder(forMapKey: "0")
        let offer = try await h.post(Self.createOffer, ["i": input], files: ["0": try Self.thumbnail()], token: admin.token)
        #expect(offer.codes.isEmpty, "\(offer)")
        #expect(offer["data.createOffer.storeName"] as? String == "Corner Shop")
        #expect((offer["data.createOffer.issuer.name"] as? String)?.hasPrefix("Created") == true)
        #expect(offer["data.createOffer.distanceMeters"] is NSNull)
        #expect(offer.string("data.createOffer.thumbnailUrl")?.contains("/media/") == true, "\(offer)")
        let visibility = try await h.pool.query("SELECT visibility FROM media WHERE owner_id = \(admin.id)")
        #expect(try visibility.map { try $0.decode("visibility", as: String.self) } == ["PUBLIC"])
        let listed = try await h.offers(user, near: here)
        #expect(listed.offerDetails() == ["Two for one"], "\(listed)")
        let stores = try await h.post(
            "query($i: ID!) { stores(issuerId: $i) { name } }", ["i": GlobalID(typeName: "Issuer", id: issuer).text], token: admin.token
        )
        #expect(stores["data.stores"] as? [[String: String]] == [["name": "Corner Shop"]], "\(stores)")
    }

    @Test("every rule of StoreInput and OfferInput is a field error, and nothing is stored")
    func validation() async throws {
        let h = try await TestService.start()
        let admin = try await h.signUp("admin", role: .admin)
        let issuer = try await h.addIssuer("Rules")
        var bad = Self.storeInput(issuer, " ", at: OfferFixtures.somewhere(), address: "")
        bad["issuerId"] = GlobalID(typeName: "Issuer", id: UUID()).text
        let unknownIssuer = try await h.post(Self.createStore, ["i": bad], token: admin.token)
        #expect(unknownIssuer.codes == ["BAD_USER_INPUT"], "\(unknownIssuer)")
        #expect(Set(unknownIssuer.fieldMessages.keys) == ["name", "address"], "\(unknownIssuer)")
        var noIssuer = Self.storeInput(issuer, "Shop", at: OfferFixtures.somewhere())
        noIssuer["issuerId"] = GlobalID(typeName: "Issuer", id: UUID()).text
        let missing = try await h.post(Self.createStore, ["i": noIssuer], token: admin.token)
        #expect(missing.fieldMessages["issuerId"] != nil, "\(missing)")
        var outside = Self.storeInput(issuer, "Shop", at: OfferFixtures.somewhere())
        outside["location"] = ["latitude": 10, "longitude": 200]
        let range = try await h.post(Self.createStore, ["i": outside], token: admin.token)
        #expect(range.fieldMessages["location.longitude"] != nil, "\(range)")
        #expect(try await h.pool.query("SELECT 1 FROM stores WHERE issuer_id = \(issuer)").isEmpty)

        let store = try await h.post(Self.createStore, ["i": Self.storeInput(issuer, "Shop", at: OfferFixtures.somewhere())], token: admin.token)
        let storeID = try #require(store.string("data.createStore.id"))
        let backwards = try await h.post(
            Self.createOffer, ["i": Self.offerInput(storeID, "  ", from: "2026-05-02T00:00:00Z", to: "2026-05-01T00:00:00Z")], token: admin.token
        )
        #expect(backwards.codes == ["BAD_USER_INPUT"], "\(backwards)")
        #expect(Set(backwards.fieldMessages.keys) == ["details", "validTo"], "\(backwards)")
        let same = try await h.post(
            Self.createOffer, ["i": Self.offerInput(storeID, "x", from: "2026-05-01T00:00:00Z", to: "2026-05-01T00:00:00Z")], token: admin.token
        )
        #expect(same.fieldMessages["validTo"] != nil, "validFrom < validTo: \(same)")
        let unknownStore = try await h.post(
            Self.createOffer, ["i": Self.offerInput(GlobalID(typeName: "Store", id: UUID()).text, "x")], token: admin.token
        )
        #expect(unknownStore.fieldMessages["storeId"] != nil, "\(unknownStore)")
        let tooLong = try await h.post(Self.createOffer, ["i": Self.offerInput(storeID, String(repeating: "a", count: 2_001))], token: admin.token)
        #expect(tooLong.fieldMessages["details"] != nil, "\(tooLong)")
        #expect(try await h.pool.query("SELECT 1 FROM offers o JOIN stores s ON s.id = o.store_id WHERE s.issuer_id = \(issuer)").isEmpty)
    }

    @Test("updateStore moves its offers with it; updateOffer to another issuer's store changes the offer's issuer and keeps its thumbnail")
    func updates() async throws {
        let h = try await TestService.start()
        let admin = try await h.signUp("admin", role: .admin)
        let user = try await h.signUp("shopper")
        let here = OfferFixtures.somewhere()
        let first = try await h.addIssuer("First")
        let second = try await h.addIssuer("Second")
        let store = try #require(try await h.post(Self.createStore, ["i": Self.storeInput(first, "Mover", at: here)], token: admin.token)
            .string("data.createStore.id"))
        var input = Self.offerInput(store, "Moving sale")
        input["thumbnail"] = RequestUploads.placeholder(forMapKey: "0")
        let offer = try #require(try await h.post(Self.createOffer, ["i": input], files: ["0": try Self.thumbnail()], token: admin.token)
            .string("data.createOffer.id"))
        let elsewhere = OfferFixtures.north(of: here, 100)
        let moved = try await h.post(Self.updateStore, ["id": store, "i": Self.storeInput(first, "Mover", at: elsewhere)], token: admin.token)
        #expect(moved.codes.isEmpty, "\(moved)")
        #expect(try await h.offers(user, near: here).offerDetails() == [], "the offer left with its store")
        #expect(try await h.offers(user, near: elsewhere).offerDetails() == ["Moving sale"])

        let other = try #require(try await h.post(Self.createStore, ["i": Self.storeInput(second, "Other", at: here)], token: admin.token)
            .string("data.createStore.id"))
        let updated = try await h.post(Self.updateOffer, ["id": offer, "i": Self.offerInput(other, "Moved offer")], token: admin.token)
        #expect(updated.codes.isEmpty, "\(updated)")
        #expect(updated["data.updateOffer.storeName"] as? String == "Other")
        #expect((updated["data.updateOffer.issuer.name"] as? String)?.hasPrefix("Second") == true)
        #expect(updated.string("data.updateOffer.thumbnailUrl") != nil, "the thumbnail is kept")
        #expect(try await h.offers(user, near: here).offerDetails() == ["Moved offer"])
        let missing = try await h.post(
            Self.updateOffer, ["id": GlobalID(typeName: "Offer", id: UUID()).text, "i": Self.offerInput(other, "x")], token: admin.token
        )
        #expect(missing.codes == ["NOT_FOUND"], "\(missing)")
        let missingStore = try await h.post(
            Self.updateStore, ["id": GlobalID(typeName: "Store", id: UUID()).text, "i": Self.storeInput(first, "x", at: here)], token: admin.token
        )
        #expect(missingStore.codes == ["NOT_FOUND"], "\(missingStore)")
    }

    @Test("deleteOffer deletes it with its thumbnail; deleteStore deletes the store's offers; NOT_FOUND the second time")
    func deletions() async throws {
        let h = try await TestService.start()
        let admin = try await h.signUp("admin", role: .admin)
        let issuer = try await h.addIssuer("Deleted")
        let store = try #require(try await h.post(Self.createStore, ["i": Self.storeInput(issuer, "Gone", at: OfferFixtures.somewhere())],
                                                  token: admin.token).string("data.createStore.id"))
        var input = Self.offerInput(store, "With thumbnail")
        input["thumbnail"] = RequestUploads.placeholder(forMapKey: "0")
        let offer = try #require(try await h.post(Self.createOffer, ["i": input], files: ["0": try Self.thumbnail()], token: admin.token)
            .string("data.createOffer.id"))
        let kept = try await h.post(Self.createOffer, ["i": Self.offerInput(store, "Second")], token: admin.token)
        #expect(kept.codes.isEmpty, "\(kept)")
        let deleteOffer = "mutation($id: ID!) { deleteOffer(id: $id) }"
        #expect(try await h.post(deleteOffer, ["id": offer], token: admin.token)["data.deleteOffer"] as? Bool == true)
        #expect(try await h.pool.query("SELECT 1 FROM media WHERE owner_id = \(admin.id)").isEmpty, "the thumbnail went with it")
        #expect(try await h.post(deleteOffer, ["id": offer], token: admin.token).codes == ["NOT_FOUND"])
        let deleteStore = "mutation($id: ID!) { deleteStore(id: $id) }"
        #expect(try await h.post(deleteStore, ["id": store], token: admin.token)["data.deleteStore"] as? Bool == true)
        #expect(try await h.pool.query("SELECT 1 FROM offers WHERE issuer_id = \(issuer)").isEmpty)
        #expect(try await h.post(deleteStore, ["id": store], token: admin.token).codes == ["NOT_FOUND"])
    }

    @Test("a user gets FORBIDDEN for stores and offers' writes and nothing is stored")
    func userIsForbidden() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp("user")
        let issuer = try await h.addIssuer("Forbidden")
        let store = try await h.post(Self.createStore, ["i": Self.storeInput(issuer, "Shop", at: OfferFixtures.somewhere())], token: user.token)
        #expect(store.codes == ["FORBIDDEN"], "\(store)")
        let storeID = try await h.addStore(issuer, "Shop", at: OfferFixtures.somewhere())
        let offer = try await h.post(
            Self.createOffer, ["i": Self.offerInput(GlobalID(typeName: "Store", id: storeID).text, "x")], token: user.token
        )
        #expect(offer.codes == ["FORBIDDEN"], "\(offer)")
        #expect(try await h.pool.query("SELECT 1 FROM offers WHERE issuer_id = \(issuer)").isEmpty)
    }
}
