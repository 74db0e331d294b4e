/// Readable cases for the SQLSTATEs callers act on, so domain code can write
/// `catch let error as PostgresError where error.isUniqueViolation(constraint: "users_email_key")`
/// instead of comparing five-character codes.
///
/// SQLSTATE values: PostgreSQL manual, Appendix A "PostgreSQL Error Codes".
extension PostgresError {
    public enum Kind: Equatable, Sendable {
        case uniqueViolation(constraint: String?)
        case foreignKeyViolation(constraint: String?)
        case notNullViolation(column: String?)
        case checkViolation(constraint: String?)
        case exclusionViolation(constraint: String?)
        case serializationFailure
        case deadlockDetected
        case queryCanceled
        case undefinedTable
        case syntaxError
        case unavailable
        case other
    }

    public var kind: Kind {
        if code == .databaseUnavailable { return .unavailable }
        switch sqlState {
        case "23505": return .uniqueViolation(constraint: constraint)
        case "23503": return .foreignKeyViolation(constraint: constraint)
        case "23502": return .notNullViolation(column: column)
        case "23514": return .checkViolation(constraint: constraint)
        case "23P01": return .exclusionViolation(constraint: constraint)
        case "40001": return .serializationFailure
        case "40P01": return .deadlockDetected
        case "57014": return .queryCanceled
        case "42P01": return .undefinedTable
        case "42601": return .syntaxError
        case let state? where state.hasPrefix("08") || state == "57P01" || state == "57P02" || state == "57P03":
            return .unavailable
        default: return .other
        }
    }

    /// True for a unique violation, on `constraint` when one is given.
    public func isUniqueViolation(constraint name: String? = nil) -> Bool {
        guard case .uniqueViolation(let actual) = kind else { return false }
        return name == nil || actual == name
    }

    /// True for a foreign-key violation, on `constraint` when one is given.
    public func isForeignKeyViolation(constraint name: String? = nil) -> Bool {
        guard case .foreignKeyViolation(let actual) = kind else { return false }
        return name == nil || actual == name
    }

    /// True for a check-constraint violation, on `constraint` when one is given.
    public func isCheckViolation(constraint name: String? = nil) -> Bool {
        guard case .checkViolation(let actual) = kind else { return false }
        return name == nil || actual == name
    }

    /// True when retrying the whole transaction may succeed (serialization failure, deadlock).
    public var isTransient: Bool { kind == .serializationFailure || kind == .deadlockDetected }
}
