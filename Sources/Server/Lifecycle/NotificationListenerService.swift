import AppCore
import Logging
import Postgres
import ScreenCache
import ServiceLifecycle

/// This instance's one LISTEN connection, for every channel whose NOTIFYs it
/// must follow, whichever instance sent them:
///
/// - ``NotifiedChannel/messages(_:)``: each message `sendMessage` commits goes
///   to the local ``MessageHub``, which delivers it to this instance's
///   subscribers of the recipient (issue 5: a subscriber may be connected to a
///   different instance);
/// - ``NotifiedChannel/errorMessages(_:)``: an edit of the error message
///   catalogue makes this instance re-read it (issue 13).
///
/// If LISTEN cannot be set up (the database is down) it tries again. PostgreSQL
/// keeps no notifications: when the connection comes back the listener says so
/// (``PostgresNotification/resumed``), and a channel whose state may have
/// missed a NOTIFY re-reads it (the catalogue); messages committed meanwhile are
/// not pushed but stay in the conversation for the client's pull. On graceful
/// shutdown each channel finishes (the hub ends every subscription).
struct NotificationListenerService: Service {
    let channels: [NotifiedChannel]
    let configuration: PostgresConfiguration
    let logger: Logger
    var retryDelay: Duration = .seconds(2)
    /// Called each time a channel's LISTEN has become active (at start and after a failure), from when on every
    /// committed NOTIFY on it is handled; tests wait for it before sending.
    var onListening: @Sendable (_ channel: String) async -> Void = { _ in }

    func run() async throws {
        let listener = PostgresListener(configuration: configuration, logger: logger)
        await withGracefulShutdownHandler {
            await withTaskCancellationHandler {
                await withTaskGroup(of: Void.self) { group in
                    for channel in channels {
                        group.addTask { await listen(listener, channel) }
                    }
                }
            } onCancel: {
                listener.shutdown()
            }
        } onGracefulShutdown: {
            listener.shutdown()
        }
        listener.shutdown()
        for channel in channels { await channel.finish() }
    }

    private func listen(_ listener: PostgresListener, _ channel: NotifiedChannel) async {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                let notifications = try await listener.notifications(channel: channel.name)
                do {
                    try await channel.listening()
                } catch {
                    logger.warning("a channel could not catch up", metadata: ["channel": "\(channel.name)", "error": "\(error)"])
                }
                await onListening(channel.name)
                for await notification in notifications {
                    do {
                        try await channel.receive(notification)
                    } catch {
                        logger.warning("a notification could not be handled", metadata: [
                            "channel": "\(channel.name)", "error": "\(error)",
                        ])
                    }
                }
                return
            } catch {
                logger.warning("LISTEN failed; retrying", metadata: ["channel": "\(channel.name)", "error": "\(error)"])
                try? await Task.sleep(for: retryDelay)
            }
        }
    }
}

/// A channel ``NotificationListenerService`` follows: what each NOTIFY on it
/// (or the word that the connection came back) does, what is done once its
/// LISTEN is active (catching up on what came before), and what ends with the service.
struct NotifiedChannel: Sendable {
    let name: String
    let receive: @Sendable (PostgresNotification) async throws -> Void
    var listening: @Sendable () async throws -> Void = {}
    var finish: @Sendable () async -> Void = {}

    /// `sendMessage`'s NOTIFYs, for this instance's subscribers; a gap in the
    /// connection loses no message (they stay for the client's pull).
    static func messages(_ hub: MessageHub) -> NotifiedChannel {
        NotifiedChannel(
            name: MessageNotification.channel,
            receive: { notification in
                guard !notification.resumed else { return }
                try await hub.receive(notification.payload)
            },
            finish: { await hub.shutdown() }
        )
    }

    /// Edits of the error message catalogue: each one re-reads it, and so does
    /// the start of LISTEN and a gap in the connection (an edit may have been missed).
    static func errorMessages(_ catalogue: ErrorCatalogue) -> NotifiedChannel {
        NotifiedChannel(
            name: ErrorCatalogue.channel, receive: { _ in try await catalogue.reload() },
            listening: { try await catalogue.reload() }
        )
    }
}
