@testable import App
import Auth
import Foundation
import GraphQLType
import Logging
import Testing

/// The authorization matrix (issue 4): every field of the schema that carries
/// `@auth` — on itself or on its object type — is queried as a guest, as
/// another user, as a friend of the owner, as the owner, as ADMIN and as
/// SUPER_ADMIN, and must be
/// allowed or denied exactly as its directive says. The fields are read from
/// the schema, so fields added later are covered without new test code; a new
/// object type needs one line in ``reach`` saying how to get an instance.
@Suite("@auth matrix over the whole schema")
struct AuthorizationMatrixTests {
    enum Caller: CaseIterable {
        case guest, otherUser, friend, owner, admin, superAdmin
    }

    /// How to reach an instance of a type owned by the user with global id `owner`, as a selection
    /// whose innermost `{}` takes the field under test.
    static let reach: [String: @Sendable (String) -> String] = [
        "User": { owner in "node(id: \"\(owner)\") { ... on User { FIELD } }" },
        "SelfieVerification": { owner in "node(id: \"\(owner)\") { ... on User { selfieVerifications { FIELD } } }" },
        "Screenshot": { owner in "node(id: \"\(owner)\") { ... on User { screenshots { edges { node { FIELD } } } } }" },
        "Message": { owner in "node(id: \"\(owner)\") { ... on User { lastMessage { FIELD } } }" },
        "FriendRequest": { owner in "node(id: \"\(owner)\") { ... on User { friendRequests { FIELD } } }" },
    ]

    /// The response path down to the field's parent, for types not read directly under `node`.
    static let reachPath: [String: [String]] = [
        "SelfieVerification": ["node", "selfieVerifications", "0"],
        "Screenshot": ["node", "screenshots", "edges", "0", "node"],
        "Message": ["node", "lastMessage"],
        "FriendRequest": ["node", "friendRequests", "0"],
    ]

    /// Data the owner needs for ``reach`` to find an instance.
    static let setUp: [String: @Sendable (AccountsHarness, UUID) async throws -> Void] = [
        "SelfieVerification": { h, owner in
            let media = try await insertMedia(h, owner: owner, kind: "SELFIE", visibility: "PRIVATE")
            _ = try await h.pool.execute(
                "INSERT INTO selfie_verifications (user_id, media_id, challenge_id) VALUES (\(owner), \(media), 'happy')"
            )
        },
        "Screenshot": { h, owner in
            let media = try await insertMedia(h, owner: owner, kind: "SCREENSHOT", visibility: "FRIENDS")
            _ = try await h.pool.execute(
                "INSERT INTO screenshots (owner_id, media_id, annotation) VALUES (\(owner), \(media), 'matrix')"
            )
        },
        "FriendRequest": { h, owner in
            let sender = try await h.signUpAndLogIn("sender")
            _ = try await h.pool.execute("INSERT INTO friend_requests (sender_id, recipient_id) VALUES (\(sender.id), \(owner))")
        },
    ]

    /// A media row of `owner` (no file: the matrix reads metadata only).
    static func insertMedia(_ h: AccountsHarness, owner: UUID, kind: String, visibility: String) async throws -> UUID {
        try await h.pool.query("""
            INSERT INTO media (owner_id, sha256, content_type, byte_size, width, height, kind, visibility)
            VALUES (\(owner), repeat('a', 64), 'image/png', 1, 1, 1, \(kind), \(visibility)) RETURNING id
            """)[0].decode("id", as: UUID.self)
    }

    /// What the directive promises: see schema/accounts.graphql's `@auth`.
    static func allowed(requires: Role, selfAllowed: Bool, friendsAllowed: Bool, caller: Caller) -> Bool {
        let role: Role = switch caller {
        case .guest: .guest
        case .otherUser, .friend, .owner: .user
        case .admin: .admin
        case .superAdmin: .superAdmin
        }
        if friendsAllowed, caller == .friend, role.includes(requires) { return true }
        if selfAllowed || friendsAllowed { return (selfAllowed && caller == .owner) || role.includes(max(requires, .admin)) }
        return role.includes(requires)
    }

    struct GuardedField: CustomStringConvertible {
        let type: GraphQLObjectType
        let field: GraphQLField
        let requires: Role
        let selfAllowed: Bool
        let friendsAllowed: Bool
        var description: String { "\(type.name).\(field.name)" }
    }

    static func guardedFields(_ schema: GraphQLSchema) -> [GuardedField] {
        schema.types.compactMap(\.asObject).filter { !$0.name.hasPrefix("__") }.flatMap { type in
            type.fields.compactMap { field -> GuardedField? in
                guard let directive = field.directives.first(named: "auth") ?? type.directives.first(named: "auth") else { return nil }
                return GuardedField(
                    type: type, field: field,
                    requires: directive.arguments["requires"]?.stringValue.flatMap(Role.init(rawValue:)) ?? .user,
                    selfAllowed: directive.arguments["self"]?.boolValue ?? false,
                    friendsAllowed: directive.arguments["friends"]?.boolValue ?? false
                )
            }
        }
    }

