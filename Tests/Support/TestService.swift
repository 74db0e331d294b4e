import App
import AppCore
import Auth
import Foundation
import GraphQLExecution
import GraphQLType
import Logging
import Postgres
import TestDatabaseSupport

/// Quarry's real GraphQL service (schema, resolvers, `@auth`, error masking, media
/// store) over a migrated test database: the one way tests start the service, make
/// users, make them friends and post GraphQL. The HTTP tests wrap it in a server.
///
/// Every service runs with `GraphQLService.Options.shipped` and the shipped
/// `AccountSettings`, except absolute links, made on ``publicURL`` so tests can assert
/// them; a test that needs another setting passes it and says why beside it.
public struct TestService: Sendable {
    public let service: GraphQLService
    public var pool: PostgresPool { service.database }

    /// The base of the absolute links (media, emotions) the services started here make.
    public static let publicURL = "https://quarry.example"

    /// Wraps a service built elsewhere (the HTTP tests build it from a `ServerConfiguration`).
    public init(service: GraphQLService) {
        self.service = service
    }

    /// The service over `database` (the process's shared migrated database unless given;
    /// ``TestDatabases/migrated(prefix:poolSize:adjust:)`` makes one of a test's own), with
    /// a media store in a fresh folder. Masked errors go to `errorReporter` (nowhere unless a test
    /// is about error reports).
    public static func start(
        settings: AccountSettings = defaultSettings, identityProviders: [IdentityProviderConfiguration] = [],
        options: GraphQLService.Options = .shipped, media: MediaLimits = MediaLimits(), database: PostgresPool? = nil,
        errorReporter: ErrorReporter = .discarding
    ) async throws -> TestService {
        let pool = if let database { database } else { try await TestDatabases.sharedPool() }
        let service = try GraphQLService(
            schema: try schema(), database: pool,
            accounts: testAccountServices(settings: settings, identityProviders: identityProviders),
            options: options,
            media: MediaServices(
                store: FileSystemMediaStore(directory: temporaryPath("media")), maxUploadBytes: media.maxUploadBytes,
                maxScreenshotBytes: media.maxScreenshotBytes, maxImagePixels: media.maxImagePixels
            ),
            errorReporter: errorReporter
        )
        // As `quarry serve` does at start-up: errors are worded by the seeded catalogue.
        try await service.errorMessages.reload()
        return TestService(service: service)
    }

    /// The shipped account settings with links on ``publicURL``: what a test that needs
    /// another account setting starts from.
    public static var defaultSettings: AccountSettings {
        var settings = AccountSettings()
        settings.publicURL = publicURL
        return settings
    }

    /// The media limits (`QUARRY_UPLOAD_MAX_BYTES`, `QUARRY_SCREENSHOT_MAX_BYTES`, `QUARRY_IMAGE_MAX_PIXELS`), shipped by default.
    public struct MediaLimits: Sendable {
        public var maxUploadBytes: Int
        public var maxScreenshotBytes: Int
        public var maxImagePixels: Int

        public init(
            maxUploadBytes: Int = MediaServices.defaultMaxUploadBytes, maxScreenshotBytes: Int = MediaServices.defaultMaxUploadBytes,
            maxImagePixels: Int = MediaServices.defaultMaxImagePixels
        ) {
            self.maxUploadBytes = maxUploadBytes
            self.maxScreenshotBytes = maxScreenshotBytes
            self.maxImagePixels = maxImagePixels
        }
    }

    /// Quarry's schema, from the repository's `schema/`.
    public static func schema() throws -> GraphQLSchema {
        try QuarrySchema.build(directory: SchemaFiles.directory())
    }

    /// A new path in the system's temporary folder.
    public static func temporaryPath(_ suffix: String = "bin") -> String {
        NSTemporaryDirectory() + "quarry-test-\(UUID().uuidString).\(suffix)"
    }

    // MARK: Users

    public static let strongPassword = "correct horse battery staple 42"

    public static let signUpMutation = """
        mutation($input: SignUpInput!) { signUp(input: $input) { token verificationRequired message user { id nickname email } } }
        """

    /// A fresh address and nickname no other test uses: `label.<random>@example.com`, `label_<random>`.
    public static func uniqueUser(_ label: String = "user") -> (email: String, nickname: String) {
        let suffix = UUID().uuidString.prefix(8).lowercased()
        return ("\(label).\(suffix)@example.com", "\(label)_\(suffix)")
    }

    /// Signs a user up through `signUp`, marks the address verified in the database (the
    /// verification flows have tests of their own), gives the account `role` when it is
    /// not `USER`, and logs in through `logIn`.
    public func signUp(_ label: String = "user", role: Role = .user, password: String = strongPassword) async throws -> TestUser {
        let (email, nickname) = Self.uniqueUser(label)
        let signUp = try await post(
            Self.signUpMutation, ["input": ["email": email, "nickname": nickname, "password": password, "acceptedTerms": true]]
        )
        guard signUp.errors.isEmpty else { throw Failed(description: "signUp failed: \(signUp.json)") }
        let rows = try await pool.query("""
            UPDATE users SET email_verified_at = now(), role = \(role.rawValue) WHERE lower(email) = lower(\(email)) RETURNING id
            """)
        let id = try rows[0].decode("id", as: UUID.self)
        let logIn = try await post(
            "mutation($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }", ["e": email, "p": password]
        )
        guard let token = logIn.string("data.logIn.token") else { throw Failed(description: "logIn failed: \(logIn.json)") }
        return TestUser(id: id, token: token, email: email, nickname: nickname, password: password)
    }

