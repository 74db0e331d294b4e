import GraphQLExecution

/// The pictures of the emotion challenge (roles-and-onboarding story 11):
/// faces drawn as SVG files in `web/emotions/`, served at
/// `GET /emotions/{id}.svg`. The catalogue is fixed; the id is the emotion.
public struct EmotionChallenge: Sendable, Equatable {
    public let id: String
    /// The emotion, for the administrator comparing the selfie with it.
    public let emotion: String

    public static let all: [EmotionChallenge] = [
        EmotionChallenge(id: "happy", emotion: "Happy"),
        EmotionChallenge(id: "surprised", emotion: "Surprised"),
        EmotionChallenge(id: "sad", emotion: "Sad"),
        EmotionChallenge(id: "angry", emotion: "Angry"),
        EmotionChallenge(id: "thinking", emotion: "Thinking"),
    ]

    /// The challenge with `id`, or `nil`.
    public static func named(_ id: String) -> EmotionChallenge? {
        all.first { $0.id == id }
    }

    /// The picture's file name in the emotions folder.
    public var fileName: String { id + ".svg" }

    /// The two disclaimers of story 11, in the order the screen shows them.
    public static let instructions = [
        "Please take a selfie picture with similar emotion",
        "This selfie is private. No one can see it except our Administration team. It won't be public or appear on your profile",
    ]
}

/// `EmotionChallenge` as the schema reads it: the picture's URL is absolute
/// (API.md "Conventions"), so it carries the public URL it was built with.
package struct EmotionChallengeView: GraphQLRecord {
    let challenge: EmotionChallenge
    let publicURL: String

    package static let objectTypeName = "EmotionChallenge"
    package static let fieldReaders: [String: @Sendable (EmotionChallengeView) -> (any Sendable)?] = [
        "id": { $0.challenge.id }, "imageUrl": { $0.publicURL + "/emotions/" + $0.challenge.fileName },
        "instructions": { _ in EmotionChallenge.instructions },
    ]
}
