import GraphQLLanguage
import GraphQLType

extension ExecutableSchema {
    /// Executes a validated document (spec §6.1 "Executing Requests"): selects the
    /// operation, coerces the variables, and runs the query or mutation. Request
    /// errors give a result without `data`; field errors a result with both.
    ///
    /// - Parameters:
    ///   - variables: raw variable values (JSON-shaped), coerced here (spec §6.1.2).
    ///   - rootValue: the source of the root fields; none means fields are resolved
    ///     by bound resolvers only.
    public func execute(
        document: DocumentNode, operationName: String? = nil, variables: GraphQLObjectValue = [:],
        context: Context, rootValue: (any Sendable)? = nil
    ) async -> ExecutionResult {
        await core.execute(
            document: document, operationName: operationName, variables: variables, context: context,
            rootValue: rootValue)
    }
}

extension ExecutionCore {
    /// Executes a request; the context is erased here (see ``ResolveParts``).
    func execute(
        document: DocumentNode, operationName: String?, variables: GraphQLObjectValue, context: any Sendable,
        rootValue: (any Sendable)?
    ) async -> ExecutionResult {
        let prepared: ExecutionRequest
        switch prepareRequest(document: document, operationName: operationName, variables: variables, rootValue: rootValue) {
        case .success(let request): prepared = request
        case .failure(let failure): return ExecutionResult(requestErrors: failure.errors)
        }
        switch prepared.operation.operation {
        case .query: return await executeQuery(prepared, context: context)
        case .mutation: return await executeMutation(prepared, context: context)
        case .subscription:
            return ExecutionResult(
                requestErrors: [GraphQLError("Subscription operations are executed with subscribe(document:...).")])
        }
    }

    /// GetOperation and CoerceVariableValues (spec §6.1, §6.1.2).
    func prepareRequest(
        document: DocumentNode, operationName: String?, variables: GraphQLObjectValue, rootValue: (any Sendable)?
    ) -> Result<ExecutionRequest, RequestErrors> {
        let operation: OperationDefinitionNode
        switch getOperation(document, operationName: operationName) {
        case .success(let found): operation = found
        case .failure(let error): return .failure(RequestErrors(errors: [error]))
        }
        guard schema.rootType(for: operation.operation) != nil else {
            return .failure(
                RequestErrors(errors: [
                    GraphQLError(
                        "Schema is not configured to execute \(operation.operation.rawValue) operation.",
                        nodes: [operation])
                ]))
        }
        let coerced: GraphQLObjectValue
        switch coerceVariableValues(schema: schema, operation: operation, inputs: variables) {
        case .success(let values): coerced = values
        case .failure(let errors): return .failure(errors)
        }
        var fragments: [String: FragmentDefinitionNode] = [:]
        for fragment in document.fragments where fragments[fragment.name.value] == nil {
            fragments[fragment.name.value] = fragment
        }
        return .success(
            ExecutionRequest(
                schema: schema, operation: operation, fragments: fragments, variables: coerced,
                rootValue: rootValue ?? EmptyRootValue()))
    }

    /// ExecuteQuery (spec §6.2.1): the root selection set, its fields resolved
    /// concurrently where they suspend (normal execution, spec §6.3.1).
    func executeQuery(_ request: ExecutionRequest, context: any Sendable) async -> ExecutionResult {
        let state = ExecutionState(core: self, request: request, context: context)
        let rootType = schema.rootType(for: request.operation.operation)!
        let plan = state.rootPlan(rootType)
        let rootSlot = state.allocate(1)
        let base = state.allocate(plan.fields.count)
        state.nodes[rootSlot] = .object(plan.shape, base: base)
        if !state.executeSelectionSet(plan, source: request.rootValue, base: base) {
            state.nodes[rootSlot] = .nonNullViolation
        }
        await state.runPendingWork()
        return ExecutionResult(
            data: state.dataBytes(rootSlot: rootSlot, rootType: .named(rootType.id)), errors: state.errors)
    }

    /// ExecuteMutation (spec §6.2.2): root fields one after another, each with all of
    /// its subfields' work finished before the next starts (serial execution, §6.3.1).
    func executeMutation(_ request: ExecutionRequest, context: any Sendable) async -> ExecutionResult {
        let state = ExecutionState(core: self, request: request, context: context)
        let rootType = schema.rootType(for: request.operation.operation)!
        let plan = state.rootPlan(rootType)
        let rootSlot = state.allocate(1)
        let base = state.allocate(plan.fields.count)
        state.nodes[rootSlot] = .object(plan.shape, base: base)
        let readable = request.rootValue as? any FieldReadable
        for (index, field) in plan.fields.enumerated() {
            state.path = [.key(field.selection.responseKey)]
            // Serial root fields: each checks its guards afresh (an earlier one may have changed data).
            var objectGuard: ObjectGuardOutcome?
            let completed = state.executeField(
                field, source: request.rootValue, readable: readable, slot: base + index, objectGuard: &objectGuard)
            state.path = []
            await state.runPendingWork()
            if !completed || state.propagatesNull(base + index, type: field.type) {
                state.nodes[rootSlot] = .nonNullViolation
                break
            }
        }
        return ExecutionResult(
            data: state.dataBytes(rootSlot: rootSlot, rootType: .named(rootType.id)), errors: state.errors)
    }
}

extension ExecutionState {
    /// Whether the finished value at `slot` propagates a null to its parent.
    func propagatesNull(_ slot: Int, type: GraphQLTypeRef) -> Bool {
        var writer = ResponseWriter(nodes: nodes, writer: JSONWriter(capacity: 0))
        return !writer.write(slot, type: type)
    }
}

/// Executes `document` against `schema`; see ``ExecutableSchema/execute(document:operationName:variables:context:rootValue:)``.
public func execute<Context: Sendable>(
    schema: ExecutableSchema<Context>, document: DocumentNode, operationName: String? = nil,
    variables: GraphQLObjectValue = [:], context: Context, rootValue: (any Sendable)? = nil
) async -> ExecutionResult {
    await schema.execute(
        document: document, operationName: operationName, variables: variables, context: context, rootValue: rootValue)
}
