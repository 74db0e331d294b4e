import Foundation
import Postgres
import QuarryTestSupport
import Testing

/// `searchPosts` (issue 16; seed foodstabook.md 2.7.1): caption words, the author's nickname or e-mail address,
/// ranked by match quality (exact e-mail, exact nickname, caption rank, nickname prefix, nickname substring), then
/// friends, then distance, then recency; keyset pages; the seed's "No matches found" advice. Each test searches
/// for a word of its own (``word()``), so the shared database's other posts never match. Every expected order is
/// written here from those rules.
@Suite("Posts: searchPosts")
struct PostSearchTests {
    static let search = """
        query($k: String!, $near: GeoPointInput, $first: Int, $after: String) {
          searchPosts(keywords: $k, near: $near, first: $first, after: $after) {
            posts { edges { cursor node { id caption } } pageInfo { hasNextPage endCursor } }
            message
          }
        }
        """

    /// A made-up word of letters only, unknown to any dictionary and to the other tests.
    static func word() -> String {
        String(UUID().uuidString.lowercased().filter(\.isHexDigit).prefix(10).map { character in
            character.isLetter ? character : Character(UnicodeScalar(UInt8(ascii: "g") + UInt8(String(character))!))
        })
    }

    /// The ids of the posts a search answered, in order.
    static func ids(_ response: TestService.Response) -> [String] {
        (response["data.searchPosts.posts.edges"] as? [[String: Any]] ?? []).compactMap { ($0["node"] as? [String: Any])?["id"] as? String }
    }

    static var paris: [String: Any] { ["latitude": 48.8566, "longitude": 2.3522] }
    static var london: [String: Any] { ["latitude": 51.5074, "longitude": -0.1278] }
    static var brussels: [String: Any] { ["latitude": 50.8503, "longitude": 4.3517] }

    @Test("ranked by match quality: exact nickname, then captions by rank, then nickname prefix, then substring; case ignored")
    func matchQuality() async throws {
        let h = try await TestService.start()
        let word = Self.word()
        let exact = try await h.signUp("exact")
        let prefix = try await h.signUp("prefix")
        let substring = try await h.signUp("substring")
        let captioner = try await h.signUp("captioner")
        let viewer = try await h.signUp("viewer")
        try await h.rename(exact, to: word)
        try await h.rename(prefix, to: word + "fan")
        try await h.rename(substring, to: "the" + word)
        let bySubstring = try await h.posted(substring)
        let byPrefix = try await h.posted(prefix, caption: "dinner")
        let once = try await h.posted(captioner, caption: "\(word) soup")
        let thrice = try await h.posted(captioner, caption: "\(word) soup, \(word) again, more \(word)")
        let byExact = try await h.posted(exact, caption: "lunch")
        _ = try await h.posted(captioner, caption: "nothing to see")
        let expected = [byExact, thrice, once, byPrefix, bySubstring]
        let found = try await h.post(Self.search, ["k": word], token: viewer.token)
        #expect(found.errors.isEmpty, "\(found)")
        #expect(Self.ids(found) == expected)
        #expect(found["data.searchPosts.message"] is NSNull)
        let shouted = try await h.post(Self.search, ["k": word.uppercased()], token: viewer.token)
        #expect(Self.ids(shouted) == expected)
    }

    @Test("the author's exact e-mail address (any case) ranks above a caption that holds it; another address matches nothing")
    func email() async throws {
        let h = try await TestService.start()
        let author = try await h.signUp("mailed")
        let other = try await h.signUp("other")
        let viewer = try await h.signUp("viewer")
        let mentions = try await h.posted(other, caption: "write to \(author.email) for the recipe")
        let own = try await h.posted(author, caption: "breakfast")
        let found = try await h.post(Self.search, ["k": author.email.uppercased()], token: viewer.token)
        #expect(found.errors.isEmpty, "\(found)")
        #expect(Self.ids(found) == [own, mentions])
        let otherAddress = String(author.email.split(separator: "@")[0]) + "@example.org"
        let none = try await h.post(Self.search, ["k": otherAddress], token: viewer.token)
        #expect(Self.ids(none) == [])
    }

