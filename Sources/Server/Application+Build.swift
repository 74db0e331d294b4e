import Accounts
import AppCore
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// The router of a Quarry server: middleware outermost first, then routes.
///
/// The middleware is one stack of a fixed type (Hummingbird's `addMiddleware` builder), so a
/// request goes through one responder layer whose calls the compiler specializes and inlines:
/// added one by one, each middleware was a layer of its own, with its closures and executor
/// checks, for every request (issue 17).
///
/// Middleware order matters: the error message catalogue comes first, so every
/// error response below is worded by it; the request id is assigned next so that every
/// log line and every response (errors included) carries it; metrics and CORS
/// see the final status of every response; the bearer token is read last,
/// right before the routes that use it.
public func buildRouter(
    configuration: ServerConfiguration, components: ServerComponents
) -> Router<QuarryRequestContext> {
    let router = Router(context: QuarryRequestContext.self)
    router.addMiddleware {
        ErrorCatalogueMiddleware(catalogue: components.graphQL.errorMessages)
        RequestIDMiddleware(reporter: components.graphQL.errorReporter)
        MetricsMiddleware(metrics: components.metrics)
        AccessLogMiddleware()
        QuarryCORSMiddleware(policy: configuration.cors)
        BearerTokenMiddleware()
    }
    GraphQLRoutes(
        handler: GraphQLHTTPHandler(
            service: components.graphQL, maxBodyBytes: configuration.maxRequestBodyBytes, metrics: components.metrics,
            rateLimiter: components.rateLimiter,
            uploads: MultipartUploadSettings(
                temporaryDirectory: configuration.media.uploadDirectory, maxFileBytes: configuration.media.maxUploadBytes,
                maxFiles: configuration.media.maxUploadFiles
            )
        ),
        graphiQL: configuration.graphiQL == .off ? nil
            : GraphiQLPage(assets: configuration.graphiQLAssetsURL.map { GraphiQLAssets.selfHosted(baseURL: $0) } ?? .pinned)
    ).register(on: router)
    MediaRoutes(service: components.graphQL, emotionsDirectory: configuration.media.emotionsDirectory).register(on: router)
    FeedRoutes(service: components.graphQL).register(on: router)
    FoodPictureRoutes(service: components.graphQL).register(on: router)
    EmailVerificationPages(
        links: AccountLinks(
            database: components.graphQL.database, accounts: components.graphQL.accounts,
            errorMessages: components.graphQL.errorMessages
        )
    ).register(on: router)
    LegalDocumentPages(termsFile: configuration.termsFile, privacyFile: configuration.privacyFile).register(on: router)
    HealthRoutes(
        readiness: components.readiness, metrics: components.metrics, beforeScrape: components.refreshGauges
    ).register(on: router)
    return router
}

/// A Quarry HTTP application: a ServiceLifecycle service that serves
/// `router`, and GraphQL over WebSocket at `/graphql` (``GraphQLWebSocketUpgrade``),
/// and runs `services` (the database pool) beside it;
/// `onServerRunning` learns the bound port (useful with port 0); `router`
/// defaults to ``buildRouter(configuration:components:)``; `webSocket` defaults to the
/// shipped settings with the configured message size. On graceful
/// shutdown the HTTP server stops accepting connections and drains in-flight
/// requests first (each answered with `Connection: close`; a connection with no
/// request in progress closes after `idleGrace` unless one arrives by then, see
/// ``QuiescingHTTPChannel``); the services, started before it, are shut down after it.
public func buildApplication(
    configuration: ServerConfiguration, components: ServerComponents, router: Router<QuarryRequestContext>? = nil,
    services: [any Service] = [], webSocket: GraphQLWebSocketUpgrade.Settings? = nil,
    idleGrace: Duration = QuiescingHTTPChannel.defaultIdleGrace,
    logger: Logger, onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
    let webSocket = webSocket
        ?? GraphQLWebSocketUpgrade.Settings(maxMessageBytes: configuration.connections.maxWebSocketMessageBytes)
    return Application(
        router: router ?? buildRouter(configuration: configuration, components: components),
        server: GraphQLWebSocketUpgrade(service: components.graphQL, settings: webSocket, rateLimiter: components.rateLimiter)
            .serverBuilder(idleGrace: idleGrace, limits: configuration.connections),
        configuration: .init(
            address: .hostname(configuration.httpHost, port: configuration.httpPort), serverName: "Quarry"
        ),
        services: services,
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
        logger: logger
    )
}
