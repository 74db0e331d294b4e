import Administration
import App
import AppCore
import Auth
import Foundation
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
    /// A schema, a migration or a service that fails stops the server and, when
    /// the database answers, is an `ERROR` event; a previous run that did not shut down
    /// cleanly becomes a `CRASH` report (``CrashMarker``).
    public func serve(migrate runMigrations: Bool) async throws {
        let startedAt = Date()
        var configuration = configuration
        // This instance's own upload folder; those of servers that died mid-upload are deleted.
        configuration.media.uploadDirectory = try UploadDirectory.claim(under: configuration.media.uploadDirectory)
        let pool = PostgresPool(configuration: try postgresConfiguration(), logger: logger)
        let reports = ErrorReportQueue(
            database: pool, directory: configuration.errorReportsDirectory, logger: logger,
            systemState: {
                SystemState(
                    version: QuarryVersion.current, uptimeSeconds: Int(Date().timeIntervalSince(startedAt)),
                    processID: ProcessInfo.processInfo.processIdentifier, pool: pool.metrics
                )
            }
        )
        let accounts = makeAccountServices()
        let service = try await startupStep("schema", pool: pool) {
            try configuration.makeGraphQLService(
                schema: try QuarrySchema.build(directory: configuration.schemaDirectory), database: pool,
                accounts: accounts, media: configuration.media.services, errorReporter: reports.reporter
            )
        }
        if runMigrations {
            let applied = try await startupStep("migrations", pool: pool) { try await migrate(pool: pool) }
            logger.info("migrations applied", metadata: ["count": "\(applied.count)", "names": "\(applied)"])
        }
        do {
            try await service.errorMessages.reload()
        } catch {
            // Errors keep the texts composed where they arise until the listener reads the catalogue.
            logger.warning("the error message catalogue could not be read", metadata: ["error": "\(error)"])
        }
        let marker = CrashMarker(directory: configuration.errorReportsDirectory)
        if let previous = try await marker.claim(processID: ProcessInfo.processInfo.processIdentifier, startedAt: startedAt) {
            await reportCrash(previous, reporter: reports.reporter, pool: pool)
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
        // Started in this order, stopped in the reverse: reports and outages are written before the pool closes.
        var services: [any Service] = [
            PoolService(pool: pool),
            ErrorReportService(queue: reports),
            DatabaseOutageService(pool: pool, logger: logger),
            AccountServicesLifecycle(accounts: accounts),
            OutboxSender(pool: pool, smtp: configuration.smtp, logger: logger),
            NotificationListenerService(
                channels: [.messages(service.messageHub), .errorMessages(service.errorMessages)],
                configuration: pool.configuration, logger: logger
            ),
        ]
        if let sms = configuration.sms {
            services.append(SMSOutboxSender(pool: pool, sender: TwilioSMSSender(configuration: sms), logger: logger))
        }
        if configuration.jobs.mode == .on {
            let jobs = ScheduledJobs.shipped(
                configuration: configuration.jobs, database: pool, media: configuration.media.services,
                errorReportsDirectory: configuration.errorReportsDirectory
            )
            services.append(JobRunner(jobs: jobs, pool: pool, logger: logger, tick: configuration.jobs.tick))
        }
        let app = buildApplication(configuration: configuration, components: components, services: services, logger: logger)
        var group = ServiceGroupConfiguration(
            services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger
        )
        group.maximumGracefulShutdownDuration = .seconds(configuration.shutdownTimeoutSeconds)
        do {
            try await ServiceGroup(configuration: group).run()
        } catch {
            // A service failed (the HTTP port taken, say) and the group has closed the pool: a pool of its own records it.
            await recordFailure("services", error, pool: PostgresPool(configuration: try postgresConfiguration(), logger: logger))
            throw error
        }
        try await marker.remove()
    }

    /// Runs one step of start-up; when it fails, records the failure and stops
    /// start-up with the step's error.
    private func startupStep<T>(_ step: String, pool: PostgresPool, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            await recordFailure(step, error, pool: pool)
            throw error
        }
    }

    /// Logs a failure that stops the server and records it as an `ERROR` event
    /// naming the step (Foodstabook 2.2.3 "a service that fails at start-up")
    /// if the database answers, then closes `pool`.
    private func recordFailure(_ step: String, _ error: any Error, pool: PostgresPool) async {
        logger.critical("the server failed", metadata: ["step": "\(step)", "error": "\(error)"])
        do {
            try await EventLogChanges.recordError(["failure": "start-up", "step": step, "error": "\(error)"], database: pool)
        } catch let unrecorded {
            logger.error("the failure could not be recorded in the event log", metadata: ["error": "\(unrecorded)"])
        }
        pool.shutdown()
    }

    /// The previous run ended without a clean shutdown: a `CRASH` error report
    /// (written once the report service runs) and an `ERROR` event.
    private func reportCrash(_ previous: CrashMarker.PreviousRun, reporter: ErrorReporter, pool: PostgresPool) async {
        let message = "The previous run (pid \(previous.processID), started at \(previous.startedAt)) "
            + "ended without a clean shutdown."
        logger.error("the previous run crashed", metadata: ["pid": "\(previous.processID)", "started": "\(previous.startedAt)"])
        reporter.report(ErrorReport(
            code: "CRASH", message: message,
            context: ["crashedRunPid": previous.processID, "crashedRunStartedAt": previous.startedAt]
        ))
        do {
            try await EventLogChanges.recordError(
                ["failure": "crash", "message": message, "pid": previous.processID, "startedAt": previous.startedAt],
                database: pool
            )
        } catch {
            logger.error("the crash could not be recorded in the event log", metadata: ["error": "\(error)"])
        }
    }
}
