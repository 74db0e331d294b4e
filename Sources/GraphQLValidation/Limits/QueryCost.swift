import GraphQLLanguage
import GraphQLType

/// How the cost of an operation is estimated (see ``estimatedCost(of:fragments:schema:options:)``).
public struct QueryCostOptions: Sendable, Equatable {
    /// The cost of a field whose definition has no `@cost(weight:)`.
    public var defaultFieldCost: Int
    /// The size assumed for a list when no `first`/`last` value is known.
    public var defaultListSize: Int
    /// The request's variable values, when known; otherwise a variable's default
    /// (in the operation, then in the argument's definition) is used.
    public var variableValues: [String: GraphQLValue]?
    /// The flat cost of an introspection field (`__schema`, `__type`), whatever it selects.
    ///
    /// Introspection reads the in-memory schema, whose size the server fixes, and
    /// touches no database; counted as lists of `defaultListSize` nested seven
    /// deep (the `ofType` chain), the standard introspection query that GraphiQL
    /// and codegen tools send would cost about 50,000 and be refused. Its answer
    /// stays bounded: by the depth limit and by ``ValidationRule/maxIntrospectionDepth``,
    /// which refuses the nested `fields { type { fields … } }` that makes it grow.
    public var introspectionFieldCost: Int

    public init(
        defaultFieldCost: Int = 1, defaultListSize: Int = 10, variableValues: [String: GraphQLValue]? = nil,
        introspectionFieldCost: Int = 100
    ) {
        self.defaultFieldCost = defaultFieldCost
        self.defaultListSize = defaultListSize
        self.variableValues = variableValues
        self.introspectionFieldCost = introspectionFieldCost
    }
}

/// An estimate of the work an operation asks for, counted through fragments.
///
/// Each field costs its definition's `@cost(weight: Int)` when the schema defines
/// that directive on it, else `defaultFieldCost`, and a field's subselection is
/// multiplied by the number of items it may return:
/// - a field with a `first` or `last` argument returns that many (the larger of
///   the two when both are given); the value is the literal, the variable's value,
///   the variable's default, the argument's default, else `defaultListSize`;
/// - a list field without them is `defaultListSize` long, except directly inside
///   such a paginated field that is not a list itself (a Relay connection, whose
///   `edges` and `nodes` are the page `first` already counted).
///
/// `cost(field) = weight + items × cost(subselection)`; the total saturates at
/// `Int.max`. The introspection fields `__schema` and `__type` cost
/// `introspectionFieldCost` each, their subselection included. A server limit rather than a spec rule: the spec leaves resource
/// limits to implementations (§5 "Validation").
public func estimatedCost(
    of operation: OperationDefinitionNode, fragments: [String: FragmentDefinitionNode], schema: GraphQLSchema,
    options: QueryCostOptions = QueryCostOptions()
) -> Int {
    let estimator = QueryCostEstimator(
        schema: schema, fragments: fragments, options: options,
        variableDefaults: Dictionary(
            operation.variableDefinitions.compactMap { definition in
                definition.defaultValue.map { (definition.variable.name.value, $0) }
            },
            uniquingKeysWith: { first, _ in first }))
    var evaluation = FragmentSpreadEvaluation<QueryCostEstimator.FragmentKey>(combination: .weightedSum) { key in
        estimator.summary(ofFragment: key)
    }
    let root = schema.rootType(for: operation.operation)?.id
    return evaluation.value(of: estimator.summary(of: operation.selectionSet, parentType: root, insidePage: false))
}

/// Summarizes selection sets for the cost estimate; fragments are keyed by name and by
/// whether they are spread directly inside a paginated field (which changes what their
/// list fields cost).
struct QueryCostEstimator {
    struct FragmentKey: Hashable {
        let name: String
        let insidePage: Bool
    }

    let schema: GraphQLSchema
    let fragments: [String: FragmentDefinitionNode]
    let options: QueryCostOptions
    let variableDefaults: [String: ValueNode]

