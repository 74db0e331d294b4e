import App
@testable import AppCore
@testable import Food
import Foundation
import Postgres
import QuarryTestSupport
import TestDatabaseSupport
import Testing

/// The food suggestion tool over GraphQL against the database (issue 16; seed foodstabook.md 2.4.1; API.md "Posts,
/// newsfeed, search, food suggestions"). Suggestions are random, so the tests check the rules' properties: four at a
/// time and never one twice in a round until the catalogue is exhausted (then the seed's NO_MORE_SUGGESTIONS), two of
/// the asked or favourite category, "more like this" sharing the most tags, the history, likes, starting over, and
/// two calls at once never showing one food twice.
@Suite("Foodstabook: the food suggestion tool")
struct FoodSuggestionTests {
    static let suggest = """
        query($c: MealCategory, $m: ID) { foodSuggestions(category: $c, moreLike: $m) { id name categories tags pictureUrl viewerLikes } }
        """
    static let startOver = "mutation { startOverFoodSuggestions }"
    static let history = """
        query($f: Int, $a: String) {
          foodSuggestionHistory(first: $f, after: $a) {
            edges { cursor node { round shownAt suggestion { id name } } } pageInfo { hasNextPage endCursor }
          }
        }
        """
    static let like = "mutation($id: ID!) { likeFoodSuggestion(id: $id) { id viewerLikes } }"
    static let unlike = "mutation($id: ID!) { unlikeFoodSuggestion(id: $id) { id viewerLikes } }"
    /// The seed's exception, word for word in its sense: "the tool doesn't have any more suggestions. The user can
    /// go back to previous suggestions or start over."
    static let noMoreText = "The food suggestion tool doesn't have any more suggestions. Go back to your previous suggestions or start over."

    /// A food of the catalogue as the tests compare them.
    struct Food: Hashable {
        let id: String
        let categories: Set<String>
        let tags: Set<String>
    }

    /// The suggestions of one response (empty when it failed).
    static func foods(_ response: TestService.Response) -> [Food] {
        (response["data.foodSuggestions"] as? [[String: Any]] ?? []).map { food in
            Food(
                id: food["id"] as? String ?? "", categories: Set(food["categories"] as? [String] ?? []),
                tags: Set(food["tags"] as? [String] ?? [])
            )
        }
    }

    /// The whole catalogue, by global id.
    static func catalogue(_ h: TestService) async throws -> [String: Food] {
        let rows = try await h.pool.query("SELECT id, categories, tags FROM foods")
        return Dictionary(uniqueKeysWithValues: try rows.map { row in
            let id = GlobalID(typeName: "FoodSuggestion", id: try row.decode("id", as: UUID.self)).text
            return (id, Food(
                id: id, categories: Set(try row.decode("categories", as: [String].self)), tags: Set(try row.decode("tags", as: [String].self))
            ))
        })
    }

    /// The global id of the catalogue's food called `name`.
    static func food(named name: String, _ h: TestService) async throws -> String {
        let id = try await h.pool.query("SELECT id FROM foods WHERE name = \(name)")[0].decode("id", as: UUID.self)
        return GlobalID(typeName: "FoodSuggestion", id: id).text
    }

    @Test("the catalogue has at least 150 foods, every category among them, each with a description and tags")
    func catalogueShape() async throws {
        let h = try await TestService.start()
        let foods = try await Self.catalogue(h)
        #expect(foods.count >= 150, "\(foods.count)")
        for category in ["BREAKFAST", "LUNCH", "DINNER", "HEALTHY_SNACK", "DESSERT", "DRINK"] {
            #expect(foods.values.filter { $0.categories.contains(category) }.count >= 10, "\(category)")
        }
        #expect(foods.values.allSatisfy { !$0.tags.isEmpty && !$0.categories.isEmpty })
    }

