@testable import AppCore
import App
import Foundation
import Postgres
import QuarryTestSupport
import TestDatabaseSupport
import Testing

/// Offers by place over GraphQL against the database (issue 15; seed my-cards.md UC1.1, UC1.2.7, UC1.3; API.md
/// "Cards and offers"): the offers valid now within the default 25 km of a point, nearest first, the guest's
/// public answers and the signed-in user's lists, homeLocation as the point, search, paging, and Card.offers.
@Suite("My Cards: offers by place")
struct OfferTests {
    @Test("offers(near:) lists the valid offers within 25 km nearest first with their distance; 40 km away, expired and future ones are not")
    func nearestFirstWithinRadius() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp("offers")
        let here = OfferFixtures.somewhere()
        let issuer = try await h.addIssuer("Nearby")
        let close = try await h.addStore(issuer, "Close shop", at: OfferFixtures.north(of: here, 3))
        let ten = try await h.addStore(issuer, "Ten km shop", at: OfferFixtures.north(of: here, 10))
        let forty = try await h.addStore(issuer, "Forty km shop", at: OfferFixtures.north(of: here, 40))
        try await h.addOffer(ten, "ten km")
        try await h.addOffer(close, "three km")
        try await h.addOffer(forty, "forty km")
        try await h.addOffer(close, "expired", from: -10, to: -1)
        try await h.addOffer(close, "future", from: 1, to: 10)
        let r = try await h.offers(user, near: here)
        #expect(r.codes.isEmpty, "\(r)")
        #expect(r.offerDetails() == ["three km", "ten km"], "\(r)")
        let distances = r.offerNodes().compactMap { $0["distanceMeters"] as? Double }
        #expect(distances.count == 2)
        #expect(abs(distances[0] - 3_000) < 30 && abs(distances[1] - 10_000) < 100, "\(distances)")
        #expect(r.offerNodes().first?["storeName"] as? String == "Close shop")
        #expect(r["data.offers.pageInfo.hasNextPage"] as? Bool == false)

