import GraphQLLanguage
import GraphQLType

/// Field nodes grouped by response key, in the order keys first appear.
struct CollectedFields {
    var keys: [String] = []
    var groups: [[FieldNode]] = []
    var index: [String: Int] = [:]

    mutating func add(_ field: FieldNode) {
        let key = field.responseKey
        if let position = index[key] {
            groups[position].append(field)
        } else {
            index[key] = keys.count
            keys.append(key)
            groups.append([field])
        }
    }
}

extension ExecutionState {
    /// CollectFields (spec §6.3.2): the fields of `selectionSet` that apply to
    /// `objectType`, following fragments once each and honouring `@skip`/`@include`.
    func collectFields(
        _ objectType: GraphQLObjectType, selectionSet: SelectionSetNode, into fields: inout CollectedFields,
        visitedFragments: inout Set<String>
    ) {
        for selection in selectionSet.selections {
            guard shouldInclude(selection.directives) else { continue }
            switch selection {
            case .field(let field):
                fields.add(field)
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard visitedFragments.insert(name).inserted, let fragment = request.fragments[name],
                    doesFragmentTypeApply(objectType, condition: fragment.typeCondition.name.value)
                else { continue }
                collectFields(
                    objectType, selectionSet: fragment.selectionSet, into: &fields, visitedFragments: &visitedFragments)
            case .inlineFragment(let inline):
                if let condition = inline.typeCondition?.name.value,
                    !doesFragmentTypeApply(objectType, condition: condition)
                {
                    continue
                }
                collectFields(
                    objectType, selectionSet: inline.selectionSet, into: &fields, visitedFragments: &visitedFragments)
            }
        }
    }

    /// DoesFragmentTypeApply (spec §6.3.2): the object is the condition, or one of its possible types.
    private func doesFragmentTypeApply(_ objectType: GraphQLObjectType, condition: String) -> Bool {
        guard let conditionType = schema.typeID(named: condition) else { return false }
        if conditionType == objectType.id { return true }
        return schema[conditionType].isAbstractType && schema.isPossibleType(abstract: conditionType, object: objectType.id)
    }

    /// `@skip(if:)` and `@include(if:)` (spec §3.13.2, §3.13.3).
    private func shouldInclude(_ directives: [DirectiveNode]) -> Bool {
        for directive in directives {
            switch directive.name.value {
            case "skip" where condition(of: directive) == true: return false
            case "include" where condition(of: directive) == false: return false
            default: continue
            }
        }
        return true
    }

    private func condition(of directive: DirectiveNode) -> Bool? {
        guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else { return nil }
        switch argument.value {
        case .boolean(let literal): return literal.value
        case .variable(let variable): return request.variables[variable.name.value]?.boolValue
        default: return nil
        }
    }

    /// The plan of the root selection set (spec §6.2: the operation's selection set on
    /// the root type).
    func rootPlan(_ rootType: GraphQLObjectType) -> ObjectPlan {
        var fields = CollectedFields()
        var visited = Set<String>()
        collectFields(rootType, selectionSet: request.operation.selectionSet, into: &fields, visitedFragments: &visited)
        return makeObjectPlan(rootType, fields: fields)
    }

    /// CollectSubfields with MergeSelectionSets (spec §6.4.3): the selection sets of
    /// all of a field's nodes, collected on the runtime object type; computed once
    /// per field and object type in a request.
    func collectSubfields(_ plan: FieldPlan, objectType: GraphQLObjectType) -> ObjectPlan {
        for entry in plan.subplans where entry.type == objectType.id { return entry.plan }
        var fields = CollectedFields()
        var visited = Set<String>()
        for node in plan.selection.fieldNodes {
            if let selectionSet = node.selectionSet {
                collectFields(objectType, selectionSet: selectionSet, into: &fields, visitedFragments: &visited)
            }
        }
        let subplan = makeObjectPlan(objectType, fields: fields)
        plan.subplans.append((objectType.id, subplan))
        return subplan
    }

    private func makeObjectPlan(_ objectType: GraphQLObjectType, fields: CollectedFields) -> ObjectPlan {
        var plans: [FieldPlan] = []
        plans.reserveCapacity(fields.keys.count)
        for (position, key) in fields.keys.enumerated() {
            let nodes = fields.groups[position]
            let name = nodes[0].name.value
            // Unknown fields are a validation error (spec §5.3.1); execution skips them as graphql-js does.
            guard let definition = schema.field(named: name, in: objectType.id) else { continue }
            let binding = core.binding(type: objectType, field: name)
            let resolver = binding?.resolver ?? core.metaFieldResolvers[name]
            let selection = FieldSelection(responseKey: key, fieldNodes: nodes, field: definition, parentType: objectType)
            plans.append(
                FieldPlan(
                    selection: selection, resolver: resolver, guards: binding?.guards ?? [],
                    isTypeName: name == "__typename", schema: schema))
        }
        return ObjectPlan(type: objectType, fields: plans)
    }
}
