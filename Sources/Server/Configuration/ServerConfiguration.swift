import App
import Auth
import Logging
import Mail

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything Quarry reads from its environment at start-up.
///
/// Every variable has a default, so `quarry serve` with an empty environment
/// serves on `http://127.0.0.1:8080` against the local cluster that `make run`
/// manages. The README's configuration table lists the same names and defaults;
/// ``ServerConfiguration/variables`` is the list they are checked against.
public struct ServerConfiguration: Sendable, Equatable {
    /// PostgreSQL URL (`QUARRY_DATABASE_URL`); when unset, the URL of the local
    /// cluster `make run` manages, or `nil` when there is none (see ``requireDatabaseURL()``).
    public var databaseURL: String?
    /// Listen address (`QUARRY_HTTP_HOST`, `QUARRY_HTTP_PORT`).
    public var httpHost: String
    public var httpPort: Int
    /// Local data: the PostgreSQL cluster of `make run`, media, error reports (`QUARRY_DATA_DIR`).
    public var dataDirectory: String
    /// Where error reports' `.txt` files go, with their `archive/` folder and the
    /// crash marker `running.marker` (`QUARRY_ERROR_REPORTS_DIR`).
    public var errorReportsDirectory: String
    /// The SDL files of the API (`QUARRY_SCHEMA_DIR`).
    public var schemaDirectory: String
    /// The numbered SQL migrations (`QUARRY_MIGRATIONS_DIR`).
    public var migrationsDirectory: String
    /// Base of absolute links (`QUARRY_PUBLIC_URL`).
    public var publicURL: String
    /// Who may introspect the schema (`QUARRY_INTROSPECTION`).
    public var introspection: IntrospectionMode
    /// Fixed number of PostgreSQL connections (`QUARRY_DATABASE_POOL_SIZE`).
    public var databasePoolSize: Int
    /// Server-side `statement_timeout` in milliseconds, 0 = none (`QUARRY_DATABASE_STATEMENT_TIMEOUT_MS`).
    public var statementTimeoutMilliseconds: Int
    /// Largest accepted request body; larger bodies get 413 (`QUARRY_HTTP_MAX_BODY_BYTES`).
    public var maxRequestBodyBytes: Int
    /// Origins allowed to call the API from a browser (`QUARRY_CORS_ORIGINS`).
    public var cors: CORSPolicy
    /// Longest wait for in-flight requests on SIGTERM before they are cancelled (`QUARRY_SHUTDOWN_TIMEOUT_SECONDS`).
    public var shutdownTimeoutSeconds: Int
    /// Deepest field nesting an operation may have, 0 = unlimited (`QUARRY_GRAPHQL_MAX_DEPTH`).
    public var maxQueryDepth: Int
    /// Most aliased fields an operation may have, 0 = unlimited (`QUARRY_GRAPHQL_MAX_ALIASES`).
    public var maxAliases: Int
    /// Highest estimated cost an operation may have, 0 = unlimited (`QUARRY_GRAPHQL_MAX_COST`).
    public var maxQueryCost: Int
    /// Parsed and validated documents kept (`QUARRY_GRAPHQL_DOCUMENT_CACHE_SIZE`).
    public var documentCacheSize: Int
    /// Lowest log level written (`QUARRY_LOG_LEVEL`).
    public var logLevel: Logger.Level
    /// `text` for people, `json` (one object a line) for log collectors (`QUARRY_LOG_FORMAT`).
    public var logFormat: LogFormat
    /// Accounts: verification, tokens, lockout, password policy, argon2id cost (`QUARRY_AUTH_*`).
    public var accounts: AccountsConfiguration
    /// Outgoing mail (`QUARRY_SMTP_URL`, `QUARRY_MAIL_FROM`); `nil` logs mail and keeps it in the outbox.
    public var smtp: SMTPConfiguration?
    /// The documents served at `/terms` and `/privacy` (`QUARRY_TERMS_FILE`, `QUARRY_PRIVACY_FILE`).
    public var termsFile: String
    public var privacyFile: String
    /// Identity providers whose ID tokens are accepted (`QUARRY_OIDC_<PROVIDER>_*`); one without an audience is off.
    public var identityProviders: [IdentityProviderConfiguration]
    /// Uploads and stored media: limits and folders (`QUARRY_UPLOAD_*`, `QUARRY_EMOTIONS_DIR`).
    public var media: MediaConfiguration
    /// Request heads, idle connections, WebSocket messages (`QUARRY_HTTP_MAX_HEADER_BYTES`, …).
    public var connections: ConnectionLimits
    /// Per-address limits on sign-up, log-in, password reset, resend (`QUARRY_RATE_LIMIT_*`).
    public var rateLimits: AccountRateLimits
    /// Whether a browser's `GET /graphql` gets GraphiQL (`QUARRY_GRAPHIQL`).
    public var graphiQL: GraphiQLMode
    /// Where GraphiQL's files are loaded from instead of the pinned CDN files, without a
    /// trailing slash (`QUARRY_GRAPHIQL_ASSETS_URL`); `nil` = the CDN.
    public var graphiQLAssetsURL: String?
    /// Automatic persisted queries and trusted documents (`QUARRY_PERSISTED_QUERIES_MAX`, `QUARRY_TRUSTED_DOCUMENTS*`).
    public var persistedDocuments: PersistedDocumentsConfiguration
    /// The scheduled jobs (`QUARRY_JOBS`, `QUARRY_MEDIA_ORPHAN_GRACE_SECONDS`).
    public var jobs: JobsConfiguration
    /// "Offers in my area": the radius around a point, in kilometres (`QUARRY_OFFERS_RADIUS_KM`).
    public var offersRadiusKilometers: Int

