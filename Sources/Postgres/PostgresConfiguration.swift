import Foundation

/// Where and how to connect, and the pool's limits.
public struct PostgresConfiguration: Sendable {
    public var host: String
    public var port: Int
    public var user: String
    /// Never printed: `description` of this type omits it.
    public var password: String?
    public var database: String
    /// libpq's `sslmode`: disable, allow, prefer, require, verify-ca or verify-full.
    public var sslMode: String?
    public var applicationName: String = "quarry"

    /// Number of connections the pool holds at most.
    public var poolSize: Int = 10
    /// How long a request waits for a free connection before `DATABASE_POOL_TIMEOUT`
    /// (a request that a connection being opened will serve waits for the connect instead).
    public var poolWaitTimeout: Duration = .seconds(5)
    /// How long establishing one connection may take.
    public var connectTimeout: Duration = .seconds(5)
    /// `SET statement_timeout` on every connection; `nil` keeps the server's default.
    public var statementTimeout: Duration? = .seconds(30)
    /// How long a pooled connection polls for a reply on the sending task while no other
    /// statement is in flight in the process, before waiting for it on the readiness loop
    /// (`ReplyPoll`: two thread wake-ups saved on an idle server); zero never polls. Longer
    /// than PostgreSQL's ~70 µs for a short statement on this VM, whose backend runs on the
    /// polling thread's core while it yields.
    public var replyPollWindow: Duration = .microseconds(200)
    /// Delay before re-trying a failed connection, doubled per failure up to `maxReconnectDelay`.
    public var reconnectDelay: Duration = .milliseconds(100)
    public var maxReconnectDelay: Duration = .seconds(2)

    public init(host: String, port: Int = 5432, user: String, password: String? = nil, database: String, sslMode: String? = nil) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
        self.sslMode = sslMode
    }

    static let sslModes: Set<String> = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"]

    /// Parses `postgresql://user:password@host:port/database?sslmode=require` (or `postgres://`).
    /// A Unix-socket directory goes in the `host` parameter: `postgresql://user@/db?host=/run/postgresql`.
    /// `variable` names where the URL came from (e.g. `QUARRY_DATABASE_URL`) so errors say
    /// which setting to fix; errors never repeat the password.
    public init(url: String, variable: String = "database URL") throws(PostgresError) {
        func invalid(_ problem: String) -> PostgresError {
            .configuration("\(variable) is not a valid PostgreSQL URL: \(problem)")
        }
        guard url.hasPrefix("postgresql://") || url.hasPrefix("postgres://") else {
            throw invalid("it must start with postgresql:// (or postgres://)")
        }
        guard let components = URLComponents(string: url) else {
            throw invalid("it cannot be parsed (are special characters in the password percent-encoded?)")
        }
        let socketDirectory = components.queryItems?.first(where: { $0.name == "host" })?.value
        guard let host = socketDirectory ?? components.host.flatMap({ $0.removingPercentEncoding }), !host.isEmpty else {
            throw invalid("the host is missing (expected postgresql://user@host:port/database)")
        }
        guard let user = components.user.flatMap({ $0.removingPercentEncoding }), !user.isEmpty else {
            throw invalid("the user name is missing (expected postgresql://user@host:port/database)")
        }
        var port = 5432
        if let given = components.port {
            guard (1...65535).contains(given) else { throw invalid("port \(given) is outside 1-65535") }
            port = given
        }
        let path = components.percentEncodedPath
        let database = String(path.drop(while: { $0 == "/" })).removingPercentEncoding ?? ""
        guard !database.isEmpty, !database.contains("/") else {
            throw invalid("the database name is missing (expected .../database after the host)")
        }
        self.init(
            host: host, port: port, user: user,
            password: components.password.flatMap { $0.removingPercentEncoding }, database: database
        )
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let mode = item.value, Self.sslModes.contains(mode) else {
                    throw invalid("sslmode '\(item.value ?? "")' is not one of \(Self.sslModes.sorted().joined(separator: ", "))")
                }
                sslMode = mode
            case "application_name":
                applicationName = item.value ?? applicationName
            case "host":
                continue
            default:
                throw invalid("unsupported parameter '\(item.name)' (supported: sslmode, application_name, host)")
            }
        }
    }

    /// libpq keyword/value pairs for `PQconnectStartParams` (no conninfo quoting involved).
    var connectionParameters: [(String, String)] {
        var parameters = [
            ("host", host), ("port", String(port)), ("user", user), ("dbname", database),
            ("application_name", applicationName), ("client_encoding", "UTF8"),
        ]
        if let password { parameters.append(("password", password)) }
        if let sslMode { parameters.append(("sslmode", sslMode)) }
        return parameters
    }

    /// The session settings every connection runs right after connecting: the formats
    /// row decoding relies on, JIT off, and the statement timeout.
    ///
    /// JIT: PostgreSQL compiles a statement whose estimated cost passes `jit_above_cost` (100,000). Quarry's
    /// statements are short index reads, but a generous estimate passes that line: the newsfeed's nearby tier
    /// was estimated at about 535,000 and spent 40–1,340 ms compiling for a page that runs in tens of
    /// milliseconds (Benchmarks/README.md, newsfeed). Compilation pays off only for long analytic scans.
    var sessionSetup: String {
        var setup = "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET extra_float_digits = 3; SET bytea_output = 'hex';"
        setup += " SET jit = off;"
        if let statementTimeout {
            setup += " SET statement_timeout = \(statementTimeout.milliseconds);"
        }
        return setup
    }
}

extension PostgresConfiguration: CustomStringConvertible {
    /// The URL without its password.
    public var description: String {
        "postgresql://\(user)@\(host):\(port)/\(database)" + (sslMode.map { "?sslmode=\($0)" } ?? "")
    }
}

extension Duration {
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
