import AppCore
import Auth
import Foundation
import Postgres
import QuarryTestSupport
import Testing

/// Security questions (issue 16; Foodstabook 2.1.1: the user enters "security questions"): a fixed list, 2 or 3
/// answers per user stored as argon2id hashes of the normalised answer, asked as an extra check when a password
/// is reset through the e-mailed link, with 5 wrong answers before the link dies.
@Suite("Security questions (issue 16)")
struct SecurityQuestionTests {
    static let set = "mutation($i: [SecurityAnswerInput!]!) { setSecurityQuestions(input: $i) }"
    static let question = "query($t: String!) { passwordResetQuestion(token: $t) { id text } }"
    static let reset = """
        mutation($t: String!, $n: String!, $a: SecurityAnswerInput) {
          resetPassword(token: $t, newPassword: $n, confirmPassword: $n, securityAnswer: $a)
        }
        """
    static let newPassword = PasswordResetTests.newPassword

    /// The answers the tests give: question 1 (first pet) and 5 (first dish).
    static var answers: [[String: Any]] { [["questionId": "1", "answer": "Rex"], ["questionId": "5", "answer": "Pad  Thai"]] }

    /// A reset link for `user`, made by `requestPasswordReset` itself (its token read from the queued e-mail).
    func requestReset(_ h: TestService, _ user: TestUser) async throws -> String {
        _ = try await h.post(PasswordResetTests.request, ["e": user.email])
        let text = try await h.pool.query("""
            SELECT body_text FROM mail_outbox WHERE recipient = \(user.email) AND kind = 'password-reset' ORDER BY id DESC LIMIT 1
            """)[0].decode("body_text", as: String.self)
        return try #require(text.firstMatch(of: /token=(qrr_[A-Za-z0-9_-]+)/)).1.description
    }

    /// The answer to the question a link asks, as the user typed it at first.
    func answer(to questionID: String?) -> String {
        questionID == "1" ? "Rex" : "Pad  Thai"
    }

    @Test("anyone can list the 10 questions, with stable ids")
    func list() async throws {
        let h = try await TestService.start()
        let r = try await h.post("{ securityQuestions { id text } }")
        let questions = try #require(r["data.securityQuestions"] as? [[String: Any]], "\(r.json)")
        #expect(questions.count == 10)
        #expect(questions.map { $0["id"] as? String } == (1...10).map { String($0) })
        #expect(questions.first?["text"] as? String == "What was the name of your first pet?")
    }

    @Test("2 or 3 different known questions with answers of 2 to 100 characters; the answers are hashed, never shown")
    func setAnswers() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp("questions")
        let one = try await h.post(Self.set, ["i": [Self.answers[0]]], token: user.token)
        #expect(one.fieldMessages["input"] == "Answer 2 or 3 different questions")
        let four = try await h.post(Self.set, ["i": (1...4).map { ["questionId": "\($0)", "answer": "answer \($0)"] }], token: user.token)
        #expect(four.fieldMessages["input"] == "Answer 2 or 3 different questions")
        let repeated = try await h.post(Self.set, ["i": [Self.answers[0], Self.answers[0]]], token: user.token)
        #expect(repeated.fieldMessages["input"] == "Choose a different question for each answer")
        let unknown = try await h.post(Self.set, ["i": [Self.answers[0], ["questionId": "99", "answer": "x y"]]], token: user.token)
        #expect(unknown.fieldMessages["input.1.questionId"] == "Choose a question from the list")
        let short = try await h.post(Self.set, ["i": [Self.answers[0], ["questionId": "2", "answer": "  a  "]]], token: user.token)
        #expect(short.fieldMessages["input.1.answer"] == "An answer must be 2 to 100 characters long")
        #expect(try await h.pool.query("SELECT 1 FROM security_answers WHERE user_id = \(user.id)").isEmpty)

