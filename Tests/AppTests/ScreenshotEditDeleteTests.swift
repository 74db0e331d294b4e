@testable import AppCore
import Foundation
import GraphQLType
import QuarryTestSupport
import Testing

/// `updateScreenshotAnnotation` and `deleteScreenshots` (seed screen-cache.md "I can edit text associated with a
/// screenshot", "I can paste into the text area", "I can delete a screenshot"): the owner's only, each refusal
/// coded and changing nothing.
@Suite("Screenshots: edit and delete")
struct ScreenshotEditDeleteTests {
    static let edit = """
        mutation($id: ID!, $text: String!) { updateScreenshotAnnotation(id: $id, annotation: $text) { id annotation updatedAt createdAt } }
        """
    static let delete = "mutation($ids: [ID!]!) { deleteScreenshots(ids: $ids) }"

    @Test("the owner edits the text (pasted text kept exactly); an empty text clears it; updatedAt moves")
    func ownerEdits() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("shots")
        let id = try await h.uploaded(alice, annotation: "first draft")
        let pasted = "Pasted from the clipboard:\n  line two\twith a tab — and ünïcode ✓"
        let edited = try await h.post(Self.edit, ["id": id, "text": pasted], token: alice.token)
        #expect(edited["data.updateScreenshotAnnotation.annotation"] as? String == pasted, "\(edited)")
        let updatedAt = try #require(edited["data.updateScreenshotAnnotation.updatedAt"] as? String)
        let createdAt = try #require(edited["data.updateScreenshotAnnotation.createdAt"] as? String)
        #expect(updatedAt > createdAt)
        #expect(try await h.annotations(of: alice) == [pasted])
        let cleared = try await h.post(Self.edit, ["id": id, "text": ""], token: alice.token)
        #expect(cleared["data.updateScreenshotAnnotation.annotation"] is NSNull, "\(cleared)")
        #expect(try await h.annotations(of: alice) == [nil])
    }

    @Test("a friend, a stranger and an admin cannot edit: SCREENSHOT_NOT_FOUND, the text stays")
    func othersCannotEdit() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("shots")
        let friend = try await h.signUp("shots")
        try await h.befriend(alice, friend)
        let stranger = try await h.signUp("shots")
        let admin = try await h.signUp("shots", role: .admin)
        let id = try await h.uploaded(alice, annotation: "mine")
        for other in [friend, stranger, admin] {
            let response = try await h.post(Self.edit, ["id": id, "text": "hijacked"], token: other.token)
            #expect(response.codes == ["SCREENSHOT_NOT_FOUND"], "\(response)")
            #expect(response.messages == ["This screenshot does not exist or is not yours; it may have been deleted."])
        }
        #expect(try await h.annotations(of: alice) == ["mine"])
    }

    @Test("edit refusals: a malformed id, a deleted screenshot, a text too long; guests are UNAUTHENTICATED")
    func editRefusals() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("shots")
        let id = try await h.uploaded(alice, annotation: "kept")
        let malformed = try await h.post(Self.edit, ["id": alice.globalID, "text": "x"], token: alice.token)
        #expect(malformed.codes == ["BAD_USER_INPUT"])
        #expect(malformed.fieldMessages == ["id": "This is not the id of a screenshot."])
        let long = String(repeating: "a", count: 5_001)
        let tooLong = try await h.post(Self.edit, ["id": id, "text": long], token: alice.token)
        #expect(tooLong.fieldMessages == ["annotation": "The text can be at most 5000 characters long."], "\(tooLong)")
        let nul = try await h.post(Self.edit, ["id": id, "text": "a\u{0}b"], token: alice.token)
        #expect(nul.codes == ["BAD_USER_INPUT"], "\(nul)")
        let guest = try await h.post(Self.edit, ["id": id, "text": "x"])
        #expect(guest.codes == ["UNAUTHENTICATED"])
        #expect(try await h.annotations(of: alice) == ["kept"])
        let gone = GlobalID(typeName: "Screenshot", id: UUID()).text
        let missing = try await h.post(Self.edit, ["id": gone, "text": "x"], token: alice.token)
        #expect(missing.codes == ["SCREENSHOT_NOT_FOUND"])
    }

    @Test("deleting one, then several at once, removes them and their media rows and returns their ids")
    func deleteOneAndSeveral() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("shots")
        let ids = try await [h.uploaded(alice, annotation: "a"), h.uploaded(alice, annotation: "b"),
                             h.uploaded(alice, annotation: "c"), h.uploaded(alice, annotation: "d")]
        let one = try await h.post(Self.delete, ["ids": [ids[1]]], token: alice.token)
        #expect(one["data.deleteScreenshots"] as? [String] == [ids[1]], "\(one)")
        #expect(try await h.annotations(of: alice) == ["d", "c", "a"])
        #expect(try await h.mediaRows(owner: alice.id) == 3)
        let several = try await h.post(
            Self.delete, ["ids": [ids[3], ids[0], ids[3]]], token: alice.token
        )
        #expect(several["data.deleteScreenshots"] as? [String] == [ids[3], ids[0]], "\(several)")
        #expect(try await h.annotations(of: alice) == ["c"])
        #expect(try await h.mediaRows(owner: alice.id) == 1)
        let none = try await h.post(Self.delete, ["ids": [String]()], token: alice.token)
        #expect(none["data.deleteScreenshots"] as? [String] == [])
    }

    @Test("a list with someone else's or a missing screenshot deletes nothing: SCREENSHOT_NOT_FOUND")
    func deleteIsAllOrNothing() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("shots")
        let bob = try await h.signUp("shots")
        try await h.befriend(alice, bob)
        let mine = try await h.uploaded(alice, annotation: "mine")
        let his = try await h.uploaded(bob, annotation: "his")
        let gone = GlobalID(typeName: "Screenshot", id: UUID()).text
        for ids in [[mine, his], [mine, gone]] {
            let response = try await h.post(Self.delete, ["ids": ids], token: alice.token)
            #expect(response.codes == ["SCREENSHOT_NOT_FOUND"], "\(response)")
            #expect(response.messages == [
                "Some of these screenshots do not exist or are not yours, so none was deleted. Refresh the list and try again.",
            ])
        }
        #expect(try await h.annotations(of: alice) == ["mine"])
        #expect(try await h.annotations(of: bob) == ["his"])
        #expect(try await h.mediaRows(owner: alice.id) == 1)
        let malformed = try await h.post(Self.delete, ["ids": [mine, "nope"]], token: alice.token)
        #expect(malformed.fieldMessages == ["ids": "This is not the id of a screenshot."])
        let tooMany = try await h.post(
            Self.delete, ["ids": Array(repeating: mine, count: 101)], token: alice.token
        )
        #expect(tooMany.fieldMessages == ["ids": "Delete at most 100 screenshots at a time."])
        let guest = try await h.post(Self.delete, ["ids": [mine]])
        #expect(guest.codes == ["UNAUTHENTICATED"])
        #expect(try await h.annotations(of: alice) == ["mine"])
    }

    @Test("a deleted account takes its screenshots and their media rows with it")
    func accountDeletion() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("shots")
        try await h.uploaded(alice, annotation: "bye")
        _ = try await h.pool.execute("DELETE FROM users WHERE id = \(alice.id)")
        #expect(try await h.screenshotRows(owner: alice) == 0)
        #expect(try await h.mediaRows(owner: alice.id) == 0)
    }
}
