import Logging
import Postgres
import ScreenCache
import ServiceLifecycle

/// This instance's one LISTEN for messages (issue 5: subscriptions reach a
/// subscriber connected to a different instance): every NOTIFY that
/// `sendMessage` commits on ``MessageNotification/channel``, on whichever
/// instance, goes to the local ``MessageHub``, which delivers it to this
/// instance's subscribers of the recipient. If LISTEN cannot be set up (the
/// database is down) it tries again; messages committed meanwhile are not
/// pushed (PostgreSQL keeps no notifications), but stay in the conversation
/// for the client's pull. On graceful shutdown the hub ends every subscription.
struct MessageListenerService: Service {
    let hub: MessageHub
    let configuration: PostgresConfiguration
    let logger: Logger
    var retryDelay: Duration = .seconds(2)
    /// Called each time LISTEN has become active (at start and after a failure), from when on
    /// every committed message is pushed; tests wait for it before sending.
    var onListening: @Sendable () async -> Void = {}

    func run() async throws {
        let listener = PostgresListener(configuration: configuration, logger: logger)
        await withGracefulShutdownHandler {
            await withTaskCancellationHandler {
                await listen(listener)
            } onCancel: {
                listener.shutdown()
            }
        } onGracefulShutdown: {
            listener.shutdown()
        }
        listener.shutdown()
        await hub.shutdown()
    }

    private func listen(_ listener: PostgresListener) async {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                let notifications = try await listener.notifications(channel: MessageNotification.channel)
                await onListening()
                for await notification in notifications {
                    do {
                        try await hub.receive(notification.payload)
                    } catch {
                        logger.warning("a message could not be pushed", metadata: ["error": "\(error)"])
                    }
                }
                return
            } catch {
                logger.warning("LISTEN for messages failed; retrying", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: retryDelay)
            }
        }
    }
}
