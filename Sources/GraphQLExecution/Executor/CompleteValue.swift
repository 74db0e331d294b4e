import GraphQLLanguage
import GraphQLType

extension ExecutionState {
    /// CompleteValue (spec §6.4.3): writes `value` of type `type` into `slot`.
    ///
    /// `false` means the position must propagate a null to its parent (a non-null
    /// position got `null` or failed; the error is recorded). A nullable position
    /// absorbs failures of its own value as `null` (spec §6.4.4).
    func completeValue(_ type: GraphQLTypeRef, plan: FieldPlan, value: (any Sendable)?, slot: Int) -> Bool {
        if let value {
            // Leaves of the built-in scalars and enums first: most fields are leaves,
            // and a value that matches them is not null.
            if plan.leafKind != .other, type.nullable.isNamed, let leaf = fastLeaf(plan.leafKind, value) {
                nodes[slot] = leaf
                return true
            }
            if !isNull(value) {
                if type.isNonNull { return completeNonNullValue(type.nullable, plan: plan, value: value, slot: slot) }
                if !completeNonNullValue(type, plan: plan, value: value, slot: slot) { nodes[slot] = .null }
                return true
            }
        }
        if type.isNonNull {
            recordFieldError(GraphQLError("Cannot return null for non-nullable field \(plan.qualifiedName)."), plan: plan)
            return false
        }
        nodes[slot] = .null
        return true
    }

    /// The response node of a leaf value of a common Swift type, without result
    /// coercion's general path; `nil` when the value needs that path.
    private func fastLeaf(_ kind: FieldPlan.LeafKind, _ value: any Sendable) -> ResultNode? {
        switch kind {
        case .string:
            if let string = value as? String { return .string(string) }
        case .int:
            if let int = value as? Int, int >= Int(Int32.min), int <= Int(Int32.max) { return .int(int) }
        case .float:
            if let double = value as? Double, double.isFinite { return .float(double) }
        case .boolean:
            if let bool = value as? Bool { return .bool(bool) }
        case .enumeration(let enumType):
            if let name = value as? String, enumType.value(named: name) != nil { return .string(name) }
        case .other:
            break
        }
        if let graphQLValue = value as? GraphQLValue {
            switch (kind, graphQLValue) {
            case (.string, .string(let string)): return .string(string)
            case (.int, .int(let int)) where int >= Int(Int32.min) && int <= Int(Int32.max): return .int(int)
            case (.float, .float(let double)) where double.isFinite: return .float(double)
            case (.float, .int(let int)): return .float(Double(int))
            case (.boolean, .bool(let bool)): return .bool(bool)
            case (.enumeration(let enumType), .string(let name)) where enumType.value(named: name) != nil: return .string(name)
            default: return nil
            }
        }
        return nil
    }

    /// CompleteValue for a value that is not null, of a nullable `type`.
    private func completeNonNullValue(
        _ type: GraphQLTypeRef, plan: FieldPlan, value: any Sendable, slot: Int
    ) -> Bool {
        if case .list(let itemType) = type.shape {
            return completeListValue(itemType, plan: plan, value: value, slot: slot)
        }
        switch schema[type.namedType] {
        case .scalar(let scalar):
            return completeScalarValue(scalar, plan: plan, value: value, slot: slot)
        case .enumeration(let enumType):
            do {
                nodes[slot] = node(for: try enumType.serialize(value))
                return true
            } catch {
                recordFieldError(GraphQLError(error.message), plan: plan)
                return false
            }
        case .object(let object):
            return completeObjectValue(object, plan: plan, value: value, slot: slot)
        case .interface, .union:
            guard let object = resolveAbstractType(schema[type.namedType], plan: plan, value: value) else {
                return false
            }
            return completeObjectValue(object, plan: plan, value: value, slot: slot)
        case .inputObject:
            recordFieldError(GraphQLError("Cannot complete value of unexpected output type \"\(schema[type.namedType].name)\"."), plan: plan)
            return false
        }
    }

    /// Leaf completion (spec §6.4.3, §3.5 "Result Coercion") through the scalar's
    /// `serialize`; the common cases were already handled by ``fastLeaf(_:_:)``.
    private func completeScalarValue(
        _ scalar: GraphQLScalarType, plan: FieldPlan, value: any Sendable, slot: Int
    ) -> Bool {
        do {
            nodes[slot] = node(for: try scalar.serialize(value))
            return true
        } catch {
            recordFieldError(GraphQLError(error.message), plan: plan)
            return false
        }
    }