    @Test("at equal match quality a friend's post comes first, however old; for a non-friend the newer comes first")
    func friendsFirst() async throws {
        let h = try await TestService.start()
        let word = Self.word()
        let friend = try await h.signUp("friend")
        let stranger = try await h.signUp("stranger")
        let viewer = try await h.signUp("viewer")
        let other = try await h.signUp("other")
        try await h.befriend(viewer, friend)
        let older = try await h.posted(friend, caption: "\(word) pie")
        let newer = try await h.posted(stranger, caption: "\(word) pie")
        #expect(Self.ids(try await h.post(Self.search, ["k": word], token: viewer.token)) == [older, newer])
        #expect(Self.ids(try await h.post(Self.search, ["k": word], token: other.token)) == [newer, older])
    }

    @Test("then nearest first: to near, else to the viewer's homeLocation, posts without a location last; no point: newest first")
    func distance() async throws {
        let h = try await TestService.start()
        let word = Self.word()
        let author = try await h.signUp("traveller")
        let viewer = try await h.signUp("viewer")
        let inParis = try await h.posted(author, caption: "\(word) bread", location: Self.paris)
        let inLondon = try await h.posted(author, caption: "\(word) bread", location: Self.london)
        let nowhere = try await h.posted(author, caption: "\(word) bread")
        let inBrussels = try await h.posted(author, caption: "\(word) bread", location: Self.brussels)
        // London–Brussels 320 km, London–Paris 344 km; Paris–Brussels 264 km.
        let nearLondon = try await h.post(Self.search, ["k": word, "near": Self.london], token: viewer.token)
        #expect(Self.ids(nearLondon) == [inLondon, inBrussels, inParis, nowhere], "\(nearLondon)")
        #expect(Self.ids(try await h.post(Self.search, ["k": word], token: viewer.token)) == [inBrussels, nowhere, inLondon, inParis])
        let home = try await h.post(
            "mutation($i: ProfileInput!) { updateProfile(input: $i) { id } }", ["i": ["homeLocation": Self.paris]], token: viewer.token
        )
        #expect(home.errors.isEmpty, "\(home)")
        #expect(Self.ids(try await h.post(Self.search, ["k": word], token: viewer.token)) == [inParis, inBrussels, inLondon, nowhere])
        let nearOverHome = try await h.post(Self.search, ["k": word, "near": Self.london], token: viewer.token)
        #expect(Self.ids(nearOverHome) == [inLondon, inBrussels, inParis, nowhere])
    }

    @Test("pages continue exactly after their cursor, even when a better match is posted in between")
    func paging() async throws {
        let h = try await TestService.start()
        let word = Self.word()
        let named = try await h.signUp("named")
        let captioner = try await h.signUp("captioner")
        let viewer = try await h.signUp("viewer")
        try await h.rename(named, to: word)
        var expected: [String] = []
        for index in 0..<4 { expected.insert(try await h.posted(captioner, caption: "\(word) number \(index)"), at: 0) }
        expected.insert(try await h.posted(named), at: 0)
        let first = try await h.post(Self.search, ["k": word, "first": 2], token: viewer.token)
        #expect(Self.ids(first) == Array(expected[0..<2]), "\(first)")
        #expect(first["data.searchPosts.posts.pageInfo.hasNextPage"] as? Bool == true)
        let late = try await h.posted(named)
        let secondCursor = try #require(first.string("data.searchPosts.posts.pageInfo.endCursor"))
        let second = try await h.post(Self.search, ["k": word, "first": 2, "after": secondCursor], token: viewer.token)
        #expect(Self.ids(second) == Array(expected[2..<4]), "\(second)")
        let thirdCursor = try #require(second.string("data.searchPosts.posts.pageInfo.endCursor"))
        let third = try await h.post(Self.search, ["k": word, "first": 2, "after": thirdCursor], token: viewer.token)
        #expect(Self.ids(third) == [expected[4]])
        #expect(third["data.searchPosts.posts.pageInfo.hasNextPage"] as? Bool == false)
        let lastCursor = try #require(third.string("data.searchPosts.posts.pageInfo.endCursor"))
        let beyond = try await h.post(Self.search, ["k": word, "after": lastCursor], token: viewer.token)
        #expect(Self.ids(beyond) == [])
        #expect(beyond["data.searchPosts.message"] is NSNull, "the end of a list that had matches is not \"no matches\"")
        #expect(Self.ids(try await h.post(Self.search, ["k": word], token: viewer.token)) == [late] + expected)
    }

