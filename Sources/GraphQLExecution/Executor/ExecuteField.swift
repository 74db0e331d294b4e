import GraphQLLanguage
import GraphQLType

extension ExecutionState {
    /// ExecuteSelectionSet (spec §6.3): executes the collected fields of `plan` on
    /// `source` into the consecutive positions from `base`, in order. `false` when a
    /// non-null field failed, which makes this object `null` (spec §6.4.4); the
    /// fields after it are not executed, as in graphql-js.
    func executeSelectionSet(_ plan: ObjectPlan, source: any Sendable, base: Int) -> Bool {
        let readable = plan.readsByDefault ? source as? any FieldReadable : nil
        var objectGuard: ObjectGuardOutcome?
        for (index, field) in plan.fields.enumerated() {
            path.append(.key(field.selection.responseKey))
            let completed = executeField(field, source: source, readable: readable, slot: base + index, objectGuard: &objectGuard)
            path.removeLast()
            if !completed { return false }
        }
        return true
    }

    /// ExecuteField (spec §6.4): coerces the arguments, runs the field's guards, resolves
    /// the value and completes it into `slot`. A value at hand completes inline; an
    /// awaited resolver or a load leaves `slot` pending until the value arrives.
    ///
    /// `objectGuard` carries the outcome of an object-level guard between the fields of
    /// one object value (see ``ObjectGuardOutcome``).
    func executeField(
        _ plan: FieldPlan, source: any Sendable, readable: (any FieldReadable)?, slot: Int,
        objectGuard: inout ObjectGuardOutcome?
    ) -> Bool {
        if plan.isTypeName {
            nodes[slot] = .string(plan.selection.parentType.name)
            return true
        }
        guard plan.resolver != nil || !plan.guards.isEmpty else {
            return resolveByDefault(plan, source: source, readable: readable, slot: slot)
        }
        if case .read(let read)? = plan.resolver {
            if plan.guards.isEmpty { return completeRead(read, plan: plan, source: source, slot: slot) }
            // A table read (no arguments) whose guards the object's outcome decides takes that
            // outcome without a `ResolveParts`: building one for each such field was 0.9% of the
            // friends query's samples (now 0.3%; issue 17).
            if let outcome = objectGuard, plan.guards.allSatisfy(outcome.decides) {
                guard let error = outcome.error else { return completeRead(read, plan: plan, source: source, slot: slot) }
                recordFieldError(error, plan: plan)
                return nullAfterError(plan.type, slot: slot)
            }
        }
        guard let args = coerceArgumentValues(plan) else { return nullAfterError(plan.type, slot: slot) }
        let info = resolveInfo(plan, source: source, args: args)
        for check in plan.guards {
            let error: (any Error)?
            if let outcome = objectGuard, outcome.decides(check) {
                error = outcome.error
            } else {
                do {
                    try check.check(info)
                    error = nil
                } catch let thrown {
                    error = thrown
                }
                if let position = check.objectLevel { objectGuard = ObjectGuardOutcome(guardPosition: position, error: error) }
            }
            if let error {
                recordFieldError(error, plan: plan)
                return nullAfterError(plan.type, slot: slot)
            }
        }
        guard let resolver = plan.resolver else {
            return resolveByDefault(plan, source: source, readable: readable, slot: slot)
        }
        switch resolver {
        case .sync(let resolve):
            let value: (any Sendable)?
            do {
                value = try resolve(info)
            } catch {
                recordFieldError(error, plan: plan)
                return nullAfterError(plan.type, slot: slot)
            }
            return completeResolved(value, plan: plan, slot: slot)
        case .async(let resolve):
            let continuation = addContinuation(slot: slot, plan: plan)
            asyncWork.append(AsyncWork(continuation: continuation) { try await resolve(info) })
            return true
        case .read(let read):
            return completeRead(read, plan: plan, source: source, slot: slot)
        }
    }

    /// A ``GraphQLRecord`` field: its table entry reads the source (the fields it
    /// serves have no arguments, so there are none to coerce).
    private func completeRead(
        _ read: @Sendable (any Sendable) throws -> (any Sendable)?, plan: FieldPlan, source: any Sendable, slot: Int
    ) -> Bool {
        let value: (any Sendable)?
        do {
            value = try read(source)
        } catch {
            recordFieldError(error, plan: plan)
            return nullAfterError(plan.type, slot: slot)
        }
        return completeValue(plan.type, plan: plan, value: value, slot: slot)
    }

    /// The default resolver (spec §6.4.2): the source's property of the same name.
    private func resolveByDefault(
        _ plan: FieldPlan, source: any Sendable, readable: (any FieldReadable)?, slot: Int
    ) -> Bool {
        guard let readable else {
            recordFieldError(missingResolverError(plan, source: source), plan: plan)
            return nullAfterError(plan.type, slot: slot)
        }
        guard plan.selection.field.arguments.isEmpty || coerceArgumentValues(plan) != nil else {
            return nullAfterError(plan.type, slot: slot)
        }
        return completeValue(plan.type, plan: plan, value: readable.graphQLField(plan.name), slot: slot)
    }

    /// ResolveFieldValue's result (spec §6.4.2): a ``LoadRequest`` waits for its
    /// batch; any other value completes now.
    func completeResolved(_ value: (any Sendable)?, plan: FieldPlan, slot: Int) -> Bool {
        if let load = value as? LoadRequest {
            let continuation = addContinuation(slot: slot, plan: plan)
            let id = ObjectIdentifier(load.loader)
            if loadGroups[id] == nil {
                loadGroups[id] = LoadGroup(loader: load.loader, requests: [])
                loadOrder.append(id)
            }
            loadGroups[id]!.requests.append((continuation, load))
            return true
        }
        return completeValue(plan.type, plan: plan, value: value, slot: slot)
    }

    private func addContinuation(slot: Int, plan: FieldPlan) -> Int {
        continuations.append(Continuation(slot: slot, plan: plan, path: path))
        return continuations.count - 1
    }

    /// Completes a waiting field with the value (or error) that arrived for it.
    func resume(_ id: Int, with result: Result<(any Sendable)?, any Error>) {
        let continuation = continuations[id]
        path = continuation.path
        defer { path = [] }
        let plan = continuation.plan
        let completed: Bool
        switch result {
        case .success(let value):
            completed = completeResolved(value, plan: plan, slot: continuation.slot)
        case .failure(let error):
            recordFieldError(error, plan: plan)
            completed = nullAfterError(plan.type, slot: continuation.slot)
        }
        if !completed { nodes[continuation.slot] = .nonNullViolation }
    }

    private func missingResolverError(_ plan: FieldPlan, source: any Sendable) -> GraphQLError {
        GraphQLError(
            "Cannot resolve field \"\(plan.qualifiedName)\": no resolver is bound and the source value "
                + "(\(type(of: source))) is not FieldReadable.")
    }
}
