import App
import AppCore
import Auth
import Hummingbird
import Logging
import Mail
import Postgres
import ServiceLifecycle

/// A whole Quarry server built from its configuration: the database pool, the
/// migrations, the GraphQL service, the HTTP application and the job runner, run as one
/// ServiceLifecycle group that shuts down gracefully on SIGTERM or SIGINT.
public struct QuarryServer {
    public let configuration: ServerConfiguration
    public let logger: Logger

    public init(configuration: ServerConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// The pool configuration from `QUARRY_DATABASE_URL` and the pool settings.
    public func postgresConfiguration() throws -> PostgresConfiguration {
        var postgres = try PostgresConfiguration(url: configuration.requireDatabaseURL(), variable: "QUARRY_DATABASE_URL")
        postgres.poolSize = configuration.databasePoolSize
        postgres.statementTimeout = configuration.statementTimeoutMilliseconds == 0
            ? nil : .milliseconds(configuration.statementTimeoutMilliseconds)
        return postgres
    }

    public func migrator() -> PostgresMigrator {
        PostgresMigrator(directory: configuration.migrationsDirectory, logger: logger)
    }

    /// Applies pending migrations; returns the names of those applied.
    public func migrate(pool: PostgresPool) async throws -> [String] {
        try await migrator().migrate(on: pool).map(\.name)
    }

    /// The accounts area's shared services: the settings, a password hasher
    /// with its own threads, and the ID-token verifier.
    public func makeAccountServices() -> AccountServices {
        AccountServices(
            settings: configuration.accounts.settings,
            hasher: PasswordHasher(parameters: configuration.accounts.argon2, threads: configuration.accounts.hashingThreads),
            identities: IdentityTokenVerifier(configurations: configuration.identityProviders)
        )
    }

    /// Serves until SIGTERM/SIGINT: new connections stop, in-flight requests
    /// finish (for at most `QUARRY_SHUTDOWN_TIMEOUT_SECONDS`), then the pool closes.
    public func serve(migrate runMigrations: Bool) async throws {
        var configuration = configuration
        // This instance's own upload folder; those of servers that died mid-upload are deleted.
        configuration.media.uploadDirectory = try UploadDirectory.claim(under: configuration.media.uploadDirectory)
        let schema = try QuarrySchema.build(directory: configuration.schemaDirectory)
        let pool = PostgresPool(configuration: try postgresConfiguration(), logger: logger)
        let accounts = makeAccountServices()
        let service = try configuration.makeGraphQLService(
            schema: schema, database: pool, accounts: accounts, media: configuration.media.services
        )
        if runMigrations {
            let applied = try await migrate(pool: pool)
            logger.info("migrations applied", metadata: ["count": "\(applied.count)", "names": "\(applied)"])
        }
        do {
            try await service.errorMessages.reload()
        } catch {
            // Errors keep the texts composed where they arise until the listener reads the catalogue.
            logger.warning("the error message catalogue could not be read", metadata: ["error": "\(error)"])
        }
        let metrics = QuarryMetrics()
        let components = ServerComponents(
            graphQL: service,
            readiness: DatabaseReadiness(pool: pool, migrator: migrator()),
            metrics: metrics,
            refreshGauges: {
                let state = pool.metrics
                metrics.recordPool(inUse: state.inUse, idle: state.idle, waiting: state.waiting)
            },
            rateLimits: configuration.rateLimits
        )
        var services: [any Service] = [
            PoolService(pool: pool),
            AccountServicesLifecycle(accounts: accounts),
            OutboxSender(pool: pool, smtp: configuration.smtp, logger: logger),
            NotificationListenerService(
                channels: [.messages(service.messageHub), .errorMessages(service.errorMessages)],
                configuration: pool.configuration, logger: logger
            ),
        ]
        if configuration.jobs.mode == .on {
            let jobs = ScheduledJobs.shipped(configuration: configuration.jobs, database: pool, media: configuration.media.services)
            services.append(JobRunner(jobs: jobs, pool: pool, logger: logger, tick: configuration.jobs.tick))
        }
        let app = buildApplication(configuration: configuration, components: components, services: services, logger: logger)
        var group = ServiceGroupConfiguration(
            services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger
        )
        group.maximumGracefulShutdownDuration = .seconds(configuration.shutdownTimeoutSeconds)
        try await ServiceGroup(configuration: group).run()
    }
}