    /// Introspection policy of `QUARRY_INTROSPECTION`.
    public enum IntrospectionMode: String, CaseIterable, Sendable {
        /// Everyone may introspect the whole schema.
        case on
        /// `__schema` and `__type` are refused for everyone.
        case off
        /// Each caller sees only what its role may use.
        case role
    }

    /// `QUARRY_GRAPHIQL`: `off` in production, where nobody should explore the API from a browser.
    public enum GraphiQLMode: String, CaseIterable, Sendable {
        case on
        case off
    }

    /// Log line format of `QUARRY_LOG_FORMAT`.
    public enum LogFormat: String, CaseIterable, Sendable {
        case text
        case json
    }

    /// Every variable Quarry reads, in the README's order.
    public static let variables = [
        "QUARRY_DATABASE_URL", "QUARRY_HTTP_HOST", "QUARRY_HTTP_PORT", "QUARRY_DATA_DIR", "QUARRY_PUBLIC_URL",
        "QUARRY_SCHEMA_DIR", "QUARRY_MIGRATIONS_DIR", "QUARRY_ERROR_REPORTS_DIR",
        "QUARRY_INTROSPECTION", "QUARRY_DATABASE_POOL_SIZE", "QUARRY_DATABASE_STATEMENT_TIMEOUT_MS",
        "QUARRY_HTTP_MAX_BODY_BYTES", "QUARRY_CORS_ORIGINS", "QUARRY_SHUTDOWN_TIMEOUT_SECONDS",
        "QUARRY_GRAPHQL_MAX_DEPTH", "QUARRY_GRAPHQL_MAX_ALIASES", "QUARRY_GRAPHQL_MAX_COST",
        "QUARRY_GRAPHQL_DOCUMENT_CACHE_SIZE",
    ] + PersistedDocumentsConfiguration.variables + [
        "QUARRY_LOG_LEVEL", "QUARRY_LOG_FORMAT",
        "QUARRY_SMTP_URL", "QUARRY_MAIL_FROM", "QUARRY_TERMS_FILE", "QUARRY_PRIVACY_FILE",
        "QUARRY_GRAPHIQL", "QUARRY_GRAPHIQL_ASSETS_URL", "QUARRY_OFFERS_RADIUS_KM",
    ] + AccountsConfiguration.variables + MediaConfiguration.variables + JobsConfiguration.variables
        + ConnectionLimits.variables + AccountRateLimits.variables
        + IdentityProvider.allCases.flatMap { provider in
        ["JWKS", "AUDIENCE", "ISSUER"].map { "QUARRY_OIDC_\(provider.rawValue)_\($0)" }
    }

