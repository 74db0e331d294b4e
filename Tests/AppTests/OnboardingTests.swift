import Foundation
import GraphQLType
import QuarryTestSupport
import Testing

@testable import App
@testable import AppCore
@testable import Accounts

/// API.md "Onboarding": the emotion challenge, the private selfie, the avatar.
@Suite("Onboarding: emotion challenge, selfie, avatar")
struct OnboardingTests {
    static let submit = """
        mutation($c: ID!, $selfie: Upload!) { submitSelfie(challengeId: $c, selfie: $selfie) { id status createdAt imageUrl challenge { id } } }
        """

    @Test("emotionChallenge is one picture of the catalogue with the seed's two disclaimers")
    func challenge() async throws {
        let harness = try await TestService.start()
        let response = try await harness.post("{ emotionChallenge { id imageUrl instructions } }")
        let id = try #require(response["data.emotionChallenge.id"] as? String)
        #expect(EmotionChallenge.named(id) != nil)
        #expect(response["data.emotionChallenge.imageUrl"] as? String == "https://quarry.example/emotions/\(id).svg")
        #expect(response["data.emotionChallenge.instructions"] as? [String] == [
            "Please take a selfie picture with similar emotion",
            "This selfie is private. No one can see it except our Administration team. It won't be public or appear on your profile",
        ])
        for challenge in EmotionChallenge.all {
            let file = SchemaFiles.directory().replacingOccurrences(of: "/schema", with: "/web/emotions/") + challenge.fileName
            #expect(FileManager.default.fileExists(atPath: file), "missing picture \(file)")
        }
    }

    @Test("submitSelfie stores a private image and a PENDING verification; only ADMIN sees its URL")
    func submitSelfie() async throws {
        let harness = try await TestService.start()
        let user = try await harness.signUp("media")
        let selfie = try MediaTestImages.upload(try MediaTestImages.jpeg(width: 120, height: 160), filename: "me.jpg")
        let response = try await harness.post(Self.submit, ["c": "happy"], files: ["selfie": selfie], token: user.token)
        #expect(response["data.submitSelfie.status"] as? String == "PENDING")
        #expect(response["data.submitSelfie.challenge.id"] as? String == "happy")
        #expect(response["data.submitSelfie.imageUrl"] is NSNull)
        #expect(response.codes == ["FORBIDDEN"])

        let rows = try await harness.pool.query("""
            SELECT m.id, m.visibility, m.kind, m.width, m.height, m.content_type, m.sha256, s.status
            FROM selfie_verifications s JOIN media m ON m.id = s.media_id WHERE s.user_id = \(user.id)
            """)
        #expect(rows.count == 1)
        #expect(try rows[0].decode("visibility", as: String.self) == "PRIVATE")
        #expect(try rows[0].decode("kind", as: String.self) == "SELFIE")
        #expect(try rows[0].decode("width", as: Int.self) == 120 && rows[0].decode("height", as: Int.self) == 160)
        #expect(try rows[0].decode("content_type", as: String.self) == "image/jpeg")
        let sha = try rows[0].decode("sha256", as: String.self)
        #expect(try await harness.store.contains(sha))

        let viewer = try await harness.post(
            "{ viewer { onboarding { emotionVerified } selfieVerifications { id status challenge { id } } } }", token: user.token
        )
        #expect(viewer["data.viewer.onboarding.emotionVerified"] as? Bool == false)
        let listed = try #require(viewer["data.viewer.selfieVerifications"] as? [[String: Any]])
        #expect(listed.count == 1)
        #expect(listed.first?["id"] as? String == response["data.submitSelfie.id"] as? String)
        #expect((listed.first?["challenge"] as? [String: Any])?["id"] as? String == "happy")
    }

    @Test("an ADMIN reading a selfie gets its absolute /media URL")
    func adminSeesImageURL() async throws {
        let harness = try await TestService.start()
        let admin = try await harness.signUp("media", role: .admin)
        let selfie = try MediaTestImages.upload(try MediaTestImages.png(width: 10, height: 10), filename: "me.png")
        let response = try await harness.post(Self.submit, ["c": "sad"], files: ["selfie": selfie], token: admin.token)
        let url = try #require(response["data.submitSelfie.imageUrl"] as? String)
        let media = try await harness.pool.query("SELECT media_id FROM selfie_verifications WHERE user_id = \(admin.id)")
        let id = try media[0].decode("media_id", as: UUID.self)
        #expect(url == "https://quarry.example/media/\(id.uuidString.lowercased())")
    }

    @Test("a guest cannot submit a selfie; an unknown challenge is CHALLENGE_NOT_FOUND and stores nothing")
    func refusals() async throws {
        let harness = try await TestService.start()
        let selfie = try MediaTestImages.upload(try MediaTestImages.png(width: 10, height: 10), filename: "me.png")
        let guest = try await harness.post(Self.submit, ["c": "happy"], files: ["selfie": selfie])
        #expect(guest.codes == ["UNAUTHENTICATED"])

        let user = try await harness.signUp("media")
        let unknown = try await harness.post(Self.submit, ["c": "bored"], files: ["selfie": selfie], token: user.token)
        #expect(unknown.codes == ["CHALLENGE_NOT_FOUND"])
        #expect(try await harness.mediaRows(owner: user.id) == 0)
        #expect(harness.storedFiles().isEmpty)
    }

    @Test("a bad file leaves no row and no stored file", arguments: ["text", "empty", "truncated", "large"])
    func badFileLeavesNothing(kind: String) async throws {
        // QUARRY_UPLOAD_MAX_BYTES=4000 instead of the shipped 20 MB, so the "large" file is a few kilobytes.
        let harness = try await TestService.start(media: .init(maxUploadBytes: 4_000))
        let user = try await harness.signUp("media")
        let png = try MediaTestImages.png(width: 200, height: 200)
        let (bytes, code): ([UInt8], String) = switch kind {
        case "text": (Array("plain text".utf8), "UNSUPPORTED_MEDIA_TYPE")
        case "empty": ([], "FILE_EMPTY")
        case "truncated": (Array(png.prefix(png.count / 2)), "INVALID_IMAGE")
        default: (png + Array(repeating: 0, count: 5_000), "FILE_TOO_LARGE")
        }
        let file = try MediaTestImages.upload(bytes, filename: "bad.png", contentType: "image/png")
        let response = try await harness.post(Self.submit, ["c": "happy"], files: ["selfie": file], token: user.token)
        #expect(response.codes == [code])
        #expect(try await harness.mediaRows(owner: user.id) == 0)
        let pending = try await harness.pool.query("SELECT count(*) AS n FROM selfie_verifications WHERE user_id = \(user.id)")
        #expect(try pending[0].decode("n", as: Int.self) == 0)
        #expect(harness.storedFiles().isEmpty)
    }

    @Test("updateAvatar sets a public avatar and User.avatarUrl gives its absolute URL")
    func avatar() async throws {
        let harness = try await TestService.start()
        let user = try await harness.signUp("media")
        let before = try await harness.post("{ viewer { avatarUrl } }", token: user.token)
        #expect(before["data.viewer.avatarUrl"] is NSNull)
        let image = try MediaTestImages.upload(try MediaTestImages.png(width: 64, height: 64), filename: "a.png")
        let response = try await harness.post(
            "mutation($image: Upload!) { updateAvatar(image: $image) { avatarUrl } }", files: ["image": image], token: user.token
        )
        let url = try #require(response["data.updateAvatar.avatarUrl"] as? String)
        let rows = try await harness.pool.query("""
            SELECT m.id, m.visibility FROM users u JOIN media m ON m.id = u.avatar_media_id WHERE u.id = \(user.id)
            """)
        #expect(try rows[0].decode("visibility", as: String.self) == "PUBLIC")
        #expect(url == "https://quarry.example/media/\(try rows[0].decode("id", as: UUID.self).uuidString.lowercased())")
    }

    @Test("a JSON request passing a string for an Upload variable fails variable coercion")
    func stringForUpload() async throws {
        let harness = try await TestService.start()
        let user = try await harness.signUp("media")
        let response = try await harness.post(
            "mutation($image: Upload!) { updateAvatar(image: $image) { id } }",
            ["image": RequestUploads.placeholder(forMapKey: "0")], token: user.token
        )
        #expect(response["data"] == nil)
        let message = (response["errors"] as? [[String: Any]])?.first?["message"] as? String ?? ""
        #expect(message.contains("Upload value invalid"))
        #expect(try await harness.mediaRows(owner: user.id) == 0)
    }
}
