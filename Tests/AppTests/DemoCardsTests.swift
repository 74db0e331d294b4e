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
}
