import AppCore
import Foundation
import QuarryTestSupport
import TestDatabaseSupport
import Testing

/// The error message catalogue (issue 13, Foodstabook 2.3.2; API.md "Errors"):
/// every error's message comes from it by code, an ADMIN's edit shows on the
/// next error, anyone may look a code up, and every code the sources use is
/// seeded. Tests that edit the catalogue do it in a database of their own: a
/// service started on the shared one reads the catalogue at start, and the
/// other suites expect the seeded texts there.
@Suite("Error message catalogue")
struct ErrorMessageCatalogueTests {
    static let upsert = """
        mutation($c: String!, $m: String!, $a: String) {
          upsertErrorMessage(code: $c, message: $m, advice: $a) { code message advice updatedAt } }
        """
    static let lookUp = "query($c: String!) { errorMessage(code: $c) { code message advice updatedAt } }"
    static let logIn = "mutation($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }"

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every `extensions.code` written in `Sources`, found in the source text: the first argument of
    /// `ClientError.make(` or of an error-making helper (`error(`, `failure(`), the value of a `code`
    /// label or key (`code: "X"`, `"code": "X"`, `"code": .string("X")`, `xCode = "X"`), and the codes
    /// a `let code = …` line chooses between. The engine's lexer, type system and driver hold no API codes.
    static func codesInSources() throws -> Set<String> {
        let literal = #/"([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)"/#
        let patterns = [
            #/(?:ClientError\.make|error|failure)\(\s*"([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)"/#,
            #/[cC]ode"?\s*[:=]\s*(?:\.string\()?"([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)"/#,
        ]
        var codes: Set<String> = []
        let skipped = ["GraphQLLanguage", "GraphQLType", "Postgres", "Mail", "Auth"]
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = enumerator?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let target = file.pathComponents[file.pathComponents.firstIndex(of: "Sources")! + 1]
            guard !skipped.contains(target) else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for pattern in patterns {
                for match in text.matches(of: pattern) { codes.insert(String(match.1)) }
            }
            for line in text.split(separator: "\n") where line.contains("let code = ") {
                for match in line.matches(of: literal) { codes.insert(String(match.1)) }
            }
        }
        return codes
    }

    @Test("templates: {message} and {supportEmail} are filled, other braces stay as written; no row keeps the text")
    func templates() async throws {
        let catalogue = ErrorCatalogue(supportEmail: "help@example.com") {
            ["SOME_CODE": ErrorCatalogue.Entry(message: "Oops: {message} ({supportEmail}) {other} {unclosed", advice: nil)]
        }
        // Not read yet: every error keeps the text composed where it arose.
        #expect(catalogue.message(code: "SOME_CODE", composed: "it broke") == "it broke")
        try await catalogue.reload()
        #expect(catalogue.message(code: "SOME_CODE", composed: "it broke") == "Oops: it broke (help@example.com) {other} {unclosed")
        let errors = catalogue.worded([
            ClientError.make("SOME_CODE", "{supportEmail} composed"), ClientError.make("OTHER_CODE", "Kept as composed."),
        ])
        // The composed text is inserted as it is, never read as a template itself.
        #expect(errors.map(\.message) == ["Oops: {supportEmail} composed (help@example.com) {other} {unclosed", "Kept as composed."])
    }

    @Test("every code the sources use has a seeded row, with a message that is not blank")
    func everyCodeIsSeeded() async throws {
        let codes = try Self.codesInSources()
        // The scan itself finds codes of every kind: a resolver's, the engine's limits, the HTTP layer's,
        // the masking's and the request preparation's.
        for known in ["INVALID_CREDENTIALS", "QUERY_TOO_DEEP", "REQUEST_TOO_LARGE", "INTERNAL_SERVER_ERROR", "GRAPHQL_PARSE_FAILED",
                      "FILE_TOO_LARGE", "PERSISTED_QUERY_NOT_FOUND", "RATE_LIMITED", "CHALLENGE_NOT_FOUND"] {
            #expect(codes.contains(known), "the scan missed \(known)")
        }
        let h = try await TestService.start()
        let rows = try await h.pool.query("SELECT code, message FROM error_messages")
        var seeded: [String: String] = [:]
        for row in rows { seeded[try row.decode("code", as: String.self)] = try row.decode("message", as: String.self) }
        let missing = codes.subtracting(seeded.keys).sorted()
        #expect(missing.isEmpty, "codes used in Sources without a row in db/migrations/0012_error_messages.sql: \(missing)")
        #expect(seeded.values.allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
    }

    @Test("the seeds' exact texts: INVALID_CREDENTIALS and INTERNAL_SERVER_ERROR as screen-cache.md writes them")
    func seededTexts() async throws {
        let h = try await TestService.start()
        let credentials = try await h.post(Self.lookUp, ["c": "INVALID_CREDENTIALS"])
        #expect(credentials.string("data.errorMessage.message") == "Email or password are incorrect")
        #expect(credentials.string("data.errorMessage.advice") != nil)
        let masked = try await h.post(Self.lookUp, ["c": "INTERNAL_SERVER_ERROR"])
        #expect(masked.string("data.errorMessage.message")
            == "We're sorry, there was a problem with our servers. Please make another attempt later.")
        let user = try await h.signUp("catalogue")
        let failed = try await h.post(Self.logIn, ["e": user.email, "p": "not the password"])
        #expect(failed.codes == ["INVALID_CREDENTIALS"])
        #expect(failed.messages == ["Email or password are incorrect"])
    }

    @Test("a guest looks a code up; an unknown code is null; the whole catalogue is ADMIN's")
    func lookUpAndList() async throws {
        let h = try await TestService.start()
        let guest = try await h.post(Self.lookUp, ["c": "ACCOUNT_BLOCKED"])
        #expect(guest.errors.isEmpty, "\(guest)")
        #expect(guest.string("data.errorMessage.code") == "ACCOUNT_BLOCKED")
        #expect(guest.string("data.errorMessage.message")?.hasSuffix("{supportEmail}") == true)
        #expect(guest.string("data.errorMessage.updatedAt") != nil)
        let unknown = try await h.post(Self.lookUp, ["c": "NO_SUCH_CODE"])
        #expect(unknown.errors.isEmpty, "\(unknown)")
        #expect(unknown["data.errorMessage"] is NSNull)

        let list = "{ errorMessages { code message } }"
        let user = try await h.signUp("catalogue")
        #expect(try await h.post(list).codes == ["UNAUTHENTICATED"])
        #expect(try await h.post(list, token: user.token).codes == ["FORBIDDEN"])
        let admin = try await h.signUp("catalogue", role: .admin)
        let all = try await h.post(list, token: admin.token)
        let codes = (all["data.errorMessages"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        #expect(codes == codes.sorted())
        #expect(codes.contains("INVALID_CREDENTIALS") && codes.contains("NOT_FOUND"))
    }

    @Test("after an ADMIN's upsert the next error with that code shows the new text; {message} keeps the composed one")
    func upsertShowsOnTheNextError() async throws {
        let h = try await TestService.start(database: try await TestDatabases.migrated(prefix: "catalogue").pool)
        let admin = try await h.signUp("boss", role: .admin)
        let user = try await h.signUp("member")
        let changed = try await h.post(
            Self.upsert, ["c": "INVALID_CREDENTIALS", "m": "  Wrong email or password.  ", "a": "Reset your password."],
            token: admin.token
        )
        #expect(changed.errors.isEmpty, "\(changed)")
        #expect(changed.string("data.upsertErrorMessage.message") == "Wrong email or password.")
        #expect(changed.string("data.upsertErrorMessage.advice") == "Reset your password.")
        let failed = try await h.post(Self.logIn, ["e": user.email, "p": "not the password"])
        #expect(failed.codes == ["INVALID_CREDENTIALS"])
        #expect(failed.messages == ["Wrong email or password."])

        // A template around the composed text: the field error keeps its own per-field message.
        let reworded = try await h.post(
            Self.upsert, ["c": "BAD_USER_INPUT", "m": "Please check your input: {message}"], token: admin.token
        )
        #expect(reworded.errors.isEmpty, "\(reworded)")
        #expect(reworded["data.upsertErrorMessage.advice"] is NSNull)
        let blank = try await h.post(
            "mutation($id: ID!) { blockUser(id: $id, reason: \"   \") { nickname } }", ["id": user.globalID], token: admin.token
        )
        #expect(blank.codes == ["BAD_USER_INPUT"])
        #expect(blank.messages == ["Please check your input: Say why the account is blocked."])
        #expect(blank.fieldMessages == ["reason": "Say why the account is blocked."])

        // A new code is added; an error the @auth guard raises shows its catalogue text too.
        _ = try await h.post(Self.upsert, ["c": "UNAUTHENTICATED", "m": "Sign in first."], token: admin.token)
        let guest = try await h.post("{ adminStats { users } }")
        #expect(guest.codes == ["UNAUTHENTICATED"])
        #expect(guest.messages == ["Sign in first."])
    }

    @Test("ACCOUNT_BLOCKED's {supportEmail} is the configured support address, as the throw site wrote it")
    func supportEmailPlaceholder() async throws {
        let h = try await TestService.start()
        let admin = try await h.signUp("boss", role: .admin)
        let user = try await h.signUp("member")
        _ = try await h.post(
            "mutation($id: ID!) { blockUser(id: $id, reason: \"spam\") { nickname } }", ["id": user.globalID], token: admin.token
        )
        let refused = try await h.post(Self.logIn, ["e": user.email, "p": user.password])
        #expect(refused.codes == ["ACCOUNT_BLOCKED"])
        let address = TestService.defaultSettings.supportEmail
        #expect(refused.messages == [
            "Your account was blocked by the Administration. To get more information about the reason of blocking please contact us via email \(address)",
        ])
    }

    @Test("upsertErrorMessage: a USER is FORBIDDEN; bad input is BAD_USER_INPUT naming each field; nothing changes")
    func refusals() async throws {
        let h = try await TestService.start(database: try await TestDatabases.migrated(prefix: "catalogue").pool)
        let user = try await h.signUp("member")
        let asUser = try await h.post(Self.upsert, ["c": "INVALID_CREDENTIALS", "m": "Nope."], token: user.token)
        #expect(asUser.codes == ["FORBIDDEN"])
        #expect(try await h.post(Self.upsert, ["c": "INVALID_CREDENTIALS", "m": "Nope."]).codes == ["UNAUTHENTICATED"])

        let admin = try await h.signUp("boss", role: .admin)
        let bad = try await h.post(
            Self.upsert, ["c": "not-snake", "m": "   ", "a": String(repeating: "a", count: 501)], token: admin.token
        )
        #expect(bad.codes == ["BAD_USER_INPUT"])
        #expect(Set(bad.fieldMessages.keys) == ["code", "message", "advice"], "\(bad)")
        let long = try await h.post(
            Self.upsert, ["c": "INVALID_CREDENTIALS", "m": String(repeating: "m", count: 501)], token: admin.token
        )
        #expect(long.fieldMessages["message"] == "The message can be at most 500 characters long.")
        let placeholder = try await h.post(Self.upsert, ["c": "FILE_TOO_LARGE", "m": "At most {max}."], token: admin.token)
        #expect(placeholder.fieldMessages["message"] == "{max} is not a placeholder; a message may use {message} and {supportEmail}.")

        let failed = try await h.post(Self.logIn, ["e": user.email, "p": "not the password"])
        #expect(failed.messages == ["Email or password are incorrect"])
        let rows = try await h.pool.query("SELECT count(*) AS n FROM error_messages WHERE code = 'not-snake'")
        #expect(try rows[0].decode("n", as: Int.self) == 0)
    }
}
