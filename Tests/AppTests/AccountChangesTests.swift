import Foundation
import Postgres
import QuarryTestSupport
import Testing

@Suite("Changing and deleting one's account (API.md changePassword, changeNickname, updateProfile, deleteAccount)")
struct AccountChangesTests {
    static let changePassword = """
        mutation($c: String!, $n: String!, $k: String!) { changePassword(currentPassword: $c, newPassword: $n, confirmPassword: $k) }
        """

    @Test("changePassword checks the current password and the confirmation, then revokes every other token")
    func changePassword() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp()
        let other = try #require(try await h.post(LogInTests.logIn, ["e": user.email, "p": TestService.strongPassword]).string("data.logIn.token"))
        let newPassword = "violet tangerine umbrella 77"
        let mismatch = try await h.post(Self.changePassword, ["c": TestService.strongPassword, "n": newPassword, "k": newPassword + "x"], token: user.token)
        #expect(mismatch.fieldMessages["confirmPassword"] == "Please re-enter the same password")
        let wrong = try await h.post(Self.changePassword, ["c": "nope", "n": newPassword, "k": newPassword], token: user.token)
        #expect(wrong.codes == ["INVALID_PASSWORD"])
        let weak = try await h.post(Self.changePassword, ["c": TestService.strongPassword, "n": "12345678", "k": "12345678"], token: user.token)
        #expect(weak.fieldMessages["newPassword"] != nil)
        let ok = try await h.post(Self.changePassword, ["c": TestService.strongPassword, "n": newPassword, "k": newPassword], token: user.token)
        #expect(ok["data.changePassword"] as? Bool == true, "\(ok.json)")
        #expect(try await h.post("{ viewer { id } }", token: user.token)["data.viewer.id"] != nil, "the token in use stays")
        #expect(try await h.post("{ viewer { id } }", token: other)["data.viewer"] is NSNull, "other tokens are revoked")
        #expect(try await h.post(LogInTests.logIn, ["e": user.email, "p": newPassword]).string("data.logIn.token") != nil)
        #expect(try await h.post(LogInTests.logIn, ["e": user.email, "p": TestService.strongPassword]).codes == ["INVALID_CREDENTIALS"])
    }

    @Test("changeNickname validates and keeps nicknames unique")
    func changeNickname() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp()
        let taken = try await h.signUp("taken")
        let mutation = "mutation($n: String!) { changeNickname(nickname: $n) { nickname } }"
        #expect(try await h.post(mutation, ["n": " "], token: user.token).fieldMessages["nickname"] == "Please enter a nickname")
        #expect(try await h.post(mutation, ["n": taken.nickname.uppercased()], token: user.token).fieldMessages["nickname"] == "This nickname is already taken")
        let fresh = TestService.uniqueUser("fresh").nickname
        #expect(try await h.post(mutation, ["n": fresh], token: user.token).string("data.changeNickname.nickname") == fresh)
    }

    @Test("updateProfile sets given fields, clears explicit nulls and leaves omitted ones; profileComplete follows")
    func updateProfile() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp()
        let mutation = "mutation($i: ProfileInput!) { updateProfile(input: $i) { bio realName country zipCode phone onboarding { profileComplete } } }"
        let first = try await h.post(mutation, ["i": ["bio": "Hello", "realName": "Ada Lovelace", "country": "UK", "zipCode": "N1"]], token: user.token)
        #expect(first.string("data.updateProfile.realName") == "Ada Lovelace")
        #expect(first["data.updateProfile.onboarding.profileComplete"] as? Bool == true)
        let second = try await h.post(mutation, ["i": ["bio": NSNull(), "phone": "+44 1"]], token: user.token)
        #expect(second["data.updateProfile.bio"] is NSNull)
        #expect(second.string("data.updateProfile.phone") == "+44 1")
        #expect(second.string("data.updateProfile.country") == "UK")
        let tooLong = try await h.post(mutation, ["i": ["bio": String(repeating: "a", count: 501)]], token: user.token)
        #expect(tooLong.fieldMessages["bio"] == "At most 500 characters")
    }

    @Test("updateProfile sets homeLocation as a PostGIS point, range-checks it, keeps it when omitted and clears it on null")
    func homeLocation() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp()
        let mutation = "mutation($i: ProfileInput!) { updateProfile(input: $i) { homeLocation { latitude longitude } bio } }"
        let paris = try await h.post(mutation, ["i": ["homeLocation": ["latitude": 48.8566, "longitude": 2.3522]]], token: user.token)
        #expect(paris["data.updateProfile.homeLocation.latitude"] as? Double == 48.8566, "\(paris.json)")
        #expect(paris["data.updateProfile.homeLocation.longitude"] as? Double == 2.3522)
        // Stored as geography: PostGIS measures Paris–London (about 344 km) from the column.
        let london: SQL = "ST_SetSRID(ST_MakePoint(-0.1276, 51.5072), 4326)::geography"
        let metres = try await h.pool.query("SELECT ST_Distance(home_location, " + london + ") AS d FROM users WHERE id = \(user.id)")
        let distance = try metres[0].decode("d", as: Double.self)
        #expect((340_000...350_000).contains(distance), "\(distance)")
        let bad = try await h.post(mutation, ["i": ["homeLocation": ["latitude": 91, "longitude": -181]]], token: user.token)
        #expect(bad.fieldMessages["homeLocation.latitude"] == "A latitude is between -90 and 90 degrees.")
        #expect(bad.fieldMessages["homeLocation.longitude"] == "A longitude is between -180 and 180 degrees.")
        let kept = try await h.post(mutation, ["i": ["bio": "Hi"]], token: user.token)
        #expect(kept["data.updateProfile.homeLocation.latitude"] as? Double == 48.8566, "the failed change and an omission keep it")
        let cleared = try await h.post(mutation, ["i": ["homeLocation": NSNull()]], token: user.token)
        #expect(cleared["data.updateProfile.homeLocation"] is NSNull)
    }

    @Test("deleteAccount needs the password, removes the user and its tokens, and stays in the event log")
    func deleteAccount() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp()
        #expect(try await h.post("mutation { deleteAccount(password: \"nope\") }", token: user.token).codes == ["INVALID_PASSWORD"])
        let r = try await h.post("mutation($p: String!) { deleteAccount(password: $p) }", ["p": TestService.strongPassword], token: user.token)
        #expect(r["data.deleteAccount"] as? Bool == true)
        #expect(try await h.pool.query("SELECT 1 FROM users WHERE id = \(user.id)").isEmpty)
        #expect(try await h.pool.query("SELECT 1 FROM access_tokens WHERE user_id = \(user.id)").isEmpty)
        #expect(try await h.pool.query("SELECT 1 FROM event_log WHERE user_id = \(user.id) AND type = 'ACCOUNT_DELETED'").count == 1)
        #expect(try await h.post("{ viewer { id } }", token: user.token)["data.viewer"] is NSNull)
    }

    @Test("private fields are visible to the user and ADMIN, not to other users; node finds users by global id")
    func privateFields() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp()
        let other = try await h.signUp("other")
        let id = try #require(try await h.post("{ viewer { id } }", token: user.token).string("data.viewer.id"))
        let query = "query($id: ID!) { node(id: $id) { ... on User { nickname email blocked } } }"
        let own = try await h.post(query, ["id": id], token: user.token)
        #expect(own.string("data.node.email") == user.email)
        #expect(own.codes == ["FORBIDDEN"], "blocked is ADMIN only")
        let seen = try await h.post(query, ["id": id], token: other.token)
        #expect(seen.string("data.node.nickname") == user.nickname)
        #expect(seen["data.node.email"] is NSNull)
        #expect(Set(seen.codes) == ["FORBIDDEN"])
        #expect(try await h.post(query, ["id": "garbage"])["data.node"] is NSNull)
    }
}