    /// Makes `a` and `b` friends, as accepting a friend request does (both rows of
    /// db/migrations/0004_friends.sql; friend requests have tests of their own).
    public func befriend(_ a: UUID, _ b: UUID, since: Date? = nil) async throws {
        _ = try await pool.execute("""
            INSERT INTO friendships (user_id, friend_id, created_at)
            VALUES (\(a), \(b), coalesce(\(since)::timestamptz, now())), (\(b), \(a), coalesce(\(since)::timestamptz, now()))
            """)
    }

    public func befriend(_ a: TestUser, _ b: TestUser) async throws {
        try await befriend(a.id, b.id)
    }

    // MARK: GraphQL

    /// Runs one GraphQL document as a client would send it: JSON `variables`, an optional
    /// bearer token, and `files` uploaded by variable name (each one's placeholder is put
    /// in the variables, as the multipart request spec's `map` does), under `requestID`.
    public func post(
        _ query: String, _ variables: [String: Any] = [:], files: [String: UploadedFile] = [:], token: String? = nil,
        operationName: String? = nil, userAgent: String? = "quarry-tests", requestID: String = "test"
    ) async throws -> Response {
        var variables = variables
        var uploads: [String: UploadedFile] = [:]
        for (name, file) in files {
            let placeholder = RequestUploads.placeholder(forMapKey: name)
            variables[name] = placeholder
            uploads[placeholder] = file
        }
        let variableJSON = try JSONSerialization.data(withJSONObject: variables)
        let values = try variableJSON.withUnsafeBytes { try JSONReader.read($0) }
        let credential = RequestCredential(bearerToken: token, requestID: requestID, clientAddress: "127.0.0.1", userAgent: userAgent)
        let prepared = try service.prepare(query: query, operationName: operationName).get()
        let result = await service.execute(
            prepared, variables: values.objectValue ?? [:], credential: credential, logger: Logger(label: "quarry.test"),
            uploads: RequestUploads(files: uploads)
        )
        var response = try Response(body: result.body)
        response.statements = result.sqlStatements
        return response
    }

    /// Subscribes as a client does over a socket: the event stream (each event a written response,
    /// for ``Response/init(body:)``), or the errors that kept the subscription from starting.
    public func subscribe(_ query: String, token: String? = nil) async throws -> GraphQLSubscription {
        let prepared = try service.prepare(query: query, operationName: nil).get()
        let credential = RequestCredential(bearerToken: token, requestID: "test", clientAddress: "127.0.0.1", userAgent: "quarry-tests")
        return await service.subscribe(prepared, variables: [:], credential: credential, logger: Logger(label: "quarry.test"))
    }

    public struct Failed: Error, CustomStringConvertible {
        public let description: String
    }
}

/// A signed-up user with a bearer token.
public struct TestUser: Sendable {
    public let id: UUID
    public let token: String
    public let email: String
    public let nickname: String
    public let password: String
    /// The user's global id (`Node.id`).
    public var globalID: String { GlobalID(typeName: "User", id: id).text }
}

extension TestService {
    /// A GraphQL response, parsed: the one way tests read one, whether it came from the
    /// service or over HTTP.
    public struct Response: @unchecked Sendable, CustomStringConvertible {
        /// The whole response object (`data`, `errors`, `extensions`).
        public let json: [String: Any]
        /// The response as it was written (empty for one made from `json`).
        public let text: String
        /// The SQL statements the operation cost (responses from the service only).
        public var statements = 0

        public init(json: [String: Any]) {
            self.json = json
            text = ""
        }

        public init(body: some Sequence<UInt8>) throws {
            let data = Data(body)
            json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            text = String(decoding: data, as: UTF8.self)
        }

        /// The value at a dotted path from the top of the response, e.g.
        /// `response["data.viewer.nickname"]` or `response["errors.0.message"]` (a number indexes a list).
        public subscript(_ path: String) -> Any? {
            var current: Any? = json
            for key in path.split(separator: ".") {
                if let list = current as? [Any] {
                    guard let index = Int(key), list.indices.contains(index) else { return nil }
                    current = list[index]
                } else {
                    current = (current as? [String: Any])?[String(key)]
                }
            }
            return current
        }

        public func string(_ path: String) -> String? { self[path] as? String }

        public var data: [String: Any]? { json["data"] as? [String: Any] }
        public var errors: [[String: Any]] { json["errors"] as? [[String: Any]] ?? [] }
        /// `errors[*].extensions.code`.
        public var codes: [String] { errors.compactMap { ($0["extensions"] as? [String: Any])?["code"] as? String } }
        /// `errors[*].message`.
        public var messages: [String] { errors.compactMap { $0["message"] as? String } }
        /// `extensions.fields` of the first error, as `field: message`.
        public var fieldMessages: [String: String] {
            let fields = (errors.first?["extensions"] as? [String: Any])?["fields"] as? [[String: String]] ?? []
            return Dictionary(fields.map { ($0["field"] ?? "", $0["message"] ?? "") }) { a, _ in a }
        }

        public var description: String { "\(json)" }
    }
}

/// Account services for tests: a cheap argon2id cost (the OWASP cost has its
/// own tests in AuthTests) and the given settings and identity providers.
public func testAccountServices(
    settings: AccountSettings = AccountSettings(), identityProviders: [IdentityProviderConfiguration] = []
) -> AccountServices {
    AccountServices(
        settings: settings,
        hasher: PasswordHasher(parameters: Argon2Parameters(memoryKiB: 1024, iterations: 1, parallelism: 1), threads: 2),
        identities: IdentityTokenVerifier(configurations: identityProviders)
    )
}
