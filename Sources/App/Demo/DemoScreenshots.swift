import AppCore
import Foundation
import Postgres

/// The demo accounts' screenshots (issue 5; `quarry seed-demo`): a few each,
/// with annotations that make the search worth trying, uploaded over the past
/// days so the list's order shows. The pictures are small phone-shaped PNGs
/// drawn here (a coloured app bar over striped rows, one palette per
/// screenshot), stored in the media store like any upload and shared with
/// friends. Idempotent: a screenshot whose owner already has one with the
/// same annotation is skipped.
enum DemoScreenshots {
    struct Shot {
        /// The demo account's address (``DemoData/accounts``).
        let owner: String
        let annotation: String
        /// How long before now it was uploaded.
        let hoursAgo: Int
        /// The app bar's colour and the rows' colour.
        let bar: (UInt8, UInt8, UInt8)
        let rows: (UInt8, UInt8, UInt8)
    }

    static let shots = [
        Shot(owner: "alice@demo.quarry.dev", annotation: "Gorgeous onboarding screen of a meditation app, soft gradients", hoursAgo: 70,
             bar: (94, 53, 177), rows: (237, 231, 246)),
        Shot(owner: "alice@demo.quarry.dev", annotation: "Dark mode settings done right: clear toggles and previews", hoursAgo: 30,
             bar: (33, 33, 33), rows: (66, 66, 66)),
        Shot(owner: "alice@demo.quarry.dev", annotation: "Weather app with a lovely hourly chart. Colors for the portfolio", hoursAgo: 5,
             bar: (2, 136, 209), rows: (225, 245, 254)),
        Shot(owner: "bob@demo.quarry.dev", annotation: "Jollof rice recipe from Aunt Ngozi - double the pepper", hoursAgo: 90,
             bar: (230, 81, 0), rows: (255, 243, 224)),
        Shot(owner: "bob@demo.quarry.dev", annotation: "Grocery list: plantain, scotch bonnet, thyme, rice", hoursAgo: 26,
             bar: (56, 142, 60), rows: (232, 245, 233)),
        Shot(owner: "bob@demo.quarry.dev", annotation: "Sourdough timings, attempt #3 (better crust)", hoursAgo: 2,
             bar: (121, 85, 72), rows: (239, 235, 233)),
        Shot(owner: "carol@demo.quarry.dev", annotation: "Coffee shop loyalty card: 8 of 10 stamps", hoursAgo: 50,
             bar: (109, 76, 65), rows: (245, 240, 235)),
        Shot(owner: "carol@demo.quarry.dev", annotation: "Coupon code SPRING20, expires Friday, shoes and bags only", hoursAgo: 12,
             bar: (216, 27, 96), rows: (252, 228, 236)),
        Shot(owner: "dan@demo.quarry.dev", annotation: "My first screenshot on Screen Cache!", hoursAgo: 1,
             bar: (0, 121, 107), rows: (224, 242, 241)),
        Shot(owner: "admin@demo.quarry.dev", annotation: "Community guidelines draft, section 3: be kind", hoursAgo: 40,
             bar: (63, 81, 181), rows: (232, 234, 246)),
        Shot(owner: "erin@demo.quarry.dev", annotation: "Watches 90% off!!! Link in my bio", hoursAgo: 30,
             bar: (255, 214, 0), rows: (255, 249, 196)),
    ]

    static let width = 90
    static let height = 160

    /// Adds the screenshots not there yet; returns how many were added.
    @discardableResult
    static func load(database: PostgresPool, store: any MediaStore) async throws -> Int {
        var added = 0
        for shot in shots {
            let owner = try await database.query("""
                SELECT u.id FROM users u WHERE u.email = \(shot.owner)
                AND NOT EXISTS (SELECT 1 FROM screenshots s WHERE s.owner_id = u.id AND s.annotation = \(shot.annotation))
                """).first.map { try $0.decode("id", as: UUID.self) }
            guard let owner else { continue }
            let (sha256, byteSize) = try await storePicture(of: shot, in: store)
            try await database.withTransaction { connection in
                let media = try await connection.query("""
                    INSERT INTO media (owner_id, sha256, content_type, byte_size, width, height, kind, visibility, created_at)
                    VALUES (\(owner), \(sha256), 'image/png', \(byteSize), \(width), \(height), 'SCREENSHOT', 'FRIENDS',
                            now() - \(shot.hoursAgo)::int * interval '1 hour')
                    RETURNING id, created_at
                    """)[0]
                let mediaID = try media.decode("id", as: UUID.self)
                let createdAt = try media.decode("created_at", as: Date.self)
                _ = try await connection.execute("""
                    INSERT INTO screenshots (owner_id, media_id, annotation, created_at, updated_at)
                    VALUES (\(owner), \(mediaID), \(shot.annotation), \(createdAt), \(createdAt))
                    """)
            }
            added += 1
        }
        return added
    }

    /// Draws the shot's picture, puts it in `store`, and returns its SHA-256 and size.
    static func storePicture(of shot: Shot, in store: any MediaStore) async throws -> (String, Int) {
        try await storeDrawing(in: store, suffix: "png") { path in try drawPNG(shot, path: path) }
    }

    /// Runs `draw` off the cooperative pool (it writes a picture file at the path it is given and answers its
    /// bytes), puts the file in `store`, and returns its SHA-256 and size.
    static func storeDrawing(
        in store: any MediaStore, suffix: String, draw: @escaping @Sendable (String) throws -> [UInt8]
    ) async throws -> (String, Int) {
        let path = NSTemporaryDirectory() + "quarry-demo-\(UUID().uuidString).\(suffix)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = try await Offload.run { try draw(path) }
        let digest = SHA256Digest()
        bytes.withUnsafeBytes { digest.update($0) }
        let sha256 = digest.hex()
        try await store.put(contentsOf: path, sha256: sha256)
        return (sha256, bytes.count)
    }

    /// An RGB picture: an app bar, then rows separated by thin lines, written as PNG at `path`.
    private static func drawPNG(_ shot: Shot, path: String) throws -> [UInt8] {
        try DrawnPicture.write(width: width, height: height, to: path) { x, y in color(x: x, y: y, shot: shot) }
    }
}

extension DemoScreenshots {
    static let barHeight = 22
    static let rowHeight = 23

    /// The colour at (`x`, `y`): the app bar, a grey divider between rows, each row's icon, or the row.
    static func color(x: Int, y: Int, shot: Shot) -> (UInt8, UInt8, UInt8) {
        if y < barHeight { return shot.bar }
        let row = (y - barHeight) % rowHeight
        if row == 0 { return (200, 200, 200) }
        if (9..<26).contains(x), (6..<18).contains(row) { return shot.bar }
        return shot.rows
    }
}