    @Test("four new foods a call, none twice in a round; NO_MORE_SUGGESTIONS with the seed's text after exactly ceil(catalogue / 4) calls; start over begins again")
    func exhaustion() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("food")
        let catalogue = try await Self.catalogue(h)
        let calls = (catalogue.count + 3) / 4
        var shown: [String] = []
        for call in 0..<calls {
            let r = try await h.post(Self.suggest, token: alice.token)
            #expect(r.codes.isEmpty, "call \(call): \(r)")
            let foods = Self.foods(r)
            #expect(foods.count == min(4, catalogue.count - shown.count), "call \(call)")
            shown += foods.map(\.id)
        }
        #expect(Set(shown).count == shown.count, "no food twice in a round")
        #expect(Set(shown) == Set(catalogue.keys), "every food was shown")
        let exhausted = try await h.post(Self.suggest, token: alice.token)
        #expect(exhausted.codes == ["NO_MORE_SUGGESTIONS"])
        #expect(exhausted.messages == [Self.noMoreText])
        #expect(exhausted["data"] is NSNull, "a non-null root field's error nulls data")
        let again = try await h.post(Self.suggest, ["c": "DINNER"], token: alice.token)
        #expect(again.codes == ["NO_MORE_SUGGESTIONS"], "a category does not help once everything was shown")

