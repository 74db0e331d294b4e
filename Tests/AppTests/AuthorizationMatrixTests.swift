@testable import App
@testable import AppCore
import Auth
import Foundation
import GraphQLType
import Logging
import QuarryTestSupport
import Testing

/// The authorization matrix (issues 4 and 12). The expectations are the reviewed table of
/// ``AuthorizationExpectations``, not the SDL: the SDL's `@auth` must agree with it field by field, every field
/// of every type is either guarded there or reviewed public, and each guarded field is then queried as a
/// guest, as another user, as a friend of the owner, as the owner, as ADMIN and as SUPER_ADMIN against the
/// database. Allowed means data came back (or, for a mutation called with placeholder arguments, the
/// resolver's own answer); denied means `null` with `UNAUTHENTICATED` or `FORBIDDEN`.
@Suite("@auth matrix over the whole schema")
struct AuthorizationMatrixTests {
    enum Caller: CaseIterable {
        case guest, otherUser, friend, owner, admin, superAdmin
    }

    typealias Rule = AuthorizationExpectations.Rule

    /// The rule the SDL declares for a field: its own `@auth`, else its object type's.
    static func declaredRule(_ field: GraphQLField, of type: GraphQLObjectType) -> Rule? {
        guard let directive = field.directives.first(named: "auth") ?? type.directives.first(named: "auth") else { return nil }
        return Rule(
            requires: directive.arguments["requires"]?.stringValue.flatMap(Role.init(rawValue:)) ?? .user,
            selfAllowed: directive.arguments["self"]?.boolValue ?? false,
            friendsAllowed: directive.arguments["friends"]?.boolValue ?? false
        )
    }

    /// Every object type of the schema but introspection's.
    static func objectTypes(_ schema: GraphQLSchema) -> [GraphQLObjectType] {
        schema.types.compactMap(\.asObject).filter { !$0.name.hasPrefix("__") }
    }

    /// Where the SDL and the reviewed table disagree, one line per field, naming it.
    static func disagreements(_ schema: GraphQLSchema) -> [String] {
        var problems: [String] = []
        var seen: Set<String> = []
        for type in objectTypes(schema) {
            for field in type.fields {
                let key = "\(type.name).\(field.name)"
                seen.insert(key)
                let declared = declaredRule(field, of: type)
                let expected = AuthorizationExpectations.guarded[key]
                let isPublic = AuthorizationExpectations.publicFields.contains(key)
                switch (declared, expected) {
                case (let declared?, let expected?) where declared != expected:
                    problems.append("\(key): the SDL says \(declared), the reviewed table \(expected)")
                case (nil, let expected?):
                    problems.append("\(key): the SDL has no @auth, the reviewed table says \(expected)")
                case (let declared?, nil) where isPublic:
                    problems.append("\(key): reviewed as public, but the SDL says \(declared)")
                case (let declared?, nil):
                    problems.append("\(key): \(declared) in the SDL is not in the reviewed table")
                case (nil, nil) where !isPublic:
                    problems.append("\(key): neither @auth nor a reviewed public field (add it to AuthorizationExpectations)")
                default: break
                }
                if expected != nil, isPublic { problems.append("\(key): both guarded and public in the reviewed table") }
            }
        }
        for key in Set(AuthorizationExpectations.guarded.keys).union(AuthorizationExpectations.publicFields).subtracting(seen) {
            problems.append("\(key): in the reviewed table but not in the schema")
        }
        return problems.sorted()
    }

    @Test("the SDL's @auth agrees with the reviewed table, and every field is guarded or reviewed public")
    func sdlAgreesWithReviewedTable() throws {
        let schema = try QuarrySchema.build(directory: SchemaFiles.directory())
        let problems = Self.disagreements(schema)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("a field that lost its @auth, or gained one, or is new, is named")
    func disagreementsAreNamed() throws {
        // The schema as it would be if `User.email` lost its directive and a field appeared that nobody reviewed.
        let directory = SchemaFiles.directory()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name.hasSuffix(".graphql") {
            var text = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
            if name == "accounts.graphql" {
                text = text.replacingOccurrences(of: "email: String @auth(requires: USER, self: true)", with: "email: String")
                text += "\nextend type User { secret: String }\n"
            }
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let problems = Self.disagreements(try QuarrySchema.build(directory: folder.path))
        #expect(problems == [
            "User.email: the SDL has no @auth, the reviewed table says @auth(requires: USER, self: true)",
            "User.secret: neither @auth nor a reviewed public field (add it to AuthorizationExpectations)",
        ])
    }