    /// Reads the configuration from environment variables.
    /// - Throws: ``ConfigurationError`` naming the first variable whose value is invalid.
    public init(environment: [String: String]) throws {
        let env = EnvironmentReader(environment: environment)
        httpHost = env.string("QUARRY_HTTP_HOST", default: "127.0.0.1")
        httpPort = try env.integer("QUARRY_HTTP_PORT", default: 8080, in: 0...65535)
        dataDirectory = Self.absolutePath(env.string("QUARRY_DATA_DIR", default: "./.quarry"))
        databaseURL = try env.raw("QUARRY_DATABASE_URL").map(Self.checkedDatabaseURL)
            ?? Self.localClusterURL(dataDirectory: dataDirectory)
        schemaDirectory = Self.absolutePath(env.string("QUARRY_SCHEMA_DIR", default: "./schema"))
        migrationsDirectory = Self.absolutePath(env.string("QUARRY_MIGRATIONS_DIR", default: "./db/migrations"))
        errorReportsDirectory = Self.absolutePath(
            env.string("QUARRY_ERROR_REPORTS_DIR", default: dataDirectory + "/error-reports")
        )
        publicURL = try env.raw("QUARRY_PUBLIC_URL").map(Self.checkedPublicURL)
            ?? "http://\(httpHost.contains(":") ? "[\(httpHost)]" : httpHost):\(httpPort)"
        introspection = try env.choice("QUARRY_INTROSPECTION", default: IntrospectionMode.on)
        databasePoolSize = try env.integer("QUARRY_DATABASE_POOL_SIZE", default: 10, in: 1...500)
        statementTimeoutMilliseconds = try env.integer(
            "QUARRY_DATABASE_STATEMENT_TIMEOUT_MS", default: 10_000, in: 0...86_400_000
        )
        maxRequestBodyBytes = try env.integer(
            "QUARRY_HTTP_MAX_BODY_BYTES", default: 1_048_576, in: 1_024...1_073_741_824
        )
        cors = try CORSPolicy(origins: env.list("QUARRY_CORS_ORIGINS"))
        shutdownTimeoutSeconds = try env.integer("QUARRY_SHUTDOWN_TIMEOUT_SECONDS", default: 30, in: 1...3_600)
        let shipped = GraphQLService.Options.shipped
        maxQueryDepth = try env.integer("QUARRY_GRAPHQL_MAX_DEPTH", default: shipped.maxDepth, in: 0...1_000)
        maxAliases = try env.integer("QUARRY_GRAPHQL_MAX_ALIASES", default: shipped.maxAliases, in: 0...100_000)
        maxQueryCost = try env.integer("QUARRY_GRAPHQL_MAX_COST", default: shipped.maxCost, in: 0...1_000_000_000)
        documentCacheSize = try env.integer(
            "QUARRY_GRAPHQL_DOCUMENT_CACHE_SIZE", default: shipped.documentCacheSize, in: 1...1_000_000
        )
        logLevel = try Self.logLevel(env.raw("QUARRY_LOG_LEVEL"))
        logFormat = try env.choice("QUARRY_LOG_FORMAT", default: LogFormat.text)
        accounts = try AccountsConfiguration(env, publicURL: publicURL)
        smtp = try SMTPConfiguration.fromEnvironment(environment)
        termsFile = Self.absolutePath(env.string("QUARRY_TERMS_FILE", default: "./web/terms.html"))
        privacyFile = Self.absolutePath(env.string("QUARRY_PRIVACY_FILE", default: "./web/privacy.html"))
        identityProviders = try IdentityProviderConfiguration.fromEnvironment(environment)
        media = try MediaConfiguration(env, dataDirectory: dataDirectory, absolutePath: Self.absolutePath)
        connections = try ConnectionLimits(env)
        rateLimits = try AccountRateLimits(env)
        graphiQL = try env.choice("QUARRY_GRAPHIQL", default: GraphiQLMode.on)
        graphiQLAssetsURL = try env.raw("QUARRY_GRAPHIQL_ASSETS_URL").map(Self.checkedAssetsURL)
        persistedDocuments = try PersistedDocumentsConfiguration(env, absolutePath: Self.absolutePath)
        jobs = try JobsConfiguration(env)
        // Up to 1,000 km: a country's width; "my area" beyond that is no area.
        offersRadiusKilometers = try env.integer("QUARRY_OFFERS_RADIUS_KM", default: 25, in: 1...1_000)
    }

