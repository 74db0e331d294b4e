import GraphQLExecution
import Postgres

/// `SecurityQuestion`: one of the fixed questions of `security_questions` (migration 0021).
/// Its id is the row's small number as text ("3"), stable across releases.
package struct SecurityQuestionRecord: GraphQLRecord, Equatable {
    let id: Int
    let text: String

    static let columns: SQL = "q.id, q.text"

    init(row: PostgresRow) throws {
        id = Int(try row.decode("id", as: Int16.self))
        text = try row.decode("text", as: String.self)
    }

    package static let objectTypeName = "SecurityQuestion"
    package static let fieldReaders: [String: @Sendable (SecurityQuestionRecord) -> (any Sendable)?] = [
        "id": { String($0.id) }, "text": { $0.text },
    ]
}
