import App
import AppCore
@testable import Cards
import Foundation
import Postgres
import QuarryTestSupport
import TestDatabaseSupport
import Testing

/// `quarry seed-demo`'s loyalty cards (issue 15 "demo data"), loaded twice to show it is idempotent.
@Suite("seed-demo: My Cards")
struct DemoCardsTests {
    @Test("carol has 35 valid cards (more than 30: the two-section layout), 6 recent ones, issuers from the catalogue; once")
    func cardsDemo() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "quarry_demo_cards")
        defer { pool.shutdown() }
        for _ in 0..<2 { _ = try await DemoData.load(database: pool, accounts: testAccountServices()) }
        let h = TestService(service: try GraphQLService(
            schema: try TestService.schema(), database: pool, accounts: testAccountServices(), options: .shipped
        ))
        let login = try await h.post(
            "mutation($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }",
            ["e": "carol@demo.quarry.dev", "p": DemoData.password]
        )
        let token = try #require(login.string("data.logIn.token"), "\(login)")
        let cards = try await h.post(
            "{ cards(first: 100) { totalCount edges { node { name barcodeValue barcodeFormat background issuer { name } } } } }",
            token: token
        )
        #expect(cards["data.cards.totalCount"] as? Int == 35, "\(cards)")
        let nodes = (cards["data.cards.edges"] as? [[String: Any]] ?? []).compactMap { $0["node"] as? [String: Any] }
        #expect(nodes.count == 35)
        for node in nodes {
            let format = try #require(BarcodeFormat(rawValue: node["barcodeFormat"] as? String ?? ""))
            let value = node["barcodeValue"] as? String ?? ""
            #expect(format.problem(with: value) == nil, "\(node)")
            #expect((node["background"] as? String).flatMap(CardForm.color) != nil, "\(node)")
        }
        #expect(nodes.filter { $0["issuer"] is [String: Any] }.count == 8, "one card per demo issuer")
        let recent = try await h.post("{ recentCards { name } }", token: token)
        let names = (recent["data.recentCards"] as? [[String: String]] ?? []).compactMap { $0["name"] }
        #expect(names == ["Lidl", "Aldi", "IKEA", "Decathlon", "Rewe", "Tesco"], "\(recent)")
        let issuers = try await h.post("{ issuers { name } }")
        #expect((issuers["data.issuers"] as? [Any])?.count == 8, "\(issuers)")
    }

    @Test("the demo stores in Berlin and Munich with current, expired and future offers; carol's home in Berlin; once")
    func offersDemo() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "quarry_demo_offers")
        defer { pool.shutdown() }
        for _ in 0..<2 { _ = try await DemoData.load(database: pool, accounts: testAccountServices()) }
        let h = TestService(service: try GraphQLService(
            schema: try TestService.schema(), database: pool, accounts: testAccountServices(), options: .shipped
        ))
        #expect(try await pool.query("SELECT count(*) AS n FROM stores")[0].decode("n", as: Int.self) == 10)
        #expect(try await pool.query("SELECT count(*) AS n FROM offers")[0].decode("n", as: Int.self) == 40)
        let login = try await h.post(
            "mutation($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }",
            ["e": "carol@demo.quarry.dev", "p": DemoData.password]
        )
        let token = try #require(login.string("data.logIn.token"), "\(login)")
        let berlin = try await h.post(
            "{ offersAvailable offers(first: 100) { edges { node { storeName details distanceMeters } } } }", token: token
        )
        let nodes = (berlin["data.offers.edges"] as? [[String: Any]] ?? []).compactMap { $0["node"] as? [String: Any] }
        #expect(berlin["data.offersAvailable"] as? Bool == true, "\(berlin)")
        #expect(nodes.count == 10, "5 Berlin stores with 2 current offers each: \(berlin)")
        #expect(nodes.allSatisfy { ($0["distanceMeters"] as? Double ?? .infinity) < 25_000 })
        #expect(nodes.first?["storeName"] as? String == "Lidl Alexanderplatz", "the nearest to Berlin Mitte (0.6 km)")
        let munich = try await h.post(
            "{ offers(near: { latitude: 48.1372, longitude: 11.5756 }, first: 100) { edges { node { storeName } } } }", token: token
        )
        #expect((munich["data.offers.edges"] as? [Any])?.count == 10, "5 Munich stores, the farthest (IKEA Brunnthal) 14 km out: \(munich)")
        let cards = try await h.post("{ cards(search: \"Lidl\") { edges { node { offers { edges { node { storeName } } } } } } }", token: token)
        let stores = ((cards["data.cards.edges"] as? [[String: Any]])?.first?["node"] as? [String: Any])
            .flatMap { ($0["offers"] as? [String: Any])?["edges"] as? [[String: Any]] }?
            .compactMap { ($0["node"] as? [String: Any])?["storeName"] as? String }
        #expect(stores == ["Lidl Alexanderplatz", "Lidl Alexanderplatz"], "\(cards)")
    }
}
