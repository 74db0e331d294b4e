@testable import AppCore
import Foundation
import GraphQLType
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
        let h = try await ScreenshotHarness.make()
        let alice = try await h.user()
        let id = try await h.uploaded(alice, annotation: "first draft")
        let pasted = "Pasted from the clipboard:\n  line two\twith a tab — and ünïcode ✓"
        let edited = try await h.media.run(Self.edit, ["id": .string(id), "text": .string(pasted)], token: alice.token)
        #expect(edited.data("updateScreenshotAnnotation.annotation") as? String == pasted, "\(edited)")
        let updatedAt = try #require(edited.data("updateScreenshotAnnotation.updatedAt") as? String)
        let createdAt = try #require(edited.data("updateScreenshotAnnotation.createdAt") as? String)
        #expect(updatedAt > createdAt)
        #expect(try await h.annotations(of: alice) == [pasted])
        let cleared = try await h.media.run(Self.edit, ["id": .string(id), "text": .string("")], token: alice.token)
        #expect(cleared.data("updateScreenshotAnnotation.annotation") is NSNull, "\(cleared)")
        #expect(try await h.annotations(of: alice) == [nil])
    }

    @Test("a friend, a stranger and an admin cannot edit: SCREENSHOT_NOT_FOUND, the text stays")
    func othersCannotEdit() async throws {
        let h = try await ScreenshotHarness.make()
        let alice = try await h.user()
        let friend = try await h.user()
        try await h.befriend(alice, friend)
        let stranger = try await h.user()
        let admin = try await h.user(role: .admin)
        let id = try await h.uploaded(alice, annotation: "mine")
        for other in [friend, stranger, admin] {
            let response = try await h.media.run(Self.edit, ["id": .string(id), "text": .string("hijacked")], token: other.token)
            #expect(response.errorCodes == ["SCREENSHOT_NOT_FOUND"], "\(response)")
            #expect(response.errorMessages == ["This screenshot does not exist or is not yours; it may have been deleted."])
        }
        #expect(try await h.annotations(of: alice) == ["mine"])
    }

    @Test("edit refusals: a malformed id, a deleted screenshot, a text too long; guests are UNAUTHENTICATED")
    func editRefusals() async throws {
        let h = try await ScreenshotHarness.make()
        let alice = try await h.user()
        let id = try await h.uploaded(alice, annotation: "kept")
        let malformed = try await h.media.run(Self.edit, ["id": .string(alice.globalID), "text": .string("x")], token: alice.token)
        #expect(malformed.errorCodes == ["BAD_USER_INPUT"])
        #expect(malformed.errorFields == ["id": "This is not the id of a screenshot."])
        let long = String(repeating: "a", count: 5_001)
        let tooLong = try await h.media.run(Self.edit, ["id": .string(id), "text": .string(long)], token: alice.token)
        #expect(tooLong.errorFields == ["annotation": "The text can be at most 5000 characters long."], "\(tooLong)")
        let nul = try await h.media.run(Self.edit, ["id": .string(id), "text": .string("a\u{0}b")], token: alice.token)
        #expect(nul.errorCodes == ["BAD_USER_INPUT"], "\(nul)")
        let guest = try await h.media.run(Self.edit, ["id": .string(id), "text": .string("x")])
        #expect(guest.errorCodes == ["UNAUTHENTICATED"])
        #expect(try await h.annotations(of: alice) == ["kept"])
        let gone = GlobalID(typeName: "Screenshot", id: UUID()).text
        let missing = try await h.media.run(Self.edit, ["id": .string(gone), "text": .string("x")], token: alice.token)
        #expect(missing.errorCodes == ["SCREENSHOT_NOT_FOUND"])
    }

    @Test("deleting one, then several at once, removes them and their media rows and returns their ids")
    func deleteOneAndSeveral() async throws {
        let h = try await ScreenshotHarness.make()
        let alice = try await h.user()
        let ids = try await [h.uploaded(alice, annotation: "a"), h.uploaded(alice, annotation: "b"),
                             h.uploaded(alice, annotation: "c"), h.uploaded(alice, annotation: "d")]
        let one = try await h.media.run(Self.delete, ["ids": .list([.string(ids[1])])], token: alice.token)
        #expect(one.data("deleteScreenshots") as? [String] == [ids[1]], "\(one)")
        #expect(try await h.annotations(of: alice) == ["d", "c", "a"])
        #expect(try await h.media.mediaRows(owner: alice.id) == 3)
        let several = try await h.media.run(
            Self.delete, ["ids": .list([.string(ids[3]), .string(ids[0]), .string(ids[3])])], token: alice.token
        )
        #expect(several.data("deleteScreenshots") as? [String] == [ids[3], ids[0]], "\(several)")
        #expect(try await h.annotations(of: alice) == ["c"])
        #expect(try await h.media.mediaRows(owner: alice.id) == 1)
        let none = try await h.media.run(Self.delete, ["ids": .list([])], token: alice.token)
        #expect(none.data("deleteScreenshots") as? [String] == [])
    }

    @Test("a list with someone else's or a missing screenshot deletes nothing: SCREENSHOT_NOT_FOUND")
    func deleteIsAllOrNothing() async throws {
        let h = try await ScreenshotHarness.make()
        let alice = try await h.user()
        let bob = try await h.user()
        try await h.befriend(alice, bob)
        let mine = try await h.uploaded(alice, annotation: "mine")
        let his = try await h.uploaded(bob, annotation: "his")
        let gone = GlobalID(typeName: "Screenshot", id: UUID()).text
        for ids in [[mine, his], [mine, gone]] {
            let response = try await h.media.run(Self.delete, ["ids": .list(ids.map { .string($0) })], token: alice.token)
            #expect(response.errorCodes == ["SCREENSHOT_NOT_FOUND"], "\(response)")
            #expect(response.errorMessages == [
                "Some of these screenshots do not exist or are not yours, so none was deleted. Refresh the list and try again.",
            ])
        }
        #expect(try await h.annotations(of: alice) == ["mine"])
        #expect(try await h.annotations(of: bob) == ["his"])
        #expect(try await h.media.mediaRows(owner: alice.id) == 1)
        let malformed = try await h.media.run(Self.delete, ["ids": .list([.string(mine), .string("nope")])], token: alice.token)
        #expect(malformed.errorFields == ["ids": "This is not the id of a screenshot."])
        let tooMany = try await h.media.run(
            Self.delete, ["ids": .list(Array(repeating: .string(mine), count: 101))], token: alice.token
        )
        #expect(tooMany.errorFields == ["ids": "Delete at most 100 screenshots at a time."])
        let guest = try await h.media.run(Self.delete, ["ids": .list([.string(mine)])])
        #expect(guest.errorCodes == ["UNAUTHENTICATED"])
        #expect(try await h.annotations(of: alice) == ["mine"])
    }

    @Test("a deleted account takes its screenshots and their media rows with it")
    func accountDeletion() async throws {
        let h = try await ScreenshotHarness.make()
        let alice = try await h.user()
        try await h.uploaded(alice, annotation: "bye")
        _ = try await h.pool.execute("DELETE FROM users WHERE id = \(alice.id)")
        #expect(try await h.screenshotRows(owner: alice) == 0)
        #expect(try await h.media.mediaRows(owner: alice.id) == 0)
    }
}