        let restarted = try await h.post(Self.startOver, token: alice.token)
        #expect(restarted["data.startOverFoodSuggestions"] as? Bool == true)
        let fresh = try await h.post(Self.suggest, token: alice.token)
        #expect(fresh.codes.isEmpty && Self.foods(fresh).count == 4, "\(fresh)")
        // Another user's round is their own.
        let bob = try await h.signUp("food")
        #expect(Self.foods(try await h.post(Self.suggest, token: bob.token)).count == 4)
    }

    @Test("with a category, at least two of the four are from it while it has two left, and all it has left after that")
    func categorySlots() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("food")
        let catalogue = try await Self.catalogue(h)
        var left = Set(catalogue.values.filter { $0.categories.contains("DESSERT") }.map(\.id))
        var calls = 0
        while !left.isEmpty {
            let r = try await h.post(Self.suggest, ["c": "DESSERT"], token: alice.token)
            let foods = Self.foods(r)
            #expect(foods.count == 4, "\(r)")
            let desserts = foods.filter { $0.categories.contains("DESSERT") }
            #expect(desserts.count >= min(2, left.count), "\(left.count) desserts left: \(foods)")
            #expect(desserts.allSatisfy { left.contains($0.id) }, "never a dessert shown before")
            left.subtract(desserts.map(\.id))
            calls += 1
            try #require(calls <= catalogue.count / 4, "the desserts run out within the catalogue's calls")
        }
        // The category exhausted, random foods still fill the four.
        let after = try await h.post(Self.suggest, ["c": "DESSERT"], token: alice.token)
        #expect(Self.foods(after).count == 4 && Self.foods(after).allSatisfy { !$0.categories.contains("DESSERT") }, "\(after)")
    }

    @Test("without a category, two come from the favourite category: the one of the liked suggestions")
    func favouriteCategory() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("food")
        for name in ["Iced latte", "Lemonade", "Horchata"] {
            let r = try await h.post(Self.like, ["id": try await Self.food(named: name, h)], token: alice.token)
            #expect(r["data.likeFoodSuggestion.viewerLikes"] as? Bool == true, "\(r)")
        }
        for _ in 0..<3 {
            let foods = Self.foods(try await h.post(Self.suggest, token: alice.token))
            #expect(foods.count == 4)
            #expect(foods.filter { $0.categories.contains("DRINK") }.count >= 2, "\(foods)")
        }
    }

    @Test("moreLike answers the foods sharing the most tags with the source, never the source, never one shown before")
    func moreLike() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("food")
        let catalogue = try await Self.catalogue(h)
        let sourceID = try await Self.food(named: "Tonkotsu ramen", h)
        let source = try #require(catalogue[sourceID])
        var shown = Set(Self.foods(try await h.post(Self.suggest, token: alice.token)).map(\.id))
        for _ in 0..<3 {
            let r = try await h.post(Self.suggest, ["m": sourceID], token: alice.token)
            let foods = Self.foods(r)
            #expect(foods.count == 4, "\(r)")
            #expect(foods.allSatisfy { !$0.tags.isDisjoint(with: source.tags) }, "each shares a tag with the source: \(foods)")
            #expect(!foods.contains { $0.id == sourceID } && foods.allSatisfy { !shown.contains($0.id) })
            // No food left out shares more tags than the least similar one shown.
            let least = foods.map { $0.tags.intersection(source.tags).count }.min() ?? 0
            shown.formUnion(foods.map(\.id))
            let rest = catalogue.values.filter { !shown.contains($0.id) && $0.id != sourceID }
            #expect(rest.allSatisfy { $0.tags.intersection(source.tags).count <= least })
        }
        let withCategory = Self.foods(try await h.post(Self.suggest, ["m": sourceID, "c": "BREAKFAST"], token: alice.token))
        #expect(!withCategory.isEmpty && withCategory.allSatisfy { $0.categories.contains("BREAKFAST") }, "\(withCategory)")
        let unknown = try await h.post(Self.suggest, ["m": alice.globalID], token: alice.token)
        #expect(unknown.codes == ["NOT_FOUND"], "a user's id is no food: \(unknown)")
    }

    @Test("two calls of one user at the same time never show the same food")
    func concurrentCalls() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("food")
        var shown: [String] = []
        for _ in 0..<6 {
            async let first = h.post(Self.suggest, token: alice.token)
            async let second = h.post(Self.suggest, ["c": "LUNCH"], token: alice.token)
            let (a, b) = try await (first, second)
            #expect(a.codes.isEmpty && b.codes.isEmpty, "\(a) \(b)")
            shown += Self.foods(a).map(\.id) + Self.foods(b).map(\.id)
        }
        #expect(shown.count == 48)
        #expect(Set(shown).count == shown.count, "no food twice in the round")
        let rows = try await h.pool.query("SELECT count(*) AS n FROM food_suggestions_shown WHERE user_id = \(alice.id)")
        #expect(try rows[0].decode("n", as: Int.self) == 48)
    }

    @Test("the history lists what was shown, newest first, by round, in pages; one statement a page")
    func history() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("food")
        let first = Set(Self.foods(try await h.post(Self.suggest, token: alice.token)).map(\.id))
        _ = try await h.post(Self.startOver, token: alice.token)
        let second = Set(Self.foods(try await h.post(Self.suggest, token: alice.token)).map(\.id))
        let page = try await h.post(Self.history, ["f": 4], token: alice.token)
        let edges = page["data.foodSuggestionHistory.edges"] as? [[String: Any]] ?? []
        #expect(Set(edges.compactMap { ($0["node"] as? [String: Any])?["suggestion"] as? [String: Any] }.compactMap { $0["id"] as? String }) == second)
        #expect(edges.allSatisfy { ($0["node"] as? [String: Any])?["round"] as? Int == 2 }, "\(page)")
        #expect(page["data.foodSuggestionHistory.pageInfo.hasNextPage"] as? Bool == true)
        let cursor = try #require(page.string("data.foodSuggestionHistory.pageInfo.endCursor"))
        let next = try await h.post(Self.history, ["f": 10, "a": cursor], token: alice.token)
        let older = next["data.foodSuggestionHistory.edges"] as? [[String: Any]] ?? []
        #expect(Set(older.compactMap { ($0["node"] as? [String: Any])?["suggestion"] as? [String: Any] }.compactMap { $0["id"] as? String }) == first)
        #expect(older.allSatisfy { ($0["node"] as? [String: Any])?["round"] as? Int == 1 })
        #expect(next["data.foodSuggestionHistory.pageInfo.hasNextPage"] as? Bool == false)
        // Another user's history is theirs.
        let bob = try await h.signUp("food")
        let empty = try await h.post(Self.history, token: bob.token)
        #expect((empty["data.foodSuggestionHistory.edges"] as? [Any])?.isEmpty == true, "\(empty)")
        // The page with its suggestions is one statement whatever its size (after the session lookup).
        let small = try await h.post(Self.history, ["f": 1], token: alice.token)
        let large = try await h.post(Self.history, ["f": 8], token: alice.token)
        #expect(small.statements == large.statements, "\(small.statements) vs \(large.statements)")
    }

    @Test("likes: viewerLikes follows like and unlike, twice changes nothing; an unknown id is NOT_FOUND; node for a user, null for a guest")
    func likesAndNode() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("food")
        let id = try await Self.food(named: "Pad Thai", h)
        for _ in 0..<2 {
            let r = try await h.post(Self.like, ["id": id], token: alice.token)
            #expect(r["data.likeFoodSuggestion.viewerLikes"] as? Bool == true, "\(r)")
        }
        let node = "query($id: ID!) { node(id: $id) { ... on FoodSuggestion { name viewerLikes pictureUrl } } }"
        let seen = try await h.post(node, ["id": id], token: alice.token)
        #expect(seen.string("data.node.name") == "Pad Thai")
        #expect(seen["data.node.viewerLikes"] as? Bool == true)
        let foodID = try #require(GlobalID.id(of: "FoodSuggestion", id))
        #expect(seen.string("data.node.pictureUrl") == "\(TestService.publicURL)/food-pictures/\(foodID.uuidString.lowercased()).png")
        let bob = try await h.signUp("food")
        #expect(try await h.post(node, ["id": id], token: bob.token)["data.node.viewerLikes"] as? Bool == false, "likes are per user")
        #expect(try await h.post(node, ["id": id])["data.node"] is NSNull, "a guest gets null")
        for _ in 0..<2 {
            let r = try await h.post(Self.unlike, ["id": id], token: alice.token)
            #expect(r["data.unlikeFoodSuggestion.viewerLikes"] as? Bool == false, "\(r)")
        }
        let missing = GlobalID(typeName: "FoodSuggestion", id: UUID()).text
        #expect(try await h.post(Self.like, ["id": missing], token: alice.token).codes == ["NOT_FOUND"])
        #expect(try await h.post(Self.like, ["id": alice.globalID], token: alice.token).codes == ["NOT_FOUND"])
        #expect(try await h.post(Self.suggest).codes == ["UNAUTHENTICATED"])
    }

    @Test("a food's affinity counts its words among the user's recent post captions and liked suggestions' tags")
    func affinity() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("food")
        let media = try await h.pool.query("""
            INSERT INTO media (owner_id, sha256, content_type, byte_size, width, height, kind, visibility)
            VALUES (\(alice.id), repeat('b', 64), 'image/jpeg', 1, 200, 200, 'IMAGE', 'PUBLIC') RETURNING id
            """)[0].decode("id", as: UUID.self)
        _ = try await h.pool.execute("INSERT INTO posts (author_id, media_id, caption) VALUES (\(alice.id), \(media), 'Ramen night! So good.')")
        _ = try await h.post(Self.like, ["id": try await Self.food(named: "Espresso", h)], token: alice.token)
        let candidates = try await h.pool.withConnection { connection in
            try await FoodQueries.candidates(for: alice.id, round: 1, on: connection)
        }
        let names = try await h.pool.query("SELECT id, name FROM foods")
        let byName = Dictionary(uniqueKeysWithValues: try names.map { (try $0.decode("name", as: String.self), try $0.decode("id", as: UUID.self)) })
        func affinity(_ name: String) -> Int? { candidates.first { $0.id == byName[name] }?.affinity }
        #expect(affinity("Tonkotsu ramen") == 2, "ramen from the caption, hot from the liked espresso's tags")
        #expect(affinity("Cappuccino") == 4, "the liked espresso's tags: italian, coffee, hot, caffeine")
        #expect(affinity("Carrot sticks with hummus") == 0)
        #expect(candidates.count == byName.count, "nothing shown yet")
    }

    @Test("seed-demo: bob and alice have liked suggestions of the catalogue; loading twice adds none")
    func demo() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "quarry_demo_food")
        defer { pool.shutdown() }
        for _ in 0..<2 { _ = try await DemoData.load(database: pool, accounts: testAccountServices()) }
        let rows = try await pool.query("""
            SELECT u.nickname, count(*)::int AS n FROM food_likes l JOIN users u ON u.id = l.user_id GROUP BY u.nickname ORDER BY u.nickname
            """)
        let likes = try rows.map { "\(try $0.decode("nickname", as: String.self)):\(try $0.decode("n", as: Int.self))" }
        #expect(likes == ["alice:2", "bob_cooks:5"])
    }
}

