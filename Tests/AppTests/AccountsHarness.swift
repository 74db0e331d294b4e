import App
import AppCore
import Auth
import Foundation
import GraphQLExecution
import GraphQLType
import Logging
import Postgres
import QuarryTestSupport
import Testing

/// Runs GraphQL operations through Quarry's real service (schema, resolvers,
/// `@auth`, error masking) against a migrated test database, and reads the
/// JSON responses back for assertions.
struct AccountsHarness {
    let service: GraphQLService
    let pool: PostgresPool

    /// A harness over the shared migrated database with the given account settings.
    static func make(settings: AccountSettings = AccountSettings(), identityProviders: [IdentityProviderConfiguration] = []) async throws -> AccountsHarness {
        let pool = try await TestDatabases.sharedPool()
        let schema = try QuarrySchema.build(directory: SchemaFiles.directory())
        let service = try GraphQLService(
            schema: schema, database: pool,
            accounts: testAccountServices(settings: settings, identityProviders: identityProviders),
            options: .shipped
        )
        return AccountsHarness(service: service, pool: pool)
    }

    /// The response of one operation, as parsed JSON.
    struct Response {
        let json: [String: Any]
        var data: [String: Any]? { json["data"] as? [String: Any] }
        var errors: [[String: Any]] { json["errors"] as? [[String: Any]] ?? [] }
        var codes: [String] { errors.compactMap { ($0["extensions"] as? [String: Any])?["code"] as? String } }
        var messages: [String] { errors.compactMap { $0["message"] as? String } }
        /// `extensions.fields` of the first error, as `field: message`.
        var fieldMessages: [String: String] {
            let fields = (errors.first?["extensions"] as? [String: Any])?["fields"] as? [[String: String]] ?? []
            return Dictionary(fields.map { ($0["field"] ?? "", $0["message"] ?? "") }) { a, _ in a }
        }
        /// The value at a dotted path under `data`, e.g. `"logIn.user.nickname"`.
        func value(_ path: String) -> Any? {
            var current: Any? = data
            for key in path.split(separator: ".") { current = (current as? [String: Any])?[String(key)] }
            return current
        }
        func string(_ path: String) -> String? { value(path) as? String }
    }

    func run(
        _ query: String, _ variables: [String: Any] = [:], token: String? = nil, userAgent: String? = "quarry-tests",
        uploads: RequestUploads = .none
    ) async throws -> Response {
        let prepared = try service.prepare(query: query, operationName: nil).get()
        let variableJSON = try JSONSerialization.data(withJSONObject: variables)
        let values = try variableJSON.withUnsafeBytes { try JSONReader.read($0) }
        let credential = RequestCredential(
            bearerToken: token, requestID: "test", clientAddress: "127.0.0.1", userAgent: userAgent
        )
        let result = await service.execute(
            prepared, variables: values.objectValue ?? [:], credential: credential, logger: Logger(label: "quarry.test"),
            uploads: uploads
        )
        let json = try JSONSerialization.jsonObject(with: Data(result.body)) as? [String: Any] ?? [:]
        return Response(json: json)
    }

    /// A fresh address and nickname no other test uses.
    static func uniqueUser(_ label: String = "user") -> (email: String, nickname: String) {
        let suffix = UUID().uuidString.prefix(8).lowercased()
        return ("\(label).\(suffix)@example.com", "\(label)_\(suffix)")
    }

    static let strongPassword = "correct horse battery staple 42"

    static let signUpMutation = """
        mutation($input: SignUpInput!) { signUp(input: $input) { token verificationRequired message user { id nickname email } } }
        """

    /// Signs up, marks the address verified in the database (the verification
    /// flows have tests of their own), and logs in.
    func signUpAndLogIn(_ label: String = "user", password: String = strongPassword) async throws -> (email: String, nickname: String, token: String, id: UUID) {
        let (email, nickname) = Self.uniqueUser(label)
        let signUp = try await run(Self.signUpMutation, ["input": ["email": email, "nickname": nickname, "password": password, "acceptedTerms": true]])
        #expect(signUp.errors.isEmpty, "\(signUp.json)")
        _ = try await pool.execute("UPDATE users SET email_verified_at = now() WHERE lower(email) = lower(\(email))")
        let login = try await run("mutation($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }", ["e": email, "p": password])
        let token = try #require(login.string("logIn.token"), "\(login.json)")
        let id = try await pool.query("SELECT id FROM users WHERE lower(email) = lower(\(email))")[0].decode("id", as: UUID.self)
        return (email, nickname, token, id)
    }
}