        // From 27 km north, all three stores are within 25 km (13, 17 and 24 km): nearest first from there.
        let r2 = try await h.offers(user, near: OfferFixtures.north(of: here, 27))
        #expect(r2.offerDetails() == ["forty km", "ten km", "three km"], "\(r2)")
    }

    @Test("offersAvailable and offerSummary are public: true/count near offers, false/0 where none are; NOT_FOUND for an unknown issuer")
    func publicAnswers() async throws {
        let h = try await TestService.start()
        let here = OfferFixtures.somewhere()
        let issuer = try await h.addIssuer("Summary")
        let other = try await h.addIssuer("Other")
        let store = try await h.addStore(issuer, "Shop", at: OfferFixtures.north(of: here, 10))
        try await h.addOffer(store, "one")
        try await h.addOffer(store, "two")
        try await h.addOffer(store, "expired", from: -5, to: -1)
        try await h.addOffer(try await h.addStore(other, "Other shop", at: here), "other's")
        let query = """
            query($near: GeoPointInput, $issuer: ID!) {
              offersAvailable(near: $near) summary: offerSummary(issuerId: $issuer, near: $near) { available count }
            }
            """
        let issuerID = GlobalID(typeName: "Issuer", id: issuer).text
        let near = try await h.post(query, ["near": OfferFixtures.variables(here), "issuer": issuerID])
        #expect(near.codes.isEmpty, "\(near)")
        #expect(near["data.offersAvailable"] as? Bool == true)
        #expect(near["data.summary.count"] as? Int == 2, "\(near)")
        #expect(near["data.summary.available"] as? Bool == true)
        let far = try await h.post(query, ["near": OfferFixtures.variables(OfferFixtures.north(of: here, 40)), "issuer": issuerID])
        #expect(far["data.offersAvailable"] as? Bool == false, "\(far)")
        #expect(far["data.summary.count"] as? Int == 0)
        #expect(far["data.summary.available"] as? Bool == false)
        let unknown = try await h.post(
            "query($i: ID!) { offerSummary(issuerId: $i) { count } }", ["i": GlobalID(typeName: "Issuer", id: UUID()).text]
        )
        #expect(unknown.codes == ["NOT_FOUND"], "\(unknown)")
        let badPoint = try await h.post("{ offersAvailable(near: { latitude: 91, longitude: 0 }) }")
        #expect(badPoint.fieldMessages["near.latitude"] != nil, "\(badPoint)")
    }

    @Test("a guest gets UNAUTHENTICATED for offers and Card.offers is a signed-in owner's; the guest still learns offers exist")
    func guestIsAskedToSignIn() async throws {
        let h = try await TestService.start()
        let here = OfferFixtures.somewhere()
        try await h.addOffer(try await h.addStore(try await h.addIssuer("Guest"), "Shop", at: here), "for users")
        let r = try await h.offers(nil, near: here)
        #expect(r.codes == ["UNAUTHENTICATED"], "\(r)")
        #expect(r.data?["offers"] == nil || r.data?["offers"] is NSNull)
        let available = try await h.post("query($n: GeoPointInput) { offersAvailable(near: $n) }", ["n": OfferFixtures.variables(here)])
        #expect(available["data.offersAvailable"] as? Bool == true, "\(available)")
    }

    @Test("search matches the store's name or the details, ignoring case, % and _ as typed")
    func search() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp("offers")
        let here = OfferFixtures.somewhere()
        let issuer = try await h.addIssuer("Search")
        let bakery = try await h.addStore(issuer, "Bakery Müller", at: OfferFixtures.north(of: here, 1))
        let market = try await h.addStore(issuer, "Market", at: OfferFixtures.north(of: here, 2))
        try await h.addOffer(bakery, "Croissants 2 for 1")
        try await h.addOffer(market, "Fresh BREAD rolls")
        try await h.addOffer(market, "50% off apples")
        #expect(try await h.offers(user, near: here, search: "bakery").offerDetails() == ["Croissants 2 for 1"])
        #expect(try await h.offers(user, near: here, search: "bread").offerDetails() == ["Fresh BREAD rolls"])
        // One store, one distance: the two are in id order.
        #expect(Set(try await h.offers(user, near: here, search: "MARKET").offerDetails()) == ["Fresh BREAD rolls", "50% off apples"])
        #expect(try await h.offers(user, near: here, search: "0%").offerDetails() == ["50% off apples"])
        #expect(try await h.offers(user, near: here, search: "5_").offerDetails() == [])
        #expect(try await h.offers(user, near: here, search: "  ").offerDetails().count == 3, "blank is no search")
    }

    @Test("pages by cursor follow (distance, id): offers of one store (the same distance) split across pages, none skipped or repeated")
    func paging() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp("offers")
        let here = OfferFixtures.somewhere()
        let issuer = try await h.addIssuer("Paging")
        let near = try await h.addStore(issuer, "Near", at: OfferFixtures.north(of: here, 1))
        let far = try await h.addStore(issuer, "Far", at: OfferFixtures.north(of: here, 5))
        var expected: [UUID] = []
        for index in 0..<5 { expected.append(try await h.addOffer(near, "near \(index)")) }
        expected.sort { $0.lowercasedText < $1.lowercasedText }
        let farOffers = [try await h.addOffer(far, "far 0"), try await h.addOffer(far, "far 1")].sorted { $0.lowercasedText < $1.lowercasedText }
        expected += farOffers
        var seen: [String] = []
        var after: String?
        var pages = 0
        repeat {
            let r = try await h.offers(user, near: here, first: 2, after: after)
            #expect(r.codes.isEmpty, "\(r)")
            seen += r.offerNodes().compactMap { $0["id"] as? String }
            after = r["data.offers.pageInfo.hasNextPage"] as? Bool == true ? r.string("data.offers.pageInfo.endCursor") : nil
            pages += 1
        } while after != nil && pages < 10
        #expect(pages == 4)
        #expect(seen == expected.map { GlobalID(typeName: "Offer", id: $0).text })

        let bad = try await h.offers(user, near: here, after: "nonsense")
        #expect(bad.codes == ["BAD_USER_INPUT"] && bad.fieldMessages["after"] != nil, "\(bad)")
        let first = try await h.offers(user, near: here, first: 1)
        let cursor = try #require(first.string("data.offers.pageInfo.endCursor"))
        let withoutPoint = try await h.offers(user, near: nil, after: cursor)
        #expect(withoutPoint.codes == ["BAD_USER_INPUT"], "a distance cursor is not a cursor of the list without a point: \(withoutPoint)")
        let tooMany = try await h.offers(user, near: here, first: 101)
        #expect(tooMany.fieldMessages["first"] != nil, "\(tooMany)")
    }

    @Test("without near a user's homeLocation is the point: offers, offersAvailable and offerSummary measure from it")
    func homeLocationFallback() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp("offers")
        let home = OfferFixtures.somewhere()
        let issuer = try await h.addIssuer("Home")
        try await h.addOffer(try await h.addStore(issuer, "Far", at: OfferFixtures.north(of: home, 20)), "twenty km")
        try await h.addOffer(try await h.addStore(issuer, "Near", at: OfferFixtures.north(of: home, 2)), "two km")
        try await h.addOffer(try await h.addStore(issuer, "Out", at: OfferFixtures.north(of: home, 30)), "thirty km")
        try await h.setHome(user, home)
        let r = try await h.offers(user, near: nil)
        #expect(r.offerDetails() == ["two km", "twenty km"], "\(r)")
        #expect(abs((r.offerNodes().first?["distanceMeters"] as? Double ?? 0) - 2_000) < 20)
        let summary = try await h.post(
            "query($i: ID!) { offersAvailable offerSummary(issuerId: $i) { count } }",
            ["i": GlobalID(typeName: "Issuer", id: issuer).text], token: user.token
        )
        #expect(summary["data.offersAvailable"] as? Bool == true, "\(summary)")
        #expect(summary["data.offerSummary.count"] as? Int == 2, "\(summary)")
        // `near` wins over the home.
        let elsewhere = try await h.offers(user, near: OfferFixtures.north(of: home, 30))
        #expect(elsewhere.offerDetails().first == "thirty km", "\(elsewhere)")
    }

    @Test("with no point at all: offersAvailable says whether any offer is valid; offers lists them soonest-ending first without distance")
    func withoutAnyPoint() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "quarry_offers_nowhere")
        defer { pool.shutdown() }
        let h = try await TestService.start(database: pool)
        let user = try await h.signUp("nowhere")
        #expect(try await h.post("{ offersAvailable }")["data.offersAvailable"] as? Bool == false)
        let issuer = try await h.addIssuer("Anywhere")
        let store = try await h.addStore(issuer, "Shop", at: OfferFixtures.somewhere())
        try await h.addOffer(store, "expired", from: -5, to: -1)
        #expect(try await h.post("{ offersAvailable }")["data.offersAvailable"] as? Bool == false, "an expired offer is no offer")
        try await h.addOffer(store, "ends in 9 days", to: 9)
        try await h.addOffer(try await h.addStore(issuer, "Other", at: OfferFixtures.somewhere()), "ends in 2 days", to: 2)
        try await h.addOffer(store, "ends in 5 days", to: 5)
        #expect(try await h.post("{ offersAvailable }")["data.offersAvailable"] as? Bool == true)
        #expect(try await h.post("{ offersAvailable }", token: user.token)["data.offersAvailable"] as? Bool == true)
        let first = try await h.offers(user, near: nil, first: 2)
        #expect(first.offerDetails() == ["ends in 2 days", "ends in 5 days"], "\(first)")
        #expect(first.offerNodes().allSatisfy { $0["distanceMeters"] is NSNull }, "\(first)")
        let rest = try await h.offers(user, near: nil, first: 2, after: first.string("data.offers.pageInfo.endCursor"))
        #expect(rest.offerDetails() == ["ends in 9 days"], "\(rest)")
        #expect(rest["data.offers.pageInfo.hasNextPage"] as? Bool == false)
    }

    @Test("Card.offers lists the card issuer's offers around the owner's home, all of them without a home; none without an issuer")
    func cardOffers() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp("cardoffers")
        let home = OfferFixtures.somewhere()
        let lidl = try await h.addIssuer("Lidl")
        let aldi = try await h.addIssuer("Aldi")
        try await h.addOffer(try await h.addStore(lidl, "Lidl near", at: OfferFixtures.north(of: home, 5)), "lidl near")
        try await h.addOffer(try await h.addStore(lidl, "Lidl far", at: OfferFixtures.north(of: home, 60)), "lidl far")
        try await h.addOffer(try await h.addStore(aldi, "Aldi near", at: OfferFixtures.north(of: home, 1)), "aldi near")
        for (name, issuer) in [("A Lidl", lidl), ("B Aldi", aldi)] {
            let r = try await h.saveCard(user, [
                "name": name, "value": "https://example.com/\(name)", "format": "QR", "issuer": GlobalID(typeName: "Issuer", id: issuer).text,
            ])
            #expect(r.codes.isEmpty, "\(r)")
        }
        _ = try await h.savedCard(user, name: "C none")
        let query = "{ cards(first: 10) { edges { node { name offers { edges { node { details distanceMeters } } } } } } }"
        func offersByCard(_ r: TestService.Response) -> [[String]] {
            (r["data.cards.edges"] as? [[String: Any]] ?? []).map { edge in
                let node = edge["node"] as? [String: Any]
                let offers = (node?["offers"] as? [String: Any])?["edges"] as? [[String: Any]] ?? []
                return offers.compactMap { ($0["node"] as? [String: Any])?["details"] as? String }
            }
        }
        let withoutHome = try await h.post(query, token: user.token)
        #expect(withoutHome.codes.isEmpty, "\(withoutHome)")
        #expect(Set(offersByCard(withoutHome)[0]) == ["lidl near", "lidl far"], "\(withoutHome)")
        #expect(offersByCard(withoutHome)[1] == ["aldi near"])
        #expect(offersByCard(withoutHome)[2] == [], "a card without an issuer has no offers")
        try await h.setHome(user, home)
        let withHome = try await h.post(query, token: user.token)
        #expect(offersByCard(withHome) == [["lidl near"], ["aldi near"], []], "\(withHome)")
    }

    @Test("Card.offers pages by cursor follow (distance, id): one store's offers split across pages, other issuers' left out")
    func cardOffersPaging() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp("cardpaging")
        let home = OfferFixtures.somewhere()
        let issuer = try await h.addIssuer("Paged")
        let other = try await h.addIssuer("Other")
        let near = try await h.addStore(issuer, "Paged near", at: OfferFixtures.north(of: home, 1))
        var expected: [UUID] = []
        for index in 0..<5 { expected.append(try await h.addOffer(near, "near \(index)")) }
        expected.sort { $0.lowercasedText < $1.lowercasedText }
        expected.append(try await h.addOffer(try await h.addStore(issuer, "Paged far", at: OfferFixtures.north(of: home, 5)), "far"))
        try await h.addOffer(try await h.addStore(other, "Other nearest", at: OfferFixtures.north(of: home, 0.5)), "other")
        let card = try await h.saveCard(user, [
            "name": "Paged", "value": "https://example.com/paged", "format": "QR", "issuer": GlobalID(typeName: "Issuer", id: issuer).text,
        ])
        #expect(card.codes.isEmpty, "\(card)")
        try await h.setHome(user, home)
        let query = """
            query($a: String) { cards(first: 1) { edges { node { offers(first: 2, after: $a) {
              edges { node { id } } pageInfo { hasNextPage endCursor } } } } } }
            """
        var seen: [String] = []
        var after: String?
        var pages = 0
        repeat {
            let r = try await h.post(query, after.map { ["a": $0] } ?? [:], token: user.token)
            #expect(r.codes.isEmpty, "\(r)")
            let offers = "data.cards.edges.0.node.offers"
            seen += (r["\(offers).edges"] as? [[String: Any]] ?? []).compactMap { ($0["node"] as? [String: Any])?["id"] as? String }
            after = r["\(offers).pageInfo.hasNextPage"] as? Bool == true ? r.string("\(offers).pageInfo.endCursor") : nil
            pages += 1
        } while after != nil && pages < 10
        #expect(pages == 3)
        #expect(seen == expected.map { GlobalID(typeName: "Offer", id: $0).text })
    }

    @Test("Card.offers over a page of cards costs the same statements for 2 cards as for 6 (one level, one batch)")
    func cardOffersStatements() async throws {
        let h = try await TestService.start()
        let small = try await h.signUp("fewcards")
        let large = try await h.signUp("manycards")
        let home = OfferFixtures.somewhere()
        var issuers: [UUID] = []
        for index in 0..<6 {
            let issuer = try await h.addIssuer("Batch \(index)")
            issuers.append(issuer)
            try await h.addOffer(try await h.addStore(issuer, "Shop \(index)", at: OfferFixtures.north(of: home, Double(index))), "offer \(index)")
        }
        for (user, count) in [(small, 2), (large, 6)] {
            try await h.setHome(user, home)
            for index in 0..<count {
                let r = try await h.saveCard(user, [
                    "name": "Card \(index)", "value": "https://example.com/\(index)", "format": "QR",
                    "issuer": GlobalID(typeName: "Issuer", id: issuers[index]).text,
                ])
                #expect(r.codes.isEmpty, "\(r)")
            }
        }
        let query = "{ cards(first: 10) { edges { node { name offers(first: 5) { edges { node { details } } } } } } }"
        let few = try await h.post(query, token: small.token)
        let many = try await h.post(query, token: large.token)
        #expect(few.codes.isEmpty && many.codes.isEmpty, "\(few) \(many)")
        #expect((many["data.cards.edges"] as? [Any])?.count == 6)
        #expect(many.statements == few.statements, "\(few.statements) vs \(many.statements)")
        #expect(many.statements == 4, "the token, the cards, the owner's home, every card's offers")
    }
}
