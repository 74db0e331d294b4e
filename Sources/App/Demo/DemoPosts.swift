import AppCore
import Foundation
import Postgres

/// The demo accounts' Foodstabook posts (issue 16; `quarry seed-demo`), so the newsfeed has all three tiers:
/// alice, bob, carol and dan post food photos (drawn here as JPEGs: a gradient with a plate) over the past
/// days, most placed in Lyon, carol's in Paris, one of bob's 40 days old; their `homeLocation`s are in Lyon
/// but carol's; dan follows bob and alice, bob and carol follow dan; every post has likes, most a comment.
/// Alice's feed: her own, bob's and carol's posts (friends), then dan's (in Lyon, within 50 km), then none
/// (nobody else posted). Idempotent: an author who already has posts gets none added, a home set stays.
enum DemoPosts {
    struct Post {
        let author: String
        let caption: String
        let hoursAgo: Int
        let place: Place?
    }

    struct Place {
        let latitude: Double
        let longitude: Double
    }

    static let vieuxLyon = Place(latitude: 45.7622, longitude: 4.8271)
    static let croixRousse = Place(latitude: 45.7745, longitude: 4.8320)
    static let partDieu = Place(latitude: 45.7606, longitude: 4.8590)
    static let villeurbanne = Place(latitude: 45.7719, longitude: 4.8902)
    static let paris = Place(latitude: 48.8566, longitude: 2.3522)

    static let homes: [(String, Place)] = [
        ("alice@demo.quarry.dev", Place(latitude: 45.7640, longitude: 4.8357)), ("bob@demo.quarry.dev", villeurbanne),
        ("carol@demo.quarry.dev", paris), ("dan@demo.quarry.dev", croixRousse),
    ]
    /// (follower, followed)
    static let follows = [
        ("dan@demo.quarry.dev", "bob@demo.quarry.dev"), ("dan@demo.quarry.dev", "alice@demo.quarry.dev"),
        ("bob@demo.quarry.dev", "dan@demo.quarry.dev"), ("carol@demo.quarry.dev", "dan@demo.quarry.dev"),
    ]

    static let posts = [
        Post(author: "bob@demo.quarry.dev", caption: "Jollof rice, my grandmother's recipe", hoursAgo: 2, place: villeurbanne),
        Post(author: "dan@demo.quarry.dev", caption: "My first post: pierogi like at home", hoursAgo: 3, place: croixRousse),
        Post(author: "alice@demo.quarry.dev", caption: "Croissant and a flat white", hoursAgo: 5, place: vieuxLyon),
        Post(author: "carol@demo.quarry.dev", caption: "Bagel with everything", hoursAgo: 8, place: paris),
        Post(author: "bob@demo.quarry.dev", caption: "Sourdough, day 3 of the starter", hoursAgo: 26, place: nil),
        Post(author: "alice@demo.quarry.dev", caption: "Salade lyonnaise at the bouchon", hoursAgo: 30, place: vieuxLyon),
        Post(author: "dan@demo.quarry.dev", caption: "Quenelles, trying the local thing", hoursAgo: 48, place: vieuxLyon),
        Post(author: "bob@demo.quarry.dev", caption: "Suya skewers for the match", hoursAgo: 50, place: partDieu),
        Post(author: "carol@demo.quarry.dev", caption: "Ramen night", hoursAgo: 60, place: paris),
        Post(author: "alice@demo.quarry.dev", caption: "Market strawberries", hoursAgo: 75, place: croixRousse),
        Post(author: "bob@demo.quarry.dev", caption: "Sunday pancakes", hoursAgo: 100, place: nil),
        Post(author: "carol@demo.quarry.dev", caption: "Coupon lunch: two tacos for one", hoursAgo: 120, place: nil),
        Post(author: "bob@demo.quarry.dev", caption: "Pho from the little place by the station", hoursAgo: 200, place: partDieu),
        Post(author: "bob@demo.quarry.dev", caption: "Plantain chips, the crunchy batch", hoursAgo: 40 * 24, place: nil),
    ]
    static let remarks = ["Looks delicious!", "Recipe please", "I want some", "Where is this?", "Yum"]

    static let width = 480
    static let height = 360