/// ``FoodPicker`` and ``FoodPicture`` alone, with a seeded random source: the rules, without the database.
@Suite("Foodstabook: food picking and pictures")
struct FoodPickerTests {
    /// The seeded SplitMix64 of the screenshot search's fuzz tests: each run draws the same numbers.
    typealias Seeded = ScreenshotSearchFuzzTests.Generator

    static func candidate(_ categories: [String], _ tags: [String] = ["x"], affinity: Int = 0) -> FoodCandidate {
        FoodCandidate(id: UUID(), categories: categories, tags: tags, affinity: affinity)
    }

    @Test("a food of affinity 9 is drawn about ten times as often as one of affinity 0")
    func weights() {
        var random = Seeded(state: 16)
        let candidates = [Self.candidate(["LUNCH"]), Self.candidate(["LUNCH"], affinity: 9)]
        let heavy = (0..<10_000).filter { _ in FoodPicker.weightedIndex(in: candidates, using: &random) == 1 }.count
        #expect((8_700...9_400).contains(heavy), "\(heavy) of 10000, expected about 9091")
    }

    @Test("the favourite category is drawn by its weight among the categories left; without favourites, any left")
    func favourites() {
        var random = Seeded(state: 7)
        let candidates = [Self.candidate(["DRINK"]), Self.candidate(["DESSERT"]), Self.candidate(["LUNCH"])]
        let draws = (0..<3_000).compactMap { _ in
            FoodPicker.favouriteCategory(among: candidates, favourites: ["DRINK": 3, "DESSERT": 1, "DINNER": 50], using: &random)
        }
        #expect(!draws.contains("DINNER") && !draws.contains("LUNCH"), "only favourites that are left")
        let drinks = draws.filter { $0 == "DRINK" }.count
        #expect((2_100...2_400).contains(drinks), "\(drinks) of 3000, expected about 2250")
        #expect(FoodPicker.favouriteCategory(among: candidates, favourites: [:], using: &random) != nil)
        #expect(FoodPicker.favouriteCategory(among: [], favourites: ["DRINK": 1], using: &random) == nil)
    }

