import GraphQLLanguage
import GraphQLType

/// The outcome of ``ExecutableSchema/subscribe(document:operationName:variables:context:rootValue:)``:
/// a response stream, or the errors that kept the source stream from being created.
public enum SubscriptionResult: Sendable {
    case stream(ResponseStream)
    case failure(ExecutionResult)
}

/// The response stream of a subscription (spec §6.2.3.2 "MapSourceToResponseEvent"):
/// each event of the source stream executed into a response. It ends when the
/// source ends and throws what the source throws.
public struct ResponseStream: AsyncSequence, Sendable {
    public typealias Element = ExecutionResult

    let source: any AsyncSequence<any Sendable, any Error> & Sendable
    let respond: @Sendable (any Sendable) async -> ExecutionResult

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: any AsyncIteratorProtocol<any Sendable, any Error>
        let respond: @Sendable (any Sendable) async -> ExecutionResult

        public mutating func next() async throws -> ExecutionResult? {
            guard let event = try await base.next() else { return nil }
            return await respond(event)
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: source.makeAsyncIterator(), respond: respond)
    }
}

extension ExecutableSchema {
    /// Subscribe (spec §6.2.3): creates the source stream of the operation's single
    /// root field, and maps each of its events to a response by executing the
    /// selection set with the event as the root value. A root field without a bound
    /// resolver takes the event itself as its value.
    public func subscribe(
        document: DocumentNode, operationName: String? = nil, variables: GraphQLObjectValue = [:],
        context: Context, rootValue: (any Sendable)? = nil
    ) async -> SubscriptionResult {
        await core.subscribe(
            document: document, operationName: operationName, variables: variables, context: context,
            rootValue: rootValue)
    }
}

extension ExecutionCore {
    /// Subscribe with the context erased (see ``ResolveParts``).
    func subscribe(
        document: DocumentNode, operationName: String?, variables: GraphQLObjectValue, context: any Sendable,
        rootValue: (any Sendable)?
    ) async -> SubscriptionResult {
        let request: ExecutionRequest
        switch prepareRequest(document: document, operationName: operationName, variables: variables, rootValue: rootValue) {
        case .success(let prepared): request = prepared
        case .failure(let failure): return .failure(ExecutionResult(requestErrors: failure.errors))
        }
        guard request.operation.operation == .subscription else {
            return .failure(
                ExecutionResult(requestErrors: [
                    GraphQLError("Only subscription operations can be subscribed to.", nodes: [request.operation])
                ]))
        }
        switch await createSourceEventStream(request, context: context) {
        case .failure(let failure):
            return .failure(ExecutionResult(requestErrors: failure.errors))
        case .success(let source):
            return .stream(
                ResponseStream(source: source) { event in
                    await self.executeSubscriptionEvent(request, event: event, context: context)
                })
        }
    }

    /// CreateSourceEventStream (spec §6.2.3.1): the source stream from the root
    /// field's subscribe resolver, its arguments coerced.
    func createSourceEventStream(
        _ request: ExecutionRequest, context: any Sendable
    ) async -> Result<any AsyncSequence<any Sendable, any Error> & Sendable, RequestErrors> {
        let state = ExecutionState(core: self, request: request, context: context)
        let rootType = schema.subscriptionType!
        let plan = state.rootPlan(rootType)
        guard let field = plan.fields.first else {
            return .failure(RequestErrors(errors: [GraphQLError("The subscription selects no field.")]))
        }
        let name = field.name
        guard let subscribe = binding(type: rootType, field: name)?.subscribe else {
            return .failure(
                RequestErrors(errors: [
                    GraphQLError("The subscription field \"\(name)\" is not defined.", nodes: field.selection.fieldNodes)
                ]))
        }
        state.path = [.key(field.selection.responseKey)]
        guard let args = state.coerceArgumentValues(field) else { return .failure(RequestErrors(errors: state.errors)) }
        let info = state.resolveInfo(field, source: request.rootValue, args: args)
        do {
            return .success(try await subscribe(info))
        } catch {
            state.recordFieldError(error, plan: field)
            return .failure(RequestErrors(errors: state.errors))
        }
    }

    /// ExecuteSubscriptionEvent (spec §6.2.3.2): the operation's selection set with
    /// the event as the root value, as a query is executed.
    func executeSubscriptionEvent(_ request: ExecutionRequest, event: any Sendable, context: any Sendable) async -> ExecutionResult {
        let eventRequest = ExecutionRequest(
            schema: schema, operation: request.operation, fragments: request.fragments, variables: request.variables,
            rootValue: event)
        return await executeQuery(eventRequest, context: context)
    }
}