    /// The database URL, or an error telling the operator how to get one.
    public func requireDatabaseURL() throws -> String {
        guard let databaseURL else {
            throw ConfigurationError(
                variable: "QUARRY_DATABASE_URL", value: "",
                expected: "a PostgreSQL URL; it is unset and no local cluster exists in "
                    + "\(Self.localClusterURLFile(dataDirectory: dataDirectory)) (start one with `make run`)"
            )
        }
        return databaseURL
    }

    /// Where `scripts/local-postgres.sh` records the URL of the cluster it
    /// manages under the data folder (with the password it generated, so the
    /// file is readable by its owner only).
    public static func localClusterURLFile(dataDirectory: String) -> String {
        dataDirectory + "/postgres/url"
    }

    /// The URL of the local cluster `make run` manages, when it exists.
    static func localClusterURL(dataDirectory: String) -> String? {
        guard let data = FileManager.default.contents(atPath: localClusterURLFile(dataDirectory: dataDirectory)) else {
            return nil
        }
        let url = String(decoding: data, as: UTF8.self).trimmingWhitespace()
        return url.isEmpty ? nil : url
    }

    private static func checkedDatabaseURL(_ text: String) throws -> String {
        guard text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") else {
            throw ConfigurationError(
                variable: "QUARRY_DATABASE_URL", value: text,
                expected: "a URL starting with postgresql:// or postgres://"
            )
        }
        return text
    }

    private static func checkedPublicURL(_ text: String) throws -> String {
        guard text.hasPrefix("http://") || text.hasPrefix("https://"), text.count > "https://".count else {
            throw ConfigurationError(
                variable: "QUARRY_PUBLIC_URL", value: text, expected: "an absolute http:// or https:// URL"
            )
        }
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    /// An absolute http(s) base URL that file names are appended to. It ends up in HTML
    /// attributes and in the `Content-Security-Policy` header, so quotes, angle brackets,
    /// `;`, `,`, whitespace, user info, a query and a fragment are refused.
    private static func checkedAssetsURL(_ text: String) throws -> String {
        let invalid = ConfigurationError(
            variable: "QUARRY_GRAPHIQL_ASSETS_URL", value: text,
            expected: "an absolute http:// or https:// URL without a query or fragment, e.g. https://assets.example.com/graphiql"
        )
        let scheme = ["http://", "https://"].first { text.lowercased().hasPrefix($0) }
        let printableASCII = text.allSatisfy { $0.asciiValue.map { (0x21...0x7E).contains($0) } ?? false }
        guard let scheme, printableASCII, !text.contains(where: { "\"'<>;,`\\?#@".contains($0) }),
            text.dropFirst(scheme.count).first.map({ $0 != "/" }) == true
        else { throw invalid }
        var url = text
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    private static func logLevel(_ text: String?) throws -> Logger.Level {
        guard let text else { return .info }
        guard let level = Logger.Level(rawValue: text.lowercased()) else {
            let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw ConfigurationError(variable: "QUARRY_LOG_LEVEL", value: text, expected: "one of \(levels)")
        }
        return level
    }

    private static func absolutePath(_ path: String) -> String {
        var absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        if absolute.hasSuffix("/.") { absolute.removeLast(2) }
        while absolute.count > 1, absolute.hasSuffix("/") { absolute.removeLast() }
        return absolute.replacingOccurrences(of: "/./", with: "/")
    }
}
