import AppCore
import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Logging

/// A subscription operation started by ``GraphQLService/subscribe(_:variables:credential:logger:)``.
public enum GraphQLSubscription: Sendable {
    /// The response of each event, written (`{"data":…}`, with `"errors"` when a field failed).
    case events(GraphQLEventStream)
    /// The source stream could not be created (spec §6.2.3.1): the errors, written as a JSON array
    /// (graphql-transport-ws sends them as the payload of its `error` message).
    case failed(errors: [UInt8])
}

/// Why a subscription's event stream ended early (its source failed: the
/// subscriber signed out, say): the errors, written as a JSON array for
/// graphql-transport-ws's `error` message.
public struct GraphQLSubscriptionEnded: Error, Sendable {
    public let errors: [UInt8]
}

/// The written responses of a subscription's events, errors masked as for any
/// request; a failing source ends it with ``GraphQLSubscriptionEnded``.
public struct GraphQLEventStream: AsyncSequence, Sendable {
    public typealias Element = [UInt8]

    let responses: ResponseStream
    let scope: ErrorScope
    let errorMessages: ErrorCatalogue

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: ResponseStream.AsyncIterator
        let scope: ErrorScope
        let errorMessages: ErrorCatalogue

        public mutating func next() async throws -> [UInt8]? {
            let next: ExecutionResult?
            do {
                next = try await base.next()
            } catch {
                let errors = ErrorMasking.masked([ErrorMasking.fieldError(error)], in: scope)
                throw GraphQLSubscriptionEnded(errors: GraphQLService.written(errorMessages.worded(errors)))
            }
            guard let result = next else { return nil }
            guard result.data != nil else { return ExecutionResult(requestErrors: errorMessages.worded(result.errors)).jsonBytes() }
            let errors = errorMessages.worded(ErrorMasking.masked(result.errors, in: scope))
            return ExecutionResult(data: result.data, errors: errors).jsonBytes()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: responses.makeAsyncIterator(), scope: scope, errorMessages: errorMessages)
    }
}

extension GraphQLService {
    /// Subscribes to a prepared subscription operation (spec §6.2.3) for the
    /// caller `credential` stands for (one statement when there is a token):
    /// the WebSocket transport runs each operation of a socket through here.
    /// The subscription ends when the consumer stops iterating its events.
    public func subscribe(
        _ prepared: PreparedOperation, variables: GraphQLObjectValue, credential: RequestCredential, logger: Logger
    ) async -> GraphQLSubscription {
        let viewer: Viewer?
        do {
            viewer = try await self.viewer(for: credential)
        } catch {
            let scope = errorScope(credential: credential, operationName: prepared.operationName, viewer: nil, logger: logger)
            return .failed(errors: writtenErrors(ErrorMasking.masked([ErrorMasking.fieldError(error)], in: scope)))
        }
        let scope = errorScope(credential: credential, operationName: prepared.operationName, viewer: viewer, logger: logger)
        let context = QuarryContext(
            credential: credential, viewer: viewer, database: database, accounts: accounts, logger: logger, media: media
        )
        switch await executable.subscribe(
            document: prepared.document, operationName: prepared.operationName, variables: variables, context: context
        ) {
        case .stream(let responses):
            return .events(GraphQLEventStream(responses: responses, scope: scope, errorMessages: errorMessages))
        case .failure(let result):
            return .failed(errors: writtenErrors(ErrorMasking.masked(result.errors, in: scope)))
        }
    }

    /// Errors answered outside an execution (a document that fails, a refused
    /// operation), worded by the catalogue and written as a JSON array.
    public func writtenErrors(_ errors: [GraphQLError]) -> [UInt8] {
        Self.written(errorMessages.worded(errors))
    }

    /// `errors` as a JSON array.
    public static func written(_ errors: [GraphQLError]) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.errors(errors)
        return writer.bytes
    }
}
