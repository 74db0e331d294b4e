import Foundation
import Logging
import Testing

@testable import Server

@Suite("Configuration from the environment")
struct ConfigurationTests {
    @Test("an empty environment gives the documented defaults")
    func defaults() throws {
        let config = try ServerConfiguration(environment: [:])
        #expect(config.httpHost == "127.0.0.1")
        #expect(config.httpPort == 8080)
        #expect(config.dataDirectory == FileManager.default.currentDirectoryPath + "/.quarry")
        #expect(config.publicURL == "http://127.0.0.1:8080")
        #expect(config.schemaDirectory == FileManager.default.currentDirectoryPath + "/schema")
        #expect(config.migrationsDirectory == FileManager.default.currentDirectoryPath + "/db/migrations")
        #expect(config.errorReportsDirectory == FileManager.default.currentDirectoryPath + "/.quarry/error-reports")
        #expect(config.introspection == .on)
        #expect(config.databasePoolSize == 10)
        #expect(config.statementTimeoutMilliseconds == 10_000)
        #expect(config.maxRequestBodyBytes == 1_048_576)
        #expect(config.cors == .disabled)
        #expect(config.shutdownTimeoutSeconds == 30)
        #expect(config.maxQueryDepth == 15)
        #expect(config.maxAliases == 30)
        #expect(config.maxQueryCost == 10_000)
        #expect(config.documentCacheSize == 1_000)
        #expect(config.persistedDocuments.persistedQueriesMax == 10_000)
        #expect(config.persistedDocuments.trustedDocuments == .off)
        #expect(config.logLevel == .info)
        #expect(config.logFormat == .text)
        #expect(config.graphiQL == .on)
        #expect(config.graphiQLAssetsURL == nil)
        #expect(config.media.maxImagePixels == 40_000_000)
        #expect(config.offersRadiusKilometers == 25)
        #expect(config.graphQLOptions.offersRadiusMeters == 25_000)
    }

    @Test("every variable is read")
    func explicitValues() throws {
        let config = try ServerConfiguration(environment: [
            "QUARRY_DATABASE_URL": "postgresql://u@db:5432/q",
            "QUARRY_HTTP_HOST": "0.0.0.0",
            "QUARRY_HTTP_PORT": "9090",
            "QUARRY_DATA_DIR": "/var/lib/quarry/",
            "QUARRY_PUBLIC_URL": "https://api.example.com/",
            "QUARRY_SCHEMA_DIR": "/opt/quarry/schema",
            "QUARRY_MIGRATIONS_DIR": "/opt/quarry/db/migrations",
            "QUARRY_ERROR_REPORTS_DIR": "/var/log/quarry/reports/",
            "QUARRY_INTROSPECTION": "ROLE",
            "QUARRY_DATABASE_POOL_SIZE": "32",
            "QUARRY_DATABASE_STATEMENT_TIMEOUT_MS": "0",
            "QUARRY_HTTP_MAX_BODY_BYTES": "65536",
            "QUARRY_CORS_ORIGINS": "https://a.example, http://localhost:3000",
            "QUARRY_SHUTDOWN_TIMEOUT_SECONDS": "5",
            "QUARRY_GRAPHQL_MAX_DEPTH": "0",
            "QUARRY_GRAPHQL_MAX_ALIASES": "4",
            "QUARRY_GRAPHQL_MAX_COST": "500",
            "QUARRY_GRAPHQL_DOCUMENT_CACHE_SIZE": "10",
            "QUARRY_LOG_LEVEL": "debug",
            "QUARRY_LOG_FORMAT": "json",
            "QUARRY_GRAPHIQL": "OFF",
            "QUARRY_GRAPHIQL_ASSETS_URL": "https://assets.example.com:8443/graphiql/",
            "QUARRY_IMAGE_MAX_PIXELS": "8294400",
            "QUARRY_OFFERS_RADIUS_KM": "40",
        ])
        #expect(config.databaseURL == "postgresql://u@db:5432/q")
        #expect(config.httpHost == "0.0.0.0")
        #expect(config.httpPort == 9090)
        #expect(config.dataDirectory == "/var/lib/quarry")
        #expect(config.publicURL == "https://api.example.com")
        #expect(config.schemaDirectory == "/opt/quarry/schema")
        #expect(config.migrationsDirectory == "/opt/quarry/db/migrations")
        #expect(config.errorReportsDirectory == "/var/log/quarry/reports")
        #expect(config.introspection == .role)
        #expect(config.databasePoolSize == 32)
        #expect(config.statementTimeoutMilliseconds == 0)
        #expect(config.maxRequestBodyBytes == 65536)
        #expect(config.cors == .origins(["https://a.example", "http://localhost:3000"]))
        #expect(config.shutdownTimeoutSeconds == 5)
        #expect(config.maxQueryDepth == 0)
        #expect(config.maxAliases == 4)
        #expect(config.maxQueryCost == 500)
        #expect(config.documentCacheSize == 10)
        #expect(config.logLevel == .debug)
        #expect(config.logFormat == .json)
        #expect(config.graphiQL == .off)
        #expect(config.graphiQLAssetsURL == "https://assets.example.com:8443/graphiql")
        #expect(config.media.maxImagePixels == 8_294_400)
        #expect(config.graphQLOptions.offersRadiusMeters == 40_000)
    }