    @Test("mix: two of the category, four in all, fewer only when fewer are left")
    func mix() {
        var random = Seeded(state: 3)
        let candidates = (0..<3).map { _ in Self.candidate(["DESSERT"]) } + (0..<20).map { _ in Self.candidate(["LUNCH"], affinity: 5) }
        for _ in 0..<100 {
            let picked = FoodPicker.mix(from: candidates, category: "DESSERT", favourites: [:], using: &random)
            #expect(picked.count == 4 && Set(picked.map(\.id)).count == 4)
            #expect(picked.prefix(2).allSatisfy { $0.categories == ["DESSERT"] })
        }
        #expect(FoodPicker.mix(from: Array(candidates.prefix(3)), category: nil, favourites: [:], using: &random).count == 3)
        #expect(FoodPicker.mix(from: [], category: "DESSERT", favourites: [:], using: &random).isEmpty)
    }

    @Test("similar: most shared tags first, then categories; nothing shared is never similar")
    func similar() {
        var random = Seeded(state: 5)
        let source = Self.candidate(["DINNER"], ["thai", "noodles", "spicy"])
        let twoTags = Self.candidate(["LUNCH"], ["thai", "noodles"])
        let oneTagAndCategory = Self.candidate(["DINNER"], ["spicy"])
        let oneTag = Self.candidate(["DESSERT"], ["thai"])
        let categoryOnly = Self.candidate(["DINNER"], ["french"])
        let nothing = Self.candidate(["DRINK"], ["coffee"])
        let picked = FoodPicker.similar(
            to: source, from: [nothing, categoryOnly, oneTag, source, oneTagAndCategory, twoTags], using: &random
        )
        #expect(picked.map(\.id) == [twoTags, oneTagAndCategory, oneTag, categoryOnly].map(\.id))
        #expect(FoodPicker.similar(to: source, from: [nothing, source], using: &random).isEmpty)
    }

    @Test("a picture is a 320 × 320 PNG with the food's colour at its centre; the colour must be #RRGGBB")
    func picture() throws {
        let picture = try #require(FoodPicture(colour: "#C0392B"))
        let png = try picture.png()
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 320 && height == 320)
        let (r, g, b) = picture.pixel(x: 200, y: 200)
        #expect(r == 0xC0 && g == 0x39 && b == 0x2B, "outside the highlight, the food's own colour")
        #expect(picture.pixel(x: 0, y: 0) != picture.pixel(x: 160, y: 30), "tablecloth and plate differ")
        #expect(FoodPicture(colour: "red") == nil)
        #expect(FoodPicture(colour: "#12345") == nil)
    }
}