        let ok = try await h.post(Self.set, ["i": Self.answers], token: user.token)
        #expect(ok["data.setSecurityQuestions"] as? Bool == true, "\(ok.json)")
        let hashes = try await h.pool.query("SELECT answer_hash FROM security_answers WHERE user_id = \(user.id)")
            .map { try $0.decode("answer_hash", as: String.self) }
        #expect(hashes.count == 2)
        #expect(hashes.allSatisfy { $0.hasPrefix("$argon2id$") && !$0.lowercased().contains("rex") })
        let mine = try await h.post("{ viewer { securityQuestions { id text } } }", token: user.token)
        #expect((mine["data.viewer.securityQuestions"] as? [[String: Any]])?.map { $0["id"] as? String } == ["1", "5"])
        #expect(try await h.pool.query("SELECT 1 FROM event_log WHERE user_id = \(user.id) AND type = 'SECURITY_QUESTIONS_SET'").count == 1)
        let other = try await h.signUp("other")
        let seen = try await h.post(
            "query($id: ID!) { node(id: $id) { ... on User { securityQuestions { id } } } }",
            ["id": user.globalID], token: other.token
        )
        #expect(seen.codes == ["FORBIDDEN"])
    }

    @Test("a reset link of an account with questions asks one; the answer is compared normalised (NFKC, case, blanks)")
    func resetWithAnswer() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp("reset")
        #expect(try await h.post(Self.set, ["i": Self.answers], token: user.token)["data.setSecurityQuestions"] as? Bool == true)
        let token = try await requestReset(h, user)
        let asked = try await h.post(Self.question, ["t": token])
        let id = try #require(asked.string("data.passwordResetQuestion.id"), "\(asked.json)")
        #expect(["1", "5"].contains(id))

        let missing = try await h.post(Self.reset, ["t": token, "n": Self.newPassword])
        #expect(missing.fieldMessages["securityAnswer"] == "Please answer the security question")
        let otherQuestion = try await h.post(Self.reset, ["t": token, "n": Self.newPassword, "a": ["questionId": id == "1" ? "5" : "1", "answer": "x"]])
        #expect(otherQuestion.codes == ["BAD_USER_INPUT"])
        let wrong = try await h.post(Self.reset, ["t": token, "n": Self.newPassword, "a": ["questionId": id, "answer": "Fido"]])
        #expect(wrong.codes == ["SECURITY_ANSWER_INCORRECT"])
        #expect(wrong.messages == ["The answer to the security question is incorrect."])

        // Full-width letters (NFKC), another case and other blanks are the same answer.
        let typed = id == "1" ? "  ＲＥＸ " : "pad thai\t"
        let ok = try await h.post(Self.reset, ["t": token, "n": Self.newPassword, "a": ["questionId": id, "answer": typed]])
        #expect(ok["data.resetPassword"] as? Bool == true, "\(ok.json)")
        #expect(try await h.post(LogInTests.logIn, ["e": user.email, "p": Self.newPassword]).string("data.logIn.token") != nil)
        #expect(try await h.post(Self.question, ["t": token]).codes == ["INVALID_RESET_LINK"])
    }

    @Test("5 wrong answers lock the reset link, each one logged")
    func lockAfterFive() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp("lock")
        _ = try await h.post(Self.set, ["i": Self.answers], token: user.token)
        let token = try await requestReset(h, user)
        let id = try #require(try await h.post(Self.question, ["t": token]).string("data.passwordResetQuestion.id"))
        for _ in 1...5 {
            let r = try await h.post(Self.reset, ["t": token, "n": Self.newPassword, "a": ["questionId": id, "answer": "wrong guess"]])
            #expect(r.codes == ["SECURITY_ANSWER_INCORRECT"])
        }
        let right = try await h.post(Self.reset, ["t": token, "n": Self.newPassword, "a": ["questionId": id, "answer": answer(to: id)]])
        #expect(right.codes == ["INVALID_RESET_LINK"])
        #expect(try await h.post(Self.question, ["t": token]).codes == ["INVALID_RESET_LINK"])
        #expect(try await h.pool.query("SELECT 1 FROM event_log WHERE user_id = \(user.id) AND type = 'SECURITY_ANSWER_FAILED'").count == 5)
        #expect(try await h.post(LogInTests.logIn, ["e": user.email, "p": user.password]).string("data.logIn.token") != nil)
    }

    @Test("an account without questions resets with the link alone; setting questions kills pending links")
    func withoutQuestions() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp("plain")
        let token = try await requestReset(h, user)
        let asked = try await h.post(Self.question, ["t": token])
        #expect(asked.errors.isEmpty && asked["data.passwordResetQuestion"] is NSNull, "\(asked.json)")
        #expect(try await h.post(Self.question, ["t": "qrr_made_up"]).codes == ["INVALID_RESET_LINK"])

        #expect(try await h.post(Self.set, ["i": Self.answers], token: user.token)["data.setSecurityQuestions"] as? Bool == true)
        #expect(try await h.post(Self.reset, ["t": token, "n": Self.newPassword]).codes == ["INVALID_RESET_LINK"])

        let other = try await h.signUp("plain")
        let otherToken = try await requestReset(h, other)
        let ok = try await h.post(Self.reset, ["t": otherToken, "n": Self.newPassword])
        #expect(ok["data.resetPassword"] as? Bool == true, "\(ok.json)")
    }
}
