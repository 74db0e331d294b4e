@testable import AppCore
import Foundation
import Postgres
import QuarryTestSupport
@testable import ScreenCache
import Testing

/// Screenshots shared with friends (seed screen-cache.md "As a user, I can view a friend's screenshots": the same
/// list and search as one's own), refused to others by `@auth`, and read in batches (issue 5 "No N+1").
@Suite("Screenshots: friends, visibility, batching")
struct ScreenshotSharingTests {
    @Test("a friend sees the owner's screenshots with the same search; ADMIN too; a stranger is FORBIDDEN, a guest UNAUTHENTICATED")
    func whoSeesTheList() async throws {
        let h = try await TestService.start()
        let alice = try await Self.ownerWithScreenshots(h)
        let friend = try await h.signUp("shots")
        try await h.befriend(alice, friend)
        let admin = try await h.signUp("shots", role: .admin)
        for viewer in [friend, admin] {
            #expect(try await h.annotations(of: alice, as: viewer) == ["Train ticket to Lyon", "Lyon street food", "Cat meme"])
            #expect(try await h.annotations(of: alice, as: viewer, search: "lyon -food") == ["Train ticket to Lyon"])
            #expect(try await h.annotations(of: alice, as: viewer, search: " , ") == ["Train ticket to Lyon", "Lyon street food", "Cat meme"])
        }
        let stranger = try await h.signUp("shots")
        let refused = try await h.list(of: alice, as: stranger)
        #expect(refused.codes == ["FORBIDDEN"], "\(refused)")
        #expect(refused["data.node.screenshots"] == nil)
        let guest = try await h.list(of: alice, as: nil)
        #expect(guest.codes == ["UNAUTHENTICATED"], "\(guest)")
    }

    @Test("after the friendship ends, the former friend is FORBIDDEN")
    func unfriended() async throws {
        let h = try await TestService.start()
        let alice = try await Self.ownerWithScreenshots(h)
        let friend = try await h.signUp("shots")
        try await h.befriend(alice, friend)
        #expect(try await h.annotations(of: alice, as: friend).count == 3)
        _ = try await h.pool.execute("DELETE FROM friendships WHERE user_id IN (\(alice.id), \(friend.id))")
        #expect(try await h.list(of: alice, as: friend).codes == ["FORBIDDEN"])
    }