    /// Sets the homes not set yet and the follows (in the demo data's transaction).
    static func loadPeople(on connection: PostgresConnection) async throws {
        for (email, place) in homes {
            _ = try await connection.execute("""
                UPDATE users SET home_location = ST_SetSRID(ST_MakePoint(\(place.longitude), \(place.latitude)), 4326)::geography
                WHERE email = \(email) AND home_location IS NULL
                """)
        }
        for (follower, followed) in follows {
            _ = try await connection.execute("""
                INSERT INTO follows (follower_id, followed_id) SELECT a.id, b.id FROM users a, users b
                WHERE a.email = \(follower) AND b.email = \(followed) ON CONFLICT DO NOTHING
                """)
        }
    }

    /// Adds the posts of every author who has none yet, with their likes and comments; returns how many were added.
    @discardableResult
    static func load(database: PostgresPool, store: any MediaStore) async throws -> Int {
        var added = 0
        var authors: [String: UUID?] = [:]
        for (index, post) in posts.enumerated() {
            if authors[post.author] == nil {
                authors[post.author] = try await database.query("""
                    SELECT u.id FROM users u WHERE u.email = \(post.author) AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.author_id = u.id)
                    """).first.map { try $0.decode("id", as: UUID.self) }
            }
            guard let author = authors[post.author] ?? nil else { continue }
            try await add(post, index: index, author: author, database: database, store: store)
            added += 1
        }
        return added
    }

    private static func add(_ post: Post, index: Int, author: UUID, database: PostgresPool, store: any MediaStore) async throws {
        let (sha256, byteSize) = try await DemoScreenshots.storeDrawing(in: store, suffix: "jpg") { path in
            try drawJPEG(index: index, path: path)
        }
        try await database.withTransaction { connection in
            let postID = try await connection.query("""
                WITH photo AS (
                    INSERT INTO media (owner_id, sha256, content_type, byte_size, width, height, kind, visibility, created_at)
                    VALUES (\(author), \(sha256), 'image/jpeg', \(byteSize), \(width), \(height), 'IMAGE', 'PUBLIC',
                            now() - \(post.hoursAgo)::int * interval '1 hour')
                    RETURNING id, created_at
                )
                INSERT INTO posts (author_id, media_id, caption, latitude, longitude, created_at)
                SELECT \(author), id, \(post.caption), \(post.place?.latitude), \(post.place?.longitude), created_at FROM photo
                RETURNING id
                """)[0].decode("id", as: UUID.self)
            // The author's friends and followers like it; one or none of them comments, an hour later.
            _ = try await connection.execute("""
                WITH fans AS (
                    SELECT friend_id AS id FROM friendships WHERE user_id = \(author)
                    UNION SELECT follower_id FROM follows WHERE followed_id = \(author)
                ), liked AS (
                    INSERT INTO post_likes (post_id, user_id) SELECT \(postID), id FROM fans
                )
                INSERT INTO post_comments (post_id, author_id, text, created_at)
                SELECT \(postID), f.id, (\(remarks))[1 + \(index) % \(remarks.count)], p.created_at + interval '1 hour'
                FROM (SELECT id FROM fans ORDER BY id LIMIT \(index % 2 == 0 ? 1 : 0)) f, posts p WHERE p.id = \(postID)
                """)
        }
    }

    /// A food photo of sorts, written as JPEG at `path`: a diagonal gradient in the post's colours, a white
    /// plate and a round dish on it.
    private static func drawJPEG(index: Int, path: String) throws -> [UInt8] {
        let from = (Double(60 + index * 37 % 160), Double(90 + index * 53 % 140), Double(40 + index * 71 % 180))
        let to = (Double(230 - index * 13 % 90), Double(200 - index * 29 % 120), Double(150 + index * 17 % 100))
        let dish = (UInt8(180 + index * 19 % 70), UInt8(70 + index * 43 % 120), UInt8(30 + index * 23 % 60))
        let (cx, cy) = (Double(width) / 2, Double(height) / 2)
        return try DrawnPicture.write(.jpeg, width: width, height: height, to: path) { x, y in
            let distance = ((Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy)).squareRoot()
            let t = Double(x + y) / Double(width + height)
            if distance < 90 { return dish }
            if distance < 140 { return (245, 245, 240) }
            return (UInt8(from.0 + (to.0 - from.0) * t), UInt8(from.1 + (to.1 - from.1) * t), UInt8(from.2 + (to.2 - from.2) * t))
        }
    }
}