    @Test("every @auth field allows and denies each kind of caller as declared")
    func matrix() async throws {
        let h = try await AccountsHarness.make()
        let schema = try QuarrySchema.build(directory: SchemaFiles.directory())
        let fields = Self.guardedFields(schema)
        #expect(fields.count >= 15, "the schema's guarded fields were found")
        for guarded in fields {
            for caller in Caller.allCases {
                let owner = try await h.signUpAndLogIn("owner")
                let other = try await h.signUpAndLogIn("other")
                let token: String? = switch caller {
                case .guest: nil
                case .otherUser: other.token
                case .friend: try await h.befriend(other, owner.id)
                case .owner: owner.token
                case .admin: try await h.promote(other, to: "ADMIN")
                case .superAdmin: try await h.promote(other, to: "SUPER_ADMIN")
                }
                try await Self.setUp[guarded.type.name]?(h, owner.id)
                let (query, path) = try Self.operation(for: guarded, schema: schema, owner: GlobalID(typeName: "User", id: owner.id).text)
                // An `Upload` argument is a variable holding a file of the request (schema/onboarding.graphql).
                let upload = try Self.uploadedImage()
                let r = guarded.type.name == schema.subscriptionType?.name
                    ? try await h.subscribe(query, token: token)
                    : try await h.run(query, ["upload": upload.placeholder], token: token, uploads: upload.uploads)
                // Denied at the field, or at an ancestor on the way to it (the caller cannot see it either way).
                let denial = r.errors.first { error in
                    let code = (error["extensions"] as? [String: Any])?["code"] as? String
                    guard code == "UNAUTHENTICATED" || code == "FORBIDDEN", let at = (error["path"] as? [Any])?.map({ "\($0)" }) else {
                        return false
                    }
                    return !at.isEmpty && path.starts(with: at)
                }
                let expected = Self.allowed(
                    requires: guarded.requires, selfAllowed: guarded.selfAllowed, friendsAllowed: guarded.friendsAllowed,
                    caller: caller
                )
                #expect((denial == nil) == expected, "\(guarded) as \(caller): \(r.json)")
                if let denial {
                    let code = (denial["extensions"] as? [String: Any])?["code"] as? String
                    #expect(code == (caller == .guest ? "UNAUTHENTICATED" : "FORBIDDEN"), "\(guarded) as \(caller)")
                }
            }
        }
    }

    /// A document selecting the guarded field, and the response path of the field.
    static func operation(for guarded: GuardedField, schema: GraphQLSchema, owner: String) throws -> (String, [String]) {
        let selection = guarded.field.name + ArgumentValues.arguments(for: guarded.field, schema: schema) + ArgumentValues.subselection(guarded.field.type, schema: schema)
        let variables = selection.contains("$upload") ? "($upload: Upload!)" : ""
        switch guarded.type.name {
        case schema.queryType?.name: return ("query\(variables) { \(selection) }", [guarded.field.name])
        case schema.mutationType?.name: return ("mutation\(variables) { \(selection) }", [guarded.field.name])
        case schema.subscriptionType?.name: return ("subscription { \(selection) }", [guarded.field.name])
        default:
            let reach = try #require(reach[guarded.type.name], "no way to reach \(guarded.type.name): add it to AuthorizationMatrixTests.reach")
            let query = "query\(variables) { " + reach(owner).replacingOccurrences(of: "FIELD", with: selection) + " }"
            return (query, (reachPath[guarded.type.name] ?? ["node"]) + [guarded.field.name])
        }
    }

    /// A small PNG uploaded with the request, and the placeholder naming it.
    static func uploadedImage() throws -> (placeholder: String, uploads: RequestUploads) {
        let file = try MediaTestImages.upload(try MediaTestImages.png(width: 4, height: 4), filename: "matrix.png")
        let placeholder = RequestUploads.placeholder(forMapKey: "upload")
        return (placeholder, RequestUploads(files: [placeholder: file]))
    }
}

extension AccountsHarness {
    /// Gives the user `role` and returns a fresh token (roles are read when a token is used).
    func promote(_ user: (email: String, nickname: String, token: String, id: UUID), to role: String) async throws -> String {
        _ = try await pool.execute("UPDATE users SET role = \(role) WHERE id = \(user.id)")
        return user.token
    }
}

extension AccountsHarness {
    /// Makes `user` and `other` friends (both rows of db/migrations/0004_friends.sql) and returns `user`'s token.
    func befriend(_ user: (email: String, nickname: String, token: String, id: UUID), _ other: UUID) async throws -> String {
        _ = try await pool.execute("""
            INSERT INTO friendships (user_id, friend_id) VALUES (\(user.id), \(other)), (\(other), \(user.id))
            """)
        return user.token
    }
}

extension AccountsHarness {
    /// Subscribes (a subscription is not executed like a query): the errors
    /// that kept it from starting, or none when its event stream began.
    func subscribe(_ query: String, token: String?) async throws -> Response {
        let prepared = try service.prepare(query: query, operationName: nil).get()
        let credential = RequestCredential(bearerToken: token, requestID: "test")
        switch await service.subscribe(prepared, variables: [:], credential: credential, logger: Logger(label: "quarry.test")) {
        case .events: return Response(json: [:])
        case .failed(let errors): return Response(json: ["errors": try JSONSerialization.jsonObject(with: Data(errors))])
        }
    }
}