    @Test("node(id:) reads a screenshot with its owner for the owner, a friend and ADMIN; FORBIDDEN to a stranger")
    func nodeReader() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("shots")
        let id = try await h.uploaded(alice, annotation: "Parking spot B4")
        let friend = try await h.signUp("shots")
        try await h.befriend(alice, friend)
        let admin = try await h.signUp("shots", role: .admin)
        let query = "query($id: ID!) { node(id: $id) { id ... on Screenshot { annotation width owner { id } } } }"
        for viewer in [alice, friend, admin] {
            let response = try await h.post(query, ["id": id], token: viewer.token)
            #expect(response.codes.isEmpty, "\(response)")
            #expect(response["data.node.annotation"] as? String == "Parking spot B4")
            #expect(response["data.node.owner.id"] as? String == alice.globalID)
        }
        let stranger = try await h.signUp("shots")
        let refused = try await h.post(query, ["id": id], token: stranger.token)
        #expect(refused.codes.contains("FORBIDDEN"), "\(refused)")
        #expect(refused["data.node.annotation"] == nil)
    }

    @Test("through node(id:), each of several owners gets their own newest page with hasNextPage")
    func pagePerOwner() async throws {
        let h = try await TestService.start()
        let viewer = try await h.signUp("shots")
        var friends: [TestUser] = []
        for index in 0..<3 {
            let friend = try await h.signUp("shots")
            try await h.befriend(viewer, friend)
            for shot in 0..<4 { try await h.uploaded(friend, annotation: "friend \(index) shot \(shot)") }
            friends.append(friend)
        }
        let query = "{ " + friends.enumerated().map { index, owner in
            """
            f\(index): node(id: "\(owner.globalID)") { ... on User {
              screenshots(first: 3) { edges { node { annotation owner { id } } } pageInfo { hasNextPage } }
            } }
            """
        }.joined(separator: " ") + " }"
        let response = try await h.post(query, token: viewer.token).json
        #expect(response["errors"] == nil, "\(response)")
        for (index, friend) in friends.enumerated() {
            let page = try #require((response["data"] as? [String: Any])?["f\(index)"] as? [String: Any])
            let screenshots = try #require(page["screenshots"] as? [String: Any])
            let edges = screenshots["edges"] as? [[String: Any]] ?? []
            #expect(edges.compactMap { ($0["node"] as? [String: Any])?["annotation"] as? String }
                == ["friend \(index) shot 3", "friend \(index) shot 2", "friend \(index) shot 1"])
            #expect(edges.allSatisfy { (($0["node"] as? [String: Any])?["owner"] as? [String: Any])?["id"] as? String == friend.globalID })
            #expect((screenshots["pageInfo"] as? [String: Any])?["hasNextPage"] as? Bool == true)
        }
    }

    @Test("the pages of 2 or of 50 owners are one statement; a different search or page is one more")
    func pagesOfManyOwnersInOneStatement() async throws {
        let h = try await TestService.start()
        var owners: [TestUser] = []
        for index in 0..<50 {
            let owner = try await h.signUp("shots")
            for shot in 0..<(index < 2 ? 4 : 1) { try await h.uploaded(owner, annotation: "owner \(index) shot \(shot)") }
            owners.append(owner)
        }
        let latest3 = PageRequest(order: .newestFirst, size: 3)
        func keys(_ owners: ArraySlice<TestUser>, search: String? = nil) -> [ScreenshotPageKey] {
            owners.map { ScreenshotPageKey(ownerID: $0.id, search: search, page: latest3) }
        }
        let (two, twoStatements) = try await StatementCounter.counting {
            try await ScreenshotQueries.pages(keys(owners.prefix(2)), database: h.pool)
        }
        let (fifty, fiftyStatements) = try await StatementCounter.counting {
            try await ScreenshotQueries.pages(keys(owners[...]), database: h.pool)
        }
        #expect(twoStatements == 1)
        #expect(fiftyStatements == 1)
        #expect(fifty.count == 50)
        for (index, owner) in owners.prefix(2).enumerated() {
            let expected = ["owner \(index) shot 3", "owner \(index) shot 2", "owner \(index) shot 1"]
            // A page reads one row more than it holds: the row that tells whether more follow.
            #expect(two[keys([owner][...])[0]]?.edges.map(\.node.annotation) == expected)
            #expect(two[keys([owner][...])[0]]?.pageInfo.hasNextPage == true)
            #expect(fifty[keys([owner][...])[0]]?.edges.map(\.node.annotation) == expected)
        }
        #expect(fifty[keys([owners[9]][...])[0]]?.edges.map(\.node.annotation) == ["owner 9 shot 0"])
        #expect(fifty[keys([owners[9]][...])[0]]?.pageInfo.hasNextPage == false)
        let (mixed, mixedStatements) = try await StatementCounter.counting {
            try await ScreenshotQueries.pages(keys(owners.prefix(2)) + keys(owners.prefix(2), search: "shot -3"), database: h.pool)
        }
        #expect(mixedStatements == 2)
        #expect(mixed[keys([owners[0]][...], search: "shot -3")[0]]?.edges.map(\.node.annotation)
            == ["owner 0 shot 2", "owner 0 shot 1", "owner 0 shot 0"])
    }

    @Test("the owners of a list of screenshots are read in one statement, however long the list")
    func ownersBatched() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("shots")
        for shot in 0..<8 { try await h.uploaded(alice, annotation: "shot \(shot)") }
        func statements(first: Int) async throws -> Int {
            let query = "{ viewer { screenshots(first: \(first)) { edges { node { annotation owner { id } } } } } }"
            let response = try await h.post(query, token: alice.token)
            let (json, statements) = (response.json, response.statements)
            let edges = ((json["data"] as? [String: Any])?["viewer"] as? [String: Any]).flatMap {
                ($0["screenshots"] as? [String: Any])?["edges"] as? [[String: Any]]
            }
            #expect(edges?.count == first, "\(json)")
            return statements
        }
        #expect(try await statements(first: 2) == statements(first: 8))
    }

    static func ownerWithScreenshots(_ h: TestService) async throws -> TestUser {
        let owner = try await h.signUp("shots")
        for annotation in ["Cat meme", "Lyon street food", "Train ticket to Lyon"] {
            try await h.uploaded(owner, annotation: annotation)
        }
        return owner
    }
}
