import App
import AppCore
import Foundation
import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Logging
import NIOWebSocket
import WSCore

/// One `graphql-transport-ws` socket (PROTOCOL.md): the connection's state
/// (initialised, acknowledged, who the caller is) and its running operations.
///
/// Messages are handled one at a time in arrival order; a `subscribe` has
/// registered its subscription (or failed) before the next message is read, so
/// a client that gets `pong` for a `ping` sent after `subscribe` knows that
/// messages sent from then on reach it. Each operation then runs in a task of
/// its own, writing `next`/`error`/`complete`; closing the socket cancels them,
/// which ends their subscriptions.
actor GraphQLWSSession {
    private let service: GraphQLService
    private let outbound: WebSocketOutboundWriter
    private let logger: Logger
    /// The token of the upgrade request's Authorization header, if any.
    private let headerToken: String?
    private let requestID: String
    private let clientAddress: String?
    /// The same per-address limits as over HTTP: a mutation may also come as `subscribe`.
    private let rateLimiter: AddressRateLimiter
    private let userAgent: String?
    /// The most operations that may run at once on this socket.
    private let maxOperations: Int

    private var initialised = false
    private var credential: RequestCredential?
    /// Running operations by id; the token tells a finished task's own entry from a newer one with the same id.
    private var operations: [String: (token: UUID, task: Task<Void, Never>)] = [:]

    init(
        service: GraphQLService, outbound: WebSocketOutboundWriter, logger: Logger, headerToken: String?,
        requestID: String, clientAddress: String?, userAgent: String?, maxOperations: Int,
        rateLimiter: AddressRateLimiter
    ) {
        self.service = service
        self.outbound = outbound
        self.logger = logger
        self.headerToken = headerToken
        self.requestID = requestID
        self.clientAddress = clientAddress
        self.rateLimiter = rateLimiter
        self.userAgent = userAgent
        self.maxOperations = maxOperations
    }

    /// Handles one client message; a thrown ``GraphQLWSClose`` must close the socket.
    func handle(_ text: String) async throws {
        switch try GraphQLWSClientMessage.parse(text) {
        case .connectionInit(let payload):
            guard !initialised else { throw GraphQLWSClose.tooManyInitialisationRequests }
            initialised = true
            credential = try await authenticate(payload)
            try await outbound.writeTextMessage(GraphQLWSServerMessage.connectionAck)
        case .ping:
            try await outbound.writeTextMessage(GraphQLWSServerMessage.pong)
        case .pong:
            break
        case .subscribe(let id, let parameters):
            guard let credential else { throw GraphQLWSClose.unauthorized }
            guard operations[id] == nil else { throw GraphQLWSClose.subscriberExists(id) }
            guard operations.count < maxOperations else {
                let error = GraphQLError(
                    "A socket may run at most \(maxOperations) operations at once; complete one first.",
                    extensions: ["code": "TOO_MANY_OPERATIONS"]
                )
                try await outbound.writeTextMessage(GraphQLWSServerMessage.error(id: id, errors: service.writtenErrors([error])))
                return
            }
            try await start(id: id, parameters: parameters, credential: credential)
        case .complete(let id):
            operations.removeValue(forKey: id)?.task.cancel()
        }
    }

    /// Whether `connection_init` has arrived (for the initialisation timeout).
    var isInitialised: Bool { initialised }

    /// Cancels every running operation (the socket is closing).
    func cancelAll() {
        for operation in operations.values { operation.task.cancel() }
        operations = [:]
    }

    /// The caller of `connection_init`: a token from its payload
    /// (`{"authorization": "Bearer <token>"}` or `{"token": "<token>"}`), else
    /// from the upgrade request's header, else a guest. A token that is
    /// malformed or that no signed-in user holds is refused (4403), so a
    /// client learns at once that its credentials are stale.
    private func authenticate(_ payload: GraphQLObjectValue) async throws -> RequestCredential {
        var token = headerToken
        if case .string(let header)? = payload["authorization"] ?? payload["Authorization"] {
            guard let bearer = BearerTokenMiddleware.token(fromAuthorization: header) else { throw GraphQLWSClose.forbidden }
            token = bearer
        } else if case .string(let bare)? = payload["token"] {
            token = bare
        }
        let credential = RequestCredential(
            bearerToken: token, requestID: requestID, clientAddress: clientAddress, userAgent: userAgent
        )
        if token != nil {
            let viewer: Viewer?
            do {
                viewer = try await service.viewer(for: credential)
            } catch {
                logger.warning("WebSocket credentials could not be checked", metadata: ["error": "\(error)"])
                throw GraphQLWSClose.internalError
            }
            guard viewer != nil else { throw GraphQLWSClose.forbidden }
        }
        return credential
    }

    /// Prepares the operation and starts it: a subscription is registered
    /// before this returns; a query or mutation runs in its task.
    private func start(id: String, parameters: GraphQLRequestParameters, credential: RequestCredential) async throws {
        let prepared: PreparedOperation
        // The same document rules as over HTTP: persisted documents, and trusted documents' `only` mode.
        switch await service.prepare(parameters.document, operationName: parameters.operationName, logger: logger) {
        case .success(let operation): prepared = operation
        case .failure(let failure):
            try await outbound.writeTextMessage(GraphQLWSServerMessage.error(id: id, errors: service.writtenErrors(failure.errors)))
            return
        }
        if let refused = rateLimiter.admit(RateLimitedOperation.mutationFields(prepared), from: clientAddress) {
            let failure = GraphQLRequestFailure.rateLimited(refused.mutation, retryAfterSeconds: refused.retryAfterSeconds)
            try await outbound.writeTextMessage(GraphQLWSServerMessage.error(id: id, errors: service.writtenErrors(failure.errors)))
            return
        }
        let token = UUID()
        let task: Task<Void, Never>
        if prepared.operationType == .subscription {
            let subscription = await service.subscribe(
                prepared, variables: parameters.variables, credential: credential, logger: logger
            )
            guard case .events(let events) = subscription else {
                if case .failed(let errors) = subscription {
                    try await outbound.writeTextMessage(GraphQLWSServerMessage.error(id: id, errors: errors))
                }
                return
            }
            task = Task { await self.forward(events, id: id, token: token) }
        } else {
            let (service, outbound, logger) = (service, outbound, logger)
            task = Task {
                let response = await service.execute(
                    prepared, variables: parameters.variables, credential: credential, logger: logger
                )
                guard !Task.isCancelled else { return }
                try? await outbound.writeTextMessage(GraphQLWSServerMessage.next(id: id, result: response.body))
                await self.finished(id: id, token: token)
            }
        }
        operations[id] = (token, task)
    }

    /// Writes each event of a subscription as `next`, then `complete` when
    /// the stream ends by itself (the server shutting down), or `error` when
    /// it fails (the subscriber signed out); nothing more once the client
    /// completed it or the socket closed.
    private func forward(_ events: GraphQLEventStream, id: String, token: UUID) async {
        do {
            for try await event in events {
                try await outbound.writeTextMessage(GraphQLWSServerMessage.next(id: id, result: event))
            }
        } catch let ended as GraphQLSubscriptionEnded {
            guard !Task.isCancelled, operations[id]?.token == token else { return }
            operations[id] = nil
            try? await outbound.writeTextMessage(GraphQLWSServerMessage.error(id: id, errors: ended.errors))
            return
        } catch {
            // Writing failed: the socket is closing, and closing cancels this operation.
            return
        }
        guard !Task.isCancelled else { return }
        await finished(id: id, token: token)
    }

    /// Sends `complete` for an operation that ended by itself, if it still runs under `token`.
    private func finished(id: String, token: UUID) async {
        guard operations[id]?.token == token else { return }
        operations[id] = nil
        try? await outbound.writeTextMessage(GraphQLWSServerMessage.complete(id: id))
    }
}