    /// The users of the matrix, made once: the owner of the objects under test, and one account per kind of
    /// signed-in caller (the friend is the owner's friend; ADMIN and SUPER_ADMIN are strangers to the owner).
    struct Cast {
        typealias Account = TestUser
        let owner: Account, other: Account, friend: Account, admin: Account, superAdmin: Account

        func account(_ caller: Caller) -> Account? {
            switch caller {
            case .guest: nil
            case .otherUser: other
            case .friend: friend
            case .owner: owner
            case .admin: admin
            case .superAdmin: superAdmin
            }
        }

        /// The other side of a conversation with the caller: the owner, or for the owner another user
        /// (every signed-in caller has exchanged a message with the owner).
        func peer(of caller: Caller) -> UUID { caller == .owner ? other.id : owner.id }

        static func make(_ h: TestService) async throws -> Cast {
            let owner = try await h.signUp("owner")
            let other = try await h.signUp("other")
            let friend = try await h.signUp("friend")
            let admin = try await h.signUp("admin", role: .admin)
            let superAdmin = try await h.signUp("superadmin", role: .superAdmin)
            try await h.befriend(friend, owner)
            // Every guarded field of the owner has a value: the optional profile fields and home area, a block reason (on
            // an account that is not blocked, so it still signs in), a selfie, a screenshot, a friend request from
            // a sixth user (so that no caller is its sender), and a message with each signed-in caller.
            _ = try await h.pool.execute("""
                UPDATE users SET phone = '+15550100', real_name = 'Owen Owner', country = 'NL', zip_code = '1011',
                    block_reason = 'matrix', home_location = ST_SetSRID(ST_MakePoint(4.9, 52.37), 4326)::geography
                    WHERE id = \(owner.id)
                """)
            let selfie = try await insertMedia(h, owner: owner.id, kind: "SELFIE", visibility: "PRIVATE")
            _ = try await h.pool.execute(
                "INSERT INTO selfie_verifications (user_id, media_id, challenge_id) VALUES (\(owner.id), \(selfie), 'happy')"
            )
            let screenshot = try await insertMedia(h, owner: owner.id, kind: "SCREENSHOT", visibility: "FRIENDS")
            _ = try await h.pool.execute(
                "INSERT INTO screenshots (owner_id, media_id, annotation) VALUES (\(owner.id), \(screenshot), 'matrix')"
            )
            let sender = try await h.signUp("sender")
            _ = try await h.pool.execute("INSERT INTO friend_requests (sender_id, recipient_id) VALUES (\(sender.id), \(owner.id))")
            for caller in [other, friend, admin, superAdmin] {
                _ = try await h.pool.execute("INSERT INTO messages (sender_id, recipient_id, text) VALUES (\(caller.id), \(owner.id), 'hi')")
            }
            _ = try await h.pool.execute("""
                INSERT INTO issuers (id, name) VALUES (\(matrixIssuer), 'Matrix issuer') ON CONFLICT DO NOTHING
                """)
            return Cast(owner: owner, other: other, friend: friend, admin: admin, superAdmin: superAdmin)
        }
    }

    /// How to reach an instance of a type, as a selection whose `FIELD` takes the field under test; `OWNER` is
    /// the owner's global id, `PEER` the caller's conversation partner's.
    static let reach: [String: String] = [
        "User": "node(id: \"OWNER\") { ... on User { FIELD } }",
        "SelfieVerification": "node(id: \"OWNER\") { ... on User { selfieVerifications { FIELD } } }",
        "Screenshot": "node(id: \"OWNER\") { ... on User { screenshots { edges { node { FIELD } } } } }",
        "Message": "conversation(withUserId: \"PEER\") { edges { node { FIELD } } }",
        "FriendRequest": "node(id: \"OWNER\") { ... on User { friendRequests { FIELD } } }",
    ]

    /// The response path down to the field's parent.
    static let reachPath: [String: [String]] = [
        "User": ["node"],
        "SelfieVerification": ["node", "selfieVerifications", "0"],
        "Screenshot": ["node", "screenshots", "edges", "0", "node"],
        "Message": ["conversation", "edges", "0", "node"],
        "FriendRequest": ["node", "friendRequests", "0"],
    ]

