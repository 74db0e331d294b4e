/// Every failure the Postgres module reports.
///
/// `description` is safe to log or show: it names the error code, the SQLSTATE and the
/// server's primary message, never the statement's parameters, the statement text, the
/// server's `DETAIL` (which quotes row values, e.g. `Key (email)=(a@b.c) already exists`)
/// or a password. Those live in `debugDescription`, for a developer's eyes.
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What went wrong, as a stable UPPER_SNAKE code callers can map to API errors.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The database cannot be reached (refused, closed, or known to be down): retry later.
        public static let databaseUnavailable = Code(rawValue: "DATABASE_UNAVAILABLE")
        /// No pooled connection became free within the pool's wait timeout.
        public static let poolTimeout = Code(rawValue: "DATABASE_POOL_TIMEOUT")
        /// The pool was shut down.
        public static let poolClosed = Code(rawValue: "DATABASE_POOL_CLOSED")
        /// The server rejected a statement; see `sqlState`.
        public static let serverError = Code(rawValue: "DATABASE_ERROR")
        /// The statement ran longer than the configured statement timeout (SQLSTATE 57014).
        public static let statementTimeout = Code(rawValue: "DATABASE_STATEMENT_TIMEOUT")
        /// A column could not be turned into the requested Swift type.
        public static let decodingFailed = Code(rawValue: "DATABASE_DECODING_FAILED")
        /// The connection URL or configuration is malformed.
        public static let invalidConfiguration = Code(rawValue: "DATABASE_INVALID_CONFIGURATION")
        /// A migration file is malformed, or an applied one was changed, or one failed.
        public static let migrationFailed = Code(rawValue: "DATABASE_MIGRATION_FAILED")
        /// A parameter cannot be sent (e.g. text holding a NUL character, which PostgreSQL rejects).
        public static let invalidParameter = Code(rawValue: "DATABASE_INVALID_PARAMETER")
        /// The caller misused the API (e.g. a connection used after it was closed).
        public static let misuse = Code(rawValue: "DATABASE_MISUSE")
    }

    public var code: Code
    /// The five-character SQLSTATE the server (or libpq) reported, if any.
    public var sqlState: String?
    /// The server's primary message, or a message of this module. Never holds parameters.
    public var message: String
    /// The server's DETAIL line; may quote row values, hence only in `debugDescription`.
    public var detail: String?
    public var hint: String?
    public var schema: String?
    public var table: String?
    public var column: String?
    public var constraint: String?
    /// The statement text (placeholders, not values), for `debugDescription` only.
    public var statement: String?

    public init(
        code: Code, message: String, sqlState: String? = nil, detail: String? = nil, hint: String? = nil,
        schema: String? = nil, table: String? = nil, column: String? = nil, constraint: String? = nil,
        statement: String? = nil
    ) {
        self.code = code
        self.message = message
        self.sqlState = sqlState
        self.detail = detail
        self.hint = hint
        self.schema = schema
        self.table = table
        self.column = column
        self.constraint = constraint
        self.statement = statement
    }

    public var description: String {
        var text = "PostgresError(\(code)"
        if let sqlState { text += ", sqlState: \(sqlState)" }
        text += "): \(message)"
        return text
    }

    public var debugDescription: String {
        var text = description
        for (label, value) in [
            ("detail", detail), ("hint", hint), ("schema", schema), ("table", table), ("column", column),
            ("constraint", constraint), ("statement", statement),
        ] {
            if let value { text += "\n  \(label): \(value)" }
        }
        return text
    }
}

extension PostgresError {
    static func unavailable(_ message: String) -> PostgresError {
        PostgresError(code: .databaseUnavailable, message: "database unavailable: \(message)")
    }

    @usableFromInline static func decoding(_ message: String) -> PostgresError {
        PostgresError(code: .decodingFailed, message: message)
    }

    static func configuration(_ message: String) -> PostgresError {
        PostgresError(code: .invalidConfiguration, message: message)
    }

    static func migration(_ message: String) -> PostgresError {
        PostgresError(code: .migrationFailed, message: message)
    }
}