    @Test("the public URL follows host and port unless set")
    func publicURLDefault() throws {
        let config = try ServerConfiguration(environment: ["QUARRY_HTTP_PORT": "8181", "QUARRY_HTTP_HOST": "::1"])
        #expect(config.publicURL == "http://[::1]:8181")
    }

    @Test("without QUARRY_DATABASE_URL the local cluster recorded in the data folder is used")
    func localCluster() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quarry-config-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = try ServerConfiguration(environment: ["QUARRY_DATA_DIR": directory.path])
        #expect(missing.databaseURL == nil)
        #expect {
            try missing.requireDatabaseURL()
        } throws: { error in
            (error as? ConfigurationError)?.description.contains("\(directory.path)/postgres/url") == true
        }

        try FileManager.default.createDirectory(at: directory.appendingPathComponent("postgres"), withIntermediateDirectories: true)
        try "postgresql://quarry:secret@127.0.0.1:54329/quarry\n".write(
            to: directory.appendingPathComponent("postgres/url"), atomically: true, encoding: .utf8
        )
        let local = try ServerConfiguration(environment: ["QUARRY_DATA_DIR": directory.path])
        #expect(try local.requireDatabaseURL() == "postgresql://quarry:secret@127.0.0.1:54329/quarry")
        let explicit = try ServerConfiguration(environment: ["QUARRY_DATA_DIR": directory.path, "QUARRY_DATABASE_URL": "postgres://u@h/d"])
        #expect(explicit.databaseURL == "postgres://u@h/d")
    }

    @Test("blank values mean the default")
    func blankIsDefault() throws {
        let config = try ServerConfiguration(environment: ["QUARRY_HTTP_PORT": "  ", "QUARRY_CORS_ORIGINS": ""])
        #expect(config.httpPort == 8080)
        #expect(config.cors == .disabled)
    }

    @Test(
        "a bad value stops start-up with a message naming the variable",
        arguments: [
            ("QUARRY_HTTP_PORT", "eighty"), ("QUARRY_HTTP_PORT", "70000"), ("QUARRY_HTTP_PORT", "-1"),
            ("QUARRY_DATABASE_URL", "mysql://x"), ("QUARRY_PUBLIC_URL", "example.com"),
            ("QUARRY_INTROSPECTION", "maybe"), ("QUARRY_DATABASE_POOL_SIZE", "0"),
            ("QUARRY_DATABASE_STATEMENT_TIMEOUT_MS", "1s"), ("QUARRY_HTTP_MAX_BODY_BYTES", "12"),
            ("QUARRY_CORS_ORIGINS", "https://a.example/path"), ("QUARRY_CORS_ORIGINS", "*,https://b.example"),
            ("QUARRY_SHUTDOWN_TIMEOUT_SECONDS", "0"), ("QUARRY_LOG_LEVEL", "loud"), ("QUARRY_LOG_FORMAT", "xml"),
            ("QUARRY_GRAPHQL_MAX_DEPTH", "-1"), ("QUARRY_GRAPHQL_MAX_COST", "lots"), ("QUARRY_GRAPHQL_DOCUMENT_CACHE_SIZE", "0"),
            ("QUARRY_GRAPHIQL", "yes"), ("QUARRY_GRAPHIQL_ASSETS_URL", "/static/graphiql"),
            ("QUARRY_GRAPHIQL_ASSETS_URL", "ftp://assets.example.com"), ("QUARRY_GRAPHIQL_ASSETS_URL", "https://"),
            ("QUARRY_GRAPHIQL_ASSETS_URL", "https://cdn.example/x?v=1"), ("QUARRY_GRAPHIQL_ASSETS_URL", #"https://cdn.example/"a"#),
            ("QUARRY_GRAPHIQL_ASSETS_URL", "https://cdn.example; script-src *"), ("QUARRY_GRAPHIQL_ASSETS_URL", "https://u:p@cdn.example"),
            ("QUARRY_IMAGE_MAX_PIXELS", "0"), ("QUARRY_IMAGE_MAX_PIXELS", "1000000001"), ("QUARRY_IMAGE_MAX_PIXELS", "40M"),
            ("QUARRY_OFFERS_RADIUS_KM", "0"), ("QUARRY_OFFERS_RADIUS_KM", "1001"), ("QUARRY_OFFERS_RADIUS_KM", "2.5"),
        ]
    )
    func badValue(variable: String, value: String) {
        #expect {
            try ServerConfiguration(environment: [variable: value])
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.variable == variable && error.value == value
                && error.description.hasPrefix("invalid \(variable)=\"\(value)\": expected ")
        }
    }

    @Test("the README's configuration table lists every variable")
    func readmeListsEveryVariable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let tableRows = readme.split(separator: "\n").filter { $0.hasPrefix("| `QUARRY_") }
        for variable in ServerConfiguration.variables {
            #expect(tableRows.contains { $0.contains("`\(variable)`") }, "README lacks \(variable)")
        }
    }
}