    /// Arguments that make a field return data, where the generated placeholders would not.
    static let arguments: [String: String] = [
        "Query.conversation": "(withUserId: \"PEER\")",
        // An issuer of the cast's (no stores: an empty list is data); DateTime placeholders must be dates.
        "Query.stores": "(issuerId: \"\(GlobalID(typeName: "Issuer", id: matrixIssuer).text)\")",
        "Mutation.createOffer": "(input: {storeId: \"x\", details: \"x\", validFrom: \"2026-01-01T00:00:00Z\", validTo: \"2026-01-02T00:00:00Z\"})",
        "Mutation.updateOffer":
            "(id: \"x\", input: {storeId: \"x\", details: \"x\", validFrom: \"2026-01-01T00:00:00Z\", validTo: \"2026-01-02T00:00:00Z\"})",
    ]

    /// The issuer `Query.stores` is asked about, made by ``Cast/make(_:)``.
    static let matrixIssuer = UUID(uuidString: "00000000-0000-4000-8000-00000000a115")!

    /// A media row of `owner` (no file: the matrix reads metadata only).
    static func insertMedia(_ h: TestService, owner: UUID, kind: String, visibility: String) async throws -> UUID {
        try await h.pool.query("""
            INSERT INTO media (owner_id, sha256, content_type, byte_size, width, height, kind, visibility)
            VALUES (\(owner), repeat('a', 64), 'image/png', 1, 1, 1, \(kind), \(visibility)) RETURNING id
            """)[0].decode("id", as: UUID.self)
    }

    /// What the rule means for a caller (the directive's documentation in schema/accounts.graphql).
    static func allowed(_ rule: Rule, _ caller: Caller) -> Bool {
        let role: Role = switch caller {
        case .guest: .guest
        case .otherUser, .friend, .owner: .user
        case .admin: .admin
        case .superAdmin: .superAdmin
        }
        if rule.friendsAllowed, caller == .friend, role.includes(rule.requires) { return true }
        if rule.selfAllowed || rule.friendsAllowed {
            return (rule.selfAllowed && caller == .owner) || role.includes(max(rule.requires, .admin))
        }
        return role.includes(rule.requires)
    }

