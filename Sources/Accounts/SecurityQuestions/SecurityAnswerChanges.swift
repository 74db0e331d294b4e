import AppCore
import Auth
import Foundation
import Postgres

/// `setSecurityQuestions` (Foodstabook 2.1.1: the user enters "security questions"): the
/// viewer's answers, hashed with argon2id like a password (on the hasher's own threads, off
/// the cooperative pool) and never readable back. They are only an extra check on a
/// password reset (`PasswordReset`): NIST SP 800-63B §5.1.1.2 advises against knowledge-based
/// questions as an authenticator, so they never replace the e-mailed link.
enum SecurityAnswerChanges {
    /// How many distinct questions a user answers: two or three.
    static let questionCount = 2...3
    /// An answer's length in characters, once normalised.
    static let answerLengths = 2...100

    /// Replaces the viewer's answers with `answers`. Pending reset links die: they were
    /// made for the old set (a link's question is picked when it is sent).
    static func set(_ answers: [SecurityAnswer], context: QuarryContext) async throws -> Bool {
        let viewer = try context.signedIn()
        var problems: [(field: String, message: String)] = []
        if !questionCount.contains(answers.count) { problems.append((field: "input", message: SecurityQuestionErrors.count)) }
        if Set(answers.map(\.questionID)).count != answers.count {
            problems.append((field: "input", message: SecurityQuestionErrors.repeatedQuestion))
        }
        let known = try await context.database.withConnection { try await SecurityQuestionQueries.all(on: $0) }.map(\.id)
        for (index, answer) in answers.enumerated() {
            if !known.contains(where: { $0 == answer.questionID }) {
                problems.append((field: "input.\(index).questionId", message: SecurityQuestionErrors.unknownQuestion))
            }
            if !answerLengths.contains(answer.answer.count) {
                problems.append((field: "input.\(index).answer", message: SecurityQuestionErrors.answerLength))
            }
        }
        guard problems.isEmpty else { throw ClientError.invalidInput(problems) }
        var hashes: [(question: Int, hash: String)] = []
        for answer in answers {
            if let question = answer.questionID { hashes.append((question, try await context.accounts.hasher.hash(answer.answer))) }
        }
        return try await context.database.withTransaction { connection in
            _ = try await connection.execute("DELETE FROM security_answers WHERE user_id = \(viewer.userID)")
            for (question, hash) in hashes {
                _ = try await connection.execute("""
                    INSERT INTO security_answers (user_id, question_id, answer_hash) VALUES (\(viewer.userID), \(question)::smallint, \(hash))
                    """)
            }
            _ = try await connection.execute("DELETE FROM password_resets WHERE user_id = \(viewer.userID) AND used_at IS NULL")
            try await AccountEvent.securityQuestionsSet.record(userID: viewer.userID, context: context, on: connection)
            return true
        }
    }
}