    func summary(ofFragment key: FragmentKey) -> SpreadSummary<FragmentKey>? {
        guard let fragment = fragments[key.name] else { return nil }
        let type = schema.typeID(named: fragment.typeCondition.name.value)
        return summary(of: fragment.selectionSet, parentType: type, insidePage: key.insidePage)
    }

    func summary(of selectionSet: SelectionSetNode, parentType: TypeID?, insidePage: Bool) -> SpreadSummary<FragmentKey> {
        var summary = SpreadSummary<FragmentKey>()
        add(selectionSet, parentType: parentType, multiplier: 1, insidePage: insidePage, to: &summary)
        return summary
    }

    /// Adds the cost of `selectionSet`'s fields, each counted `multiplier` times.
    private func add(
        _ selectionSet: SelectionSetNode, parentType: TypeID?, multiplier: Int, insidePage: Bool,
        to summary: inout SpreadSummary<FragmentKey>
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if field.name.value == "__schema" || field.name.value == "__type" {
                    let weight = saturatingMultiply(multiplier, max(0, options.introspectionFieldCost))
                    summary.local = saturatingAdd(summary.local, weight)
                    continue
                }
                let definition = parentType.flatMap { schema.field(named: field.name.value, in: $0) }
                let weight = definition.flatMap(costWeight) ?? options.defaultFieldCost
                summary.local = saturatingAdd(summary.local, saturatingMultiply(multiplier, max(0, weight)))
                guard let nested = field.selectionSet else { continue }
                let (items, childrenInsidePage) = itemCount(of: field, definition: definition, insidePage: insidePage)
                add(
                    nested, parentType: definition?.type.namedType, multiplier: saturatingMultiply(multiplier, items),
                    insidePage: childrenInsidePage, to: &summary)
            case .fragmentSpread(let spread):
                summary.spreads.append((FragmentKey(name: spread.name.value, insidePage: insidePage), multiplier))
            case .inlineFragment(let inline):
                var type = parentType
                if let condition = inline.typeCondition { type = schema.typeID(named: condition.name.value) }
                add(inline.selectionSet, parentType: type, multiplier: multiplier, insidePage: insidePage, to: &summary)
            }
        }
    }

    /// The `weight` of `@cost(weight:)` on a field definition.
    private func costWeight(_ definition: GraphQLField) -> Int? {
        definition.directives.first(named: "cost")?.arguments["weight"]?.intValue
    }

    /// How many times a field's subselection is counted, and whether that
    /// subselection is a page a `first`/`last` argument already sized.
    private func itemCount(of field: FieldNode, definition: GraphQLField?, insidePage: Bool) -> (Int, Bool) {
        guard let definition else { return (1, false) }
        let isList = definition.type.nullable.isList
        let pageArguments = ["first", "last"].compactMap { definition.argument(named: $0) }
        if !pageArguments.isEmpty {
            let sizes = pageArguments.compactMap { pageSize(field, $0) }
            return (sizes.max() ?? options.defaultListSize, !isList)
        }
        if isList { return (insidePage ? 1 : options.defaultListSize, false) }
        return (1, false)
    }

    /// The value of a `first`/`last` argument: given, through a variable, or its default.
    private func pageSize(_ field: FieldNode, _ argument: GraphQLInputValue) -> Int? {
        let given = field.arguments.first { $0.name.value == argument.name }?.value
        let size: Int?
        switch given {
        case .int(let literal):
            size = Int(literal.value)
        case .variable(let variable):
            let name = variable.name.value
            if let value = options.variableValues?[name], !value.isNull {
                size = value.intValue
            } else if case .int(let literal)? = variableDefaults[name] {
                size = Int(literal.value)
            } else {
                size = argument.defaultValue?.intValue
            }
        default:
            size = argument.defaultValue?.intValue
        }
        return size.map { max(0, $0) }
    }
}
