import Testing

@testable import Postgres

@Suite("Errors")
struct ErrorTests {
    @Test func descriptionIsRedactedDebugDescriptionIsNot() {
        let error = PostgresError(
            code: .serverError, message: "duplicate key value violates unique constraint \"users_email_key\"",
            sqlState: "23505", detail: "Key (email)=(a@b.c) already exists.", constraint: "users_email_key",
            statement: "INSERT INTO users (email) VALUES ($1)"
        )
        #expect(error.description == "PostgresError(DATABASE_ERROR, sqlState: 23505): duplicate key value violates unique constraint \"users_email_key\"")
        #expect(!error.description.contains("a@b.c"))
        #expect(error.debugDescription.contains("a@b.c"))
        #expect(error.debugDescription.contains("INSERT INTO users"))
    }

    @Test(arguments: [
        ("23505", PostgresError.Kind.uniqueViolation(constraint: "c")),
        ("23503", .foreignKeyViolation(constraint: "c")),
        ("23502", .notNullViolation(column: "col")),
        ("23514", .checkViolation(constraint: "c")),
        ("40001", .serializationFailure),
        ("40P01", .deadlockDetected),
        ("57014", .queryCanceled),
        ("57P01", .unavailable),
        ("08006", .unavailable),
        ("XX000", .other),
    ])
    func sqlStatesMapToKinds(sqlState: String, kind: PostgresError.Kind) {
        let error = PostgresError(code: .serverError, message: "m", sqlState: sqlState, column: "col", constraint: "c")
        #expect(error.kind == kind)
    }

    @Test func helpers() {
        let unique = PostgresError(code: .serverError, message: "m", sqlState: "23505", constraint: "users_email_key")
        #expect(unique.isUniqueViolation())
        #expect(unique.isUniqueViolation(constraint: "users_email_key"))
        #expect(!unique.isUniqueViolation(constraint: "users_nickname_key"))
        #expect(!unique.isForeignKeyViolation())
        let deadlock = PostgresError(code: .serverError, message: "m", sqlState: "40P01")
        #expect(deadlock.isTransient)
        #expect(PostgresError.unavailable("gone").code.rawValue == "DATABASE_UNAVAILABLE")
    }
}