    @Test("no match: an empty connection and the seed's advice; every keyword must be in the caption")
    func noMatch() async throws {
        let h = try await TestService.start()
        let word = Self.word()
        let author = try await h.signUp("author")
        let only = try await h.posted(author, caption: "\(word) tart")
        let both = try await h.post(Self.search, ["k": "  \(word) \t\n tart  "], token: author.token)
        #expect(Self.ids(both) == [only], "\(both)")
        let none = try await h.post(Self.search, ["k": "\(word) \(Self.word())"], token: author.token)
        #expect(none.errors.isEmpty, "\(none)")
        #expect(Self.ids(none) == [])
        #expect(none["data.searchPosts.posts.pageInfo.hasNextPage"] as? Bool == false)
        #expect(
            none.string("data.searchPosts.message")
                == "No matches found. Try fewer keywords, or search by the username or email of a friend."
        )
    }

    @Test("a deleted post never matches, by caption or by author")
    func deleted() async throws {
        let h = try await TestService.start()
        let word = Self.word()
        let author = try await h.signUp("author")
        try await h.rename(author, to: word)
        let kept = try await h.posted(author, caption: "\(word) stew")
        let gone = try await h.posted(author, caption: "\(word) stew")
        let deleted = try await h.post("mutation($id: ID!) { deletePost(id: $id) }", ["id": gone], token: author.token)
        #expect(deleted["data.deletePost"] as? Bool == true, "\(deleted)")
        #expect(Self.ids(try await h.post(Self.search, ["k": word], token: author.token)) == [kept])
    }

    @Test("guests get UNAUTHENTICATED; bad keywords, first, after and near are field errors")
    func refusals() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp("searcher")
        #expect(try await h.post(Self.search, ["k": "pizza"]).codes == ["UNAUTHENTICATED"])
        let cases: [([String: Any], String, String)] = [
            (["k": " \t\n "], "keywords", "Enter a word from a caption, or the username or email of the person you are looking for."),
            (["k": String(repeating: "a", count: 255)], "keywords", "Keywords can be at most 254 characters long."),
            (["k": "pizza", "first": 101], "first", "first must be between 0 and 100."),
            (["k": "pizza", "after": "bm90IG91cnM"], "after", "This cursor is not valid; use one from a previous page."),
            (["k": "pizza", "near": ["latitude": 91, "longitude": 0]], "near.latitude", "A latitude is between -90 and 90 degrees."),
        ]
        for (variables, field, message) in cases {
            let refused = try await h.post(Self.search, variables, token: user.token)
            #expect(refused.codes == ["BAD_USER_INPUT"], "\(variables): \(refused)")
            #expect(refused.fieldMessages == [field: message], "\(variables): \(refused)")
        }
        let longest = try await h.post(Self.search, ["k": String(repeating: "a", count: 254)], token: user.token)
        #expect(longest.errors.isEmpty, "254 characters are allowed: \(longest)")
    }

    @Test("a page of results with authors costs the same statements for 1 match as for 3")
    func statements() async throws {
        let h = try await TestService.start()
        let (one, three) = (Self.word(), Self.word())
        let viewer = try await h.signUp("viewer")
        for (word, count) in [(one, 1), (three, 3)] {
            for _ in 0..<count { _ = try await h.posted(try await h.signUp("author"), caption: word) }
        }
        let query = "query($k: String!) { searchPosts(keywords: $k) { posts { edges { node { id author { nickname } } } } } }"
        let small = try await h.post(query, ["k": one], token: viewer.token)
        let large = try await h.post(query, ["k": three], token: viewer.token)
        #expect((large["data.searchPosts.posts.edges"] as? [Any])?.count == 3, "\(large)")
        #expect(large.statements == small.statements, "\(small.statements) vs \(large.statements)")
    }
}

extension TestService {
    /// Gives `user` the nickname `nickname` (the search's fixtures need nicknames of their own making;
    /// changeNickname has tests of its own).
    func rename(_ user: TestUser, to nickname: String) async throws {
        _ = try await pool.execute("UPDATE users SET nickname = \(nickname) WHERE id = \(user.id)")
    }

    /// A post of a small JPEG by `user` at `location` that must succeed; returns its id.
    func posted(_ user: TestUser, caption: String, location: [String: Any]) async throws -> String {
        let response = try await createPost(user, bytes: try MediaTestImages.jpeg(width: 240, height: 200), caption: caption, location: location)
        return try #require(response.string("data.createPost.id"), "\(response)")
    }
}
