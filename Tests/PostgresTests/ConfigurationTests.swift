import Testing

@testable import Postgres

@Suite("Connection URLs")
struct ConfigurationTests {
    @Test func fullURL() throws {
        let configuration = try PostgresConfiguration(url: "postgresql://quarry:p%40ss@db.example:6543/app?sslmode=require")
        #expect(configuration.user == "quarry")
        #expect(configuration.password == "p@ss")
        #expect(configuration.host == "db.example")
        #expect(configuration.port == 6543)
        #expect(configuration.database == "app")
        #expect(configuration.sslMode == "require")
        #expect(configuration.description == "postgresql://quarry@db.example:6543/app?sslmode=require")
    }

    @Test func unixSocketDirectory() throws {
        let configuration = try PostgresConfiguration(url: "postgresql://me@/db?host=/run/postgresql")
        #expect(configuration.host == "/run/postgresql")
        #expect(configuration.database == "db")
    }

    @Test func defaultsAndShortScheme() throws {
        let configuration = try PostgresConfiguration(url: "postgres://me@localhost/db")
        #expect(configuration.port == 5432)
        #expect(configuration.password == nil)
        #expect(configuration.sslMode == nil)
    }

    @Test(arguments: [
        ("mysql://u@h/db", "must start with postgresql://"),
        ("postgresql://u@h:99999/db", "port"),
        ("postgresql://h/db", "user name is missing"),
        ("postgresql://u@h", "database name is missing"),
        ("postgresql://u@h/db?sslmode=sometimes", "sslmode 'sometimes'"),
        ("postgresql://u@h/db?pool=3", "unsupported parameter 'pool'"),
    ])
    func invalidURLsNameTheVariableAndTheProblem(url: String, problem: String) throws {
        let error = try #require(throws: PostgresError.self) {
            try PostgresConfiguration(url: url, variable: "QUARRY_DATABASE_URL")
        }
        #expect(error.code == .invalidConfiguration)
        #expect(error.message.hasPrefix("QUARRY_DATABASE_URL is not a valid PostgreSQL URL"))
        #expect(error.message.contains(problem))
    }

    @Test func passwordNeverAppearsInErrors() throws {
        let error = try #require(throws: PostgresError.self) {
            try PostgresConfiguration(url: "postgresql://u:topsecret@h:0/db", variable: "URL")
        }
        #expect(!error.debugDescription.contains("topsecret"))
    }
}
