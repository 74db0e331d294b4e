import App
import AppCore
import Auth
import CVips
import Foundation
import GraphQLExecution
import GraphQLType
import Logging
import Postgres
import QuarryTestSupport

/// Test images drawn with libvips, and files holding them.
enum MediaTestImages {
    static func png(width: Int, height: Int) throws -> [UInt8] { try draw(width, height, png: true) }
    static func jpeg(width: Int, height: Int) throws -> [UInt8] { try draw(width, height, png: false) }

    private static func draw(_ width: Int, _ height: Int, png: Bool) throws -> [UInt8] {
        precondition(VipsLibrary.isReady)
        guard let image = quarry_vips_black(Int32(width), Int32(height), 3) else { throw VipsFailure() }
        defer { quarry_vips_unref(image) }
        let path = temporaryPath(png ? "png" : "jpg")
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard (png ? quarry_vips_pngsave(image, path) : quarry_vips_jpegsave(image, path)) == 0 else { throw VipsFailure() }
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A new path in the system's temporary folder.
    static func temporaryPath(_ suffix: String = "bin") -> String {
        NSTemporaryDirectory() + "quarry-media-test-\(UUID().uuidString).\(suffix)"
    }

    /// An uploaded file holding `bytes`.
    static func upload(_ bytes: [UInt8], filename: String, contentType: String? = nil) throws -> UploadedFile {
        let path = temporaryPath()
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return UploadedFile(path: path, filename: filename, contentType: contentType, size: bytes.count)
    }

    struct VipsFailure: Error {}
}

/// Users with bearer tokens made directly in the database.
enum MediaTestUsers {
    static func create(role: Role = .user, pool: PostgresPool) async throws -> (id: UUID, token: String) {
        try await TestUsers.create(role: role, label: "media", pool: pool)
    }
}

/// Quarry's GraphQL service with a media store in a fresh folder, over the shared test database.
struct MediaHarness {
    let service: GraphQLService
    let pool: PostgresPool
    let store: FileSystemMediaStore

    static func make(
        maxUploadBytes: Int = MediaServices.defaultMaxUploadBytes, maxScreenshotBytes: Int = MediaServices.defaultMaxUploadBytes,
        maxImagePixels: Int = MediaServices.defaultMaxImagePixels
    ) async throws -> MediaHarness {
        let pool = try await TestDatabases.sharedPool()
        var settings = AccountSettings()
        settings.publicURL = "https://quarry.example"
        let store = FileSystemMediaStore(directory: MediaTestImages.temporaryPath("media"))
        let service = try GraphQLService(
            schema: try QuarrySchema.build(directory: SchemaFiles.directory()), database: pool,
            accounts: testAccountServices(settings: settings),
            options: .shipped,
            media: MediaServices(
                store: store, maxUploadBytes: maxUploadBytes, maxScreenshotBytes: maxScreenshotBytes,
                maxImagePixels: maxImagePixels
            )
        )
        return MediaHarness(service: service, pool: pool, store: store)
    }

    /// Runs `query`; `files` are uploads by variable name (each one's placeholder is put in the variables).
    func run(
        _ query: String, _ variables: GraphQLObjectValue = [:], files: [String: UploadedFile] = [:], token: String? = nil
    ) async throws -> [String: Any] {
        var variables = variables
        var uploads: [String: UploadedFile] = [:]
        for (name, file) in files {
            let placeholder = RequestUploads.placeholder(forMapKey: name)
            variables[name] = .string(placeholder)
            uploads[placeholder] = file
        }
        let prepared = try service.prepare(query: query, operationName: nil).get()
        let result = await service.execute(
            prepared, variables: variables,
            credential: RequestCredential(bearerToken: token, requestID: "test", clientAddress: nil, userAgent: nil),
            logger: Logger(label: "quarry.test"), uploads: RequestUploads(files: uploads)
        )
        return try JSONSerialization.jsonObject(with: Data(result.body)) as? [String: Any] ?? [:]
    }

    /// Every file under the store's folder.
    func storedFiles() -> [String] {
        (FileManager.default.enumerator(atPath: store.directory)?.allObjects as? [String] ?? [])
            .filter { !$0.hasSuffix("/") && ($0.split(separator: "/").count == 3) }
    }

    func mediaRows(owner: UUID) async throws -> Int {
        try await pool.query("SELECT count(*) AS n FROM media WHERE owner_id = \(owner)")[0].decode("n", as: Int.self)
    }
}

extension Dictionary where Key == String, Value == Any {
    /// `errors[*].extensions.code`.
    var errorCodes: [String] {
        (self["errors"] as? [[String: Any]] ?? []).compactMap { ($0["extensions"] as? [String: Any])?["code"] as? String }
    }
    /// The value at a dotted path under `data`.
    func data(_ path: String) -> Any? {
        var current: Any? = self["data"]
        for key in path.split(separator: ".") { current = (current as? [String: Any])?[String(key)] }
        return current
    }
}
