import Foundation
import Postgres

/// Reads of the security questions and of which ones a user answered (never the answers).
enum SecurityQuestionQueries {
    /// The whole list, by id.
    static func all(on connection: PostgresConnection) async throws -> [SecurityQuestionRecord] {
        try await connection.query("SELECT \(SecurityQuestionRecord.columns) FROM security_questions q ORDER BY q.id")
            .map(SecurityQuestionRecord.init(row:))
    }

    /// The questions `userID` answered, by id.
    static func answered(by userID: UUID, on connection: PostgresConnection) async throws -> [SecurityQuestionRecord] {
        try await connection.query("""
            SELECT \(SecurityQuestionRecord.columns) FROM security_answers a JOIN security_questions q ON q.id = a.question_id
            WHERE a.user_id = \(userID) ORDER BY q.id
            """).map(SecurityQuestionRecord.init(row:))
    }
}
