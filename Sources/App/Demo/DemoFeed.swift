import AppCore
import Foundation
import Postgres

/// The demo accounts' image feed (issue 14; `quarry seed-demo`): ten images
/// each for alice, bob and carol over the past ten days — some with a
/// description and a location, some with one or neither, as the seed's
/// payload examples — and two PUBLIC ones from dan, so a guest's feed is not
/// empty. Each image carries up to two comments from the author's friends.
/// Alice, friends with bob and carol, sees all thirty of theirs in her feed.
/// Idempotent: an author who already has feed images gets none added.
enum DemoFeed {
    struct Image {
        let author: String
        let description: String
        let location: String?
        let hoursAgo: Int
        let visibility: String
        /// Whether the description is shown (the image is stored either way under it, for idempotence).
        var describes = true
    }

    static let places = ["Lyon, France", "Lagos, Nigeria", "Portland, Oregon", nil, "Kraków, Poland", nil]
    static let subjects = [
        "Morning light over the river", "Street food stall, best skewers in town", "Rainy window and a good book",
        "Farmers market haul", "Sunset from the rooftop", "New desk setup", "Homemade bread, finally a good crumb",
        "Graffiti wall on the walk home", "Coffee and a croissant", "The view from the hike",
    ]
    static let remarks = ["Love this!", "Where is this?", "So good", "Saving this for later", "Beautiful colours", "Next time invite me!"]

    static var images: [Image] {
        var images: [Image] = []
        for (column, author) in ["alice@demo.quarry.dev", "bob@demo.quarry.dev", "carol@demo.quarry.dev"].enumerated() {
            for (row, subject) in subjects.enumerated() {
                images.append(Image(
                    author: author, description: subject, location: places[(row + column) % places.count],
                    hoursAgo: row * 24 + column * 5 + 1, visibility: row % 4 == 0 ? "PUBLIC" : "FRIENDS",
                    describes: (row + column) % 5 != 3
                ))
            }
        }
        images.append(Image(author: "dan@demo.quarry.dev", description: "Hello from my first day here", location: "Kraków, Poland",
                            hoursAgo: 3, visibility: "PUBLIC"))
        images.append(Image(author: "dan@demo.quarry.dev", description: "Old town square at night", location: nil,
                            hoursAgo: 20, visibility: "PUBLIC"))
        return images
    }

    /// Adds the images of every author who has none yet, with their comments; returns how many images were added.
    @discardableResult
    static func load(database: PostgresPool, store: any MediaStore) async throws -> Int {
        var added = 0
        var authors: [String: UUID?] = [:]
        for (index, image) in images.enumerated() {
            if authors[image.author] == nil {
                authors[image.author] = try await database.query("""
                    SELECT u.id FROM users u
                    WHERE u.email = \(image.author) AND NOT EXISTS (SELECT 1 FROM feed_images f WHERE f.author_id = u.id)
                    """).first.map { try $0.decode("id", as: UUID.self) }
            }
            guard let author = authors[image.author] ?? nil else { continue }
            try await add(image, index: index, author: author, database: database, store: store)
            added += 1
        }
        return added
    }

    private static func add(_ image: Image, index: Int, author: UUID, database: PostgresPool, store: any MediaStore) async throws {
        let palette = DemoScreenshots.Shot(
            owner: image.author, annotation: image.description, hoursAgo: image.hoursAgo,
            bar: (UInt8(40 + index * 23 % 200), UInt8(90 + index * 41 % 150), UInt8(60 + index * 67 % 180)),
            rows: (UInt8(230 - index % 20), UInt8(225 + index % 25), UInt8(215 + index % 30))
        )
        let (sha256, byteSize) = try await DemoScreenshots.storePicture(of: palette, in: store)
        try await database.withTransaction { connection in
            let media = try await connection.query("""
                INSERT INTO media (owner_id, sha256, content_type, byte_size, width, height, kind, visibility, created_at)
                VALUES (\(author), \(sha256), 'image/png', \(byteSize), \(DemoScreenshots.width), \(DemoScreenshots.height),
                        'IMAGE', \(image.visibility), now() - \(image.hoursAgo)::int * interval '1 hour')
                RETURNING id, created_at
                """)[0]
            let mediaID = try media.decode("id", as: UUID.self)
            let createdAt = try media.decode("created_at", as: Date.self)
            let imageID = try await connection.query("""
                INSERT INTO feed_images (author_id, media_id, description, location, visibility, created_at)
                VALUES (\(author), \(mediaID), \(image.describes ? image.description : nil), \(image.location), \(image.visibility),
                        \(createdAt))
                RETURNING id
                """)[0].decode("id", as: UUID.self)
            // None, one or two of the author's friends comment, an hour apart.
            _ = try await connection.execute("""
                INSERT INTO image_comments (image_id, author_id, message, created_at)
                SELECT \(imageID), f.friend_id, (\(remarks))[1 + (\(index) + f.n::int) % \(remarks.count)],
                       \(createdAt) + f.n * interval '1 hour'
                FROM (SELECT friend_id, row_number() OVER (ORDER BY friend_id) AS n FROM friendships WHERE user_id = \(author)) f
                WHERE f.n <= \(index % 3)
                """)
        }
    }
}
