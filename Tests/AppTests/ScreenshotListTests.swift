import Foundation
import QuarryTestSupport
import Testing

/// `User.screenshots` (seed screen-cache.md "As a user, I can view my screenshots", the search stories, and
/// "I see a meaningful message when search criteria excludes all items"): newest first, the seed's search syntax
/// end to end through GraphQL and PostgreSQL, and cursor pagination.
@Suite("Screenshots: list, search, pagination")
struct ScreenshotListTests {
    /// Uploaded oldest first, so the list shows them in reverse.
    static let annotations: [String?] = [
        "Recipe for chocolate cake",
        "Boarding pass: Paris flight AF1234",
        nil,
        "Chocolate shop coupon, 20% off",
        "Paris metro map",
        "Don't forget: dentist on Monday",
    ]

    /// A user with the screenshots of ``annotations``.
    static func owner(_ h: TestService) async throws -> TestUser {
        let user = try await h.signUp("shots")
        for annotation in annotations { try await h.uploaded(user, annotation: annotation) }
        return user
    }

    @Test("the list is newest first, with annotations")
    func newestFirst() async throws {
        let h = try await TestService.start()
        let alice = try await Self.owner(h)
        #expect(try await h.annotations(of: alice) == Array(Self.annotations.reversed()))
        let response = try await h.list(of: alice, as: alice, fields: "createdAt")
        let times = (response["data.node.screenshots.edges"] as? [[String: Any]] ?? [])
            .compactMap { ($0["node"] as? [String: Any])?["createdAt"] as? String }
        #expect(times.count == Self.annotations.count)
        #expect(times == times.sorted(by: >))
    }

    @Test("search follows the seed's syntax end to end", arguments: [
        ("chocolate", ["Chocolate shop coupon, 20% off", "Recipe for chocolate cake"]),
        ("CHOCOLATE", ["Chocolate shop coupon, 20% off", "Recipe for chocolate cake"]),
        ("chocolate cake", ["Recipe for chocolate cake"]),
        ("chocolate+cake", ["Recipe for chocolate cake"]),
        ("chocolate and cake", ["Recipe for chocolate cake"]),
        ("chocolate ,;  cake!", ["Recipe for chocolate cake"]),
        ("cake or metro", ["Paris metro map", "Recipe for chocolate cake"]),
        ("chocolate -cake", ["Chocolate shop coupon, 20% off"]),
        ("chocolate not cake", ["Chocolate shop coupon, 20% off"]),
        ("paris -metro or coupon", ["Chocolate shop coupon, 20% off", "Boarding pass: Paris flight AF1234"]),
        ("af1234", ["Boarding pass: Paris flight AF1234"]),
        ("don't", ["Don't forget: dentist on Monday"]),
        ("choc", []),
        ("unicorn", []),
        ("paris and unicorn", []),
    ] as [(String, [String])])
    func search(criteria: String, expected: [String]) async throws {
        let h = try await TestService.start()
        let alice = try await Self.owner(h)
        #expect(try await h.annotations(of: alice, search: criteria) == expected, "search \(criteria)")
    }

    @Test("a negation alone finds the screenshot without annotation too")
    func negationFindsUnannotated() async throws {
        let h = try await TestService.start()
        let alice = try await Self.owner(h)
        let found = try await h.annotations(of: alice, search: "-paris -chocolate")
        #expect(found == ["Don't forget: dentist on Monday", nil])
    }

    @Test("an erased search, or one of only whitespace and punctuation, does not filter", arguments: [
        "", "   ", " ,.;!? ", "+ - ", "and or not", "--",
    ])
    func keywordlessSearch(criteria: String) async throws {
        let h = try await TestService.start()
        let alice = try await Self.owner(h)
        #expect(try await h.annotations(of: alice, search: criteria) == Array(Self.annotations.reversed()))
    }

    @Test("no match is an empty list without error (the client shows its no-match message)")
    func noMatch() async throws {
        let h = try await TestService.start()
        let alice = try await Self.owner(h)
        let response = try await h.list(of: alice, as: alice, search: "zebra")
        #expect(response["errors"] == nil, "\(response)")
        #expect((response["data.node.screenshots.edges"] as? [Any])?.isEmpty == true)
        #expect(response["data.node.screenshots.pageInfo.hasNextPage"] as? Bool == false)
    }

    @Test("pages of 2 walk the whole list with after, without repeats or gaps; search pages too")
    func pagination() async throws {
        let h = try await TestService.start()
        let alice = try await Self.owner(h)
        var seen: [String?] = []
        var after: String?
        var pages = 0
        while true {
            let response = try await h.list(of: alice, as: alice, first: 2, after: after)
            let edges = try #require(response["data.node.screenshots.edges"] as? [[String: Any]], "\(response)")
            seen += edges.map { ($0["node"] as? [String: Any])?["annotation"] as? String }
            pages += 1
            #expect(response["data.node.screenshots.pageInfo.endCursor"] as? String == edges.last?["cursor"] as? String)
            guard response["data.node.screenshots.pageInfo.hasNextPage"] as? Bool == true else { break }
            after = response["data.node.screenshots.pageInfo.endCursor"] as? String
        }
        #expect(pages == 3)
        #expect(seen == Array(Self.annotations.reversed()))
        let first = try await h.list(of: alice, as: alice, search: "paris or chocolate", first: 3)
        let cursor = try #require(first["data.node.screenshots.pageInfo.endCursor"] as? String)
        #expect(first["data.node.screenshots.pageInfo.hasNextPage"] as? Bool == true)
        let rest = try await h.list(of: alice, as: alice, search: "paris or chocolate", first: 3, after: cursor)
        let annotations = (rest["data.node.screenshots.edges"] as? [[String: Any]] ?? [])
            .map { ($0["node"] as? [String: Any])?["annotation"] as? String }
        #expect(annotations == ["Recipe for chocolate cake"])
        #expect(rest["data.node.screenshots.pageInfo.hasNextPage"] as? Bool == false)
    }

    @Test("a cursor that is not ours, or a page size out of range, is BAD_USER_INPUT naming the argument")
    func badPageArguments() async throws {
        let h = try await TestService.start()
        let alice = try await Self.owner(h)
        let badCursor = try await h.list(of: alice, as: alice, after: "not-a-cursor")
        #expect(badCursor.codes == ["BAD_USER_INPUT"], "\(badCursor)")
        #expect(badCursor.fieldMessages == ["after": "This cursor is not valid; use one from a previous page."])
        let tooMany = try await h.list(of: alice, as: alice, first: 101)
        #expect(tooMany.fieldMessages == ["first": "first must be between 0 and 100."])
    }
}