    private func node(for value: GraphQLValue) -> ResultNode {
        switch value {
        case .null: .null
        case .bool(let bool): .bool(bool)
        case .int(let int): .int(int)
        case .float(let double): .float(double)
        case .string(let string): .string(string)
        case .list, .object: .value(value)
        }
    }

    /// List completion (spec §6.4.3): each item completed in its own position; a
    /// failed non-null item makes the whole list fail.
    private func completeListValue(
        _ itemType: GraphQLTypeRef, plan: FieldPlan, value: any Sendable, slot: Int
    ) -> Bool {
        if let list = value as? any CompletableList {
            return completeListItems(itemType, plan: plan, count: list.itemCount, item: list.item(at:), slot: slot)
        }
        if case .list(let array)? = value as? GraphQLValue {
            return completeListItems(itemType, plan: plan, count: array.count, item: { array[$0] }, slot: slot)
        }
        recordFieldError(
            GraphQLError("Expected Iterable, but did not find one for field \"\(plan.qualifiedName)\"."), plan: plan)
        return false
    }

    private func completeListItems(
        _ itemType: GraphQLTypeRef, plan: FieldPlan, count: Int, item: (Int) -> (any Sendable)?, slot: Int
    ) -> Bool {
        let base = allocate(count)
        nodes[slot] = .list(base: base, count: count)
        for index in 0..<count {
            path.append(.index(index))
            let completed = completeValue(itemType, plan: plan, value: item(index), slot: base + index)
            path.removeLast()
            if !completed { return false }
        }
        return true
    }

    /// Object completion (spec §6.4.3): the merged subfields (cached per runtime type)
    /// executed on the value.
    func completeObjectValue(
        _ object: GraphQLObjectType, plan: FieldPlan, value: any Sendable, slot: Int
    ) -> Bool {
        let subplan = collectSubfields(plan, objectType: object)
        let base = allocate(subplan.fields.count)
        nodes[slot] = .object(subplan.shape, base: base)
        return executeSelectionSet(subplan, source: value, base: base)
    }
}

extension ExecutionState {
    /// Whether a resolver's value stands for `null`: a boxed `nil` optional or
    /// `GraphQLValue.null`. Most values are of types that can never be null (records,
    /// strings); which types can is remembered per request, so the casts are paid
    /// once per type rather than once per value.
    func isNull(_ value: any Sendable) -> Bool {
        let type = ObjectIdentifier(Swift.type(of: value))
        if let canBeNull = nullCapableTypes[type], !canBeNull { return false }
        let canBeNull = value is GraphQLValue || value is any OptionalProtocol
        nullCapableTypes[type] = canBeNull
        return canBeNull && isNullValue(value)
    }
}

/// Whether a resolver's value stands for `null`: a boxed `nil` optional or
/// `GraphQLValue.null`.
func isNullValue(_ value: any Sendable) -> Bool {
    if let graphQLValue = value as? GraphQLValue { return graphQLValue.isNull }
    if let optional = value as? any OptionalProtocol { return optional.isNone }
    return false
}

/// A resolver's list, read item by item. Why not `value as? [(any Sendable)?]`: that cast
/// builds a new array and casts every element dynamically (8% of the samples of a page of
/// 50 records, issue 17); here each item is boxed once, by code specialized for the array's type.
protocol CompletableList {
    var itemCount: Int { get }
    func item(at index: Int) -> (any Sendable)?
}

/// Unconditional, since a conformance cannot depend on `Sendable` (a marker protocol). The
/// executor only sees arrays that arrived as `any Sendable`, and an array is `Sendable` only
/// when its elements are: so each item is one, and `Any` and `any Sendable` share a layout.
extension Array: CompletableList {
    var itemCount: Int { count }
    /// An item of the executor's own list type (introspection's lists) is returned as it is, so a
    /// nil item is nil and not an `Optional` boxed as a value that `isNull` must cast to unwrap.
    func item(at index: Int) -> (any Sendable)? {
        if Element.self == (any Sendable)?.self { return unsafeBitCast(self[index], to: (any Sendable)?.self) }
        return unsafeBitCast(self[index] as Any, to: (any Sendable).self)
    }
}

/// Lets ``isNullValue(_:)`` see a `nil` inside an existential.
protocol OptionalProtocol {
    var isNone: Bool { get }
}

extension Optional: OptionalProtocol {
    var isNone: Bool { self == nil }
}
