import AppCore
import Feed
import Foundation

/// The Essential Feed client's payload contract (seed image-feed.txt
/// "Payload contract"; issue 14), written byte for byte: keys in the seed's
/// order, absent optional keys omitted (never `null`), ids as lowercase
/// UUIDs, image URLs absolute, times ISO 8601 in UTC with a `Z`.
enum FeedPayload {
    /// `{"items":[{"id","description","location","image"}]}`.
    static func feed(_ images: [FeedImageRecord], publicURL: String) -> String {
        items(images) { image in
            var object = #"{"id":"# + JSONText.quoted(image.id.uuidString.lowercased())
            if let description = image.description { object += #","description":"# + JSONText.quoted(description) }
            if let location = image.location { object += #","location":"# + JSONText.quoted(location) }
            return object + #","image":"# + JSONText.quoted(MediaQueries.url(of: image.mediaID, publicURL: publicURL)) + "}"
        }
    }

    /// `{"items":[{"id","message","created_at","author":{"username"}}]}`.
    static func comments(_ comments: [ImageCommentRecord]) -> String {
        items(comments) { comment in
            #"{"id":"# + JSONText.quoted(comment.id.uuidString.lowercased())
                + #","message":"# + JSONText.quoted(comment.message)
                + #","created_at":"# + JSONText.quoted(DateTimeScalar.format(comment.createdAt))
                + #","author":{"username":"# + JSONText.quoted(comment.username) + "}}"
        }
    }

    private static func items<Item>(_ items: [Item], _ object: (Item) -> String) -> String {
        #"{"items":["# + items.map(object).joined(separator: ",") + "]}"
    }
}