    @Test("every field of the reviewed table allows and denies each kind of caller, over GraphQL and the database")
    func matrix() async throws {
        let schema = try QuarrySchema.build(directory: SchemaFiles.directory())
        let h = try await TestService.start()
        let cast = try await Cast.make(h)
        // Mutations last, each with a token of its own: `logOut` and `logOutEverywhere` revoke tokens.
        let keys = AuthorizationExpectations.guarded.keys.sorted { a, b in
            a.hasPrefix("Mutation.") == b.hasPrefix("Mutation.") ? a < b : b.hasPrefix("Mutation.")
        }
        #expect(keys.count >= 50, "the reviewed table is there")
        for key in keys {
            let rule = try #require(AuthorizationExpectations.guarded[key])
            let parts = key.split(separator: ".").map(String.init)
            let type = try #require(schema.types.compactMap(\.asObject).first { $0.name == parts[0] }, "\(key): no such type")
            let field = try #require(type.fields.first { $0.name == parts[1] }, "\(key): no such field")
            for caller in Caller.allCases {
                var token = cast.account(caller)?.token
                if type.name == schema.mutationType?.name, let account = cast.account(caller) {
                    token = try await h.logIn(account.email)
                }
                let (query, path) = try Self.operation(
                    key: key, type: type, field: field, schema: schema,
                    owner: GlobalID(typeName: "User", id: cast.owner.id).text,
                    peer: GlobalID(typeName: "User", id: cast.peer(of: caller)).text
                )
                let expected = Self.allowed(rule, caller)
                let label = "\(key) as \(caller)"
                if type.name == schema.subscriptionType?.name {
                    // A subscription that is allowed starts its event stream; a denied one never starts.
                    let r = try await Self.subscriptionStart(h, query, token: token)
                    if expected {
                        #expect(r.errors.isEmpty, "\(label) should start: \(r.json)")
                    } else {
                        #expect(r.codes == [caller == .guest ? "UNAUTHENTICATED" : "FORBIDDEN"], "\(label): \(r.json)")
                    }
                    continue
                }
                // An `Upload` argument is a variable holding a file of the request (schema/onboarding.graphql).
                let r = try await h.post(query, files: ["upload": try Self.uploadedImage()], token: token)
                let value = Self.value(at: path, in: r.data)
                // Errors at the field, or at an ancestor on the way to it (the caller cannot see it either way).
                let errors = r.errors.filter { error in
                    guard let at = (error["path"] as? [Any])?.map({ "\($0)" }), !at.isEmpty else { return false }
                    return path.starts(with: at)
                }
                let codes = errors.compactMap { ($0["extensions"] as? [String: Any])?["code"] as? String }
                let authCodes = codes.filter { $0 == "UNAUTHENTICATED" || $0 == "FORBIDDEN" }
                if expected {
                    #expect(authCodes.isEmpty, "\(label) should be allowed: \(r.json)")
                    if type.name == schema.mutationType?.name {
                        // Called with placeholder arguments: the resolver's own answer (data, or an error with a
                        // domain code such as BAD_USER_INPUT) shows it ran.
                        #expect(value != nil || !codes.isEmpty, "\(label): neither data nor a domain error: \(r.json)")
                        #expect(!codes.contains("INTERNAL_SERVER_ERROR"), "\(label): \(r.json)")
                    } else if AuthorizationExpectations.noData["\(key)@\(caller)"] != nil {
                        #expect(r.errors.isEmpty, "\(label): \(r.json)")
                    } else {
                        #expect(value != nil, "\(label) should return data: \(r.json)")
                    }
                } else {
                    #expect(value == nil, "\(label) should be denied, but data came back: \(r.json)")
                    #expect(
                        authCodes.first == (caller == .guest ? "UNAUTHENTICATED" : "FORBIDDEN"),
                        "\(label) should be denied: \(r.json)")
                }
            }
        }
    }

    /// The non-null value at a response path, or nil.
    static func value(at path: [String], in data: [String: Any]?) -> Any? {
        var current: Any? = data
        for key in path {
            if let object = current as? [String: Any] {
                current = object[key]
            } else if let list = current as? [Any], let index = Int(key), list.indices.contains(index) {
                current = list[index]
            } else {
                return nil
            }
        }
        return current is NSNull ? nil : current
    }

    /// A document selecting the field, and the response path of the field.
    static func operation(
        key: String, type: GraphQLObjectType, field: GraphQLField, schema: GraphQLSchema, owner: String, peer: String
    ) throws -> (String, [String]) {
        let arguments = Self.arguments[key] ?? ArgumentValues.arguments(for: field, schema: schema)
        var selection = field.name + arguments + ArgumentValues.subselection(field.type, schema: schema)
        let variables = selection.contains("$upload") ? "($upload: Upload!)" : ""
        let path: [String]
        let operation: String
        switch type.name {
        case schema.queryType?.name: (operation, path) = ("query", [field.name])
        case schema.mutationType?.name: (operation, path) = ("mutation", [field.name])
        case schema.subscriptionType?.name: (operation, path) = ("subscription", [field.name])
        default:
            let reach = try #require(reach[type.name], "no way to reach \(type.name): add it to AuthorizationMatrixTests.reach")
            selection = reach.replacingOccurrences(of: "FIELD", with: selection)
            operation = "query"
            path = (reachPath[type.name] ?? ["node"]) + [field.name]
        }
        selection = selection.replacingOccurrences(of: "OWNER", with: owner).replacingOccurrences(of: "PEER", with: peer)
        return ("\(operation)\(variables) { \(selection) }", path)
    }

    /// A small PNG uploaded with the request.
    static func uploadedImage() throws -> UploadedFile {
        try MediaTestImages.upload(try MediaTestImages.png(width: 4, height: 4), filename: "matrix.png")
    }
}

extension TestService {
    /// A new token of an account made by ``signUp(_:role:password:)``.
    func logIn(_ email: String, password: String = strongPassword) async throws -> String {
        let login = try await post(
            "mutation($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }", ["e": email, "p": password])
        return try #require(login.string("data.logIn.token"), "\(login.json)")
    }
}

extension AuthorizationMatrixTests {
    /// Subscribes (a subscription is not executed like a query): the errors
    /// that kept it from starting, or none when its event stream began.
    static func subscriptionStart(_ h: TestService, _ query: String, token: String?) async throws -> TestService.Response {
        switch try await h.subscribe(query, token: token) {
        case .events: return TestService.Response(json: [:])
        case .failed(let errors): return TestService.Response(json: ["errors": try JSONSerialization.jsonObject(with: Data(errors))])
        }
    }
}
