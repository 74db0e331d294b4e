import GraphQLLanguage

/// Introspection may nest its list fields (`fields`, `interfaces`,
/// `possibleTypes`, `inputFields`) at most two deep below `__schema` or
/// `__type`, counted through fragments.
///
/// Not in the October 2021 spec: graphql-js 16.9 added it to its recommended
/// rules (`MaxIntrospectionDepthRule`, part of `specifiedRules`; graphql-core
/// 3.2.8 too) because an introspection query such as
/// `__schema { types { fields { type { fields { type { fields … } } } } } }`
/// answers a response that grows with the schema to the power of its depth,
/// while the standard introspection query nests these lists one deep. Same
/// message and location as graphql-js. Unlike graphql-js, whose walk restarts
/// a fragment at every spread, a fragment's verdict is memoised per entering
/// depth (there are only three), so many spreads cannot make it slow.
struct MaxIntrospectionDepthRule: ASTVisitor {
    /// graphql-js's `MAX_LISTS_DEPTH`: the third nested list is refused.
    static let maximumListsDepth = 3
    static let listFields: Set<String> = ["fields", "interfaces", "possibleTypes", "inputFields"]

    let context: ValidationContext
    /// A fragment's verdict per depth at which it is entered.
    private var verdicts: [String: [Int: Bool]] = [:]
    /// The fragments being checked, outermost first: a spread of one of them closes a cycle.
    private var checking: Set<String> = []

    init(context: ValidationContext) {
        self.context = context
    }

    mutating func enter(_ node: FieldNode) -> VisitAction {
        let name = node.name.value
        guard name == "__schema" || name == "__type" else { return .continue }
        guard exceeds(node.selectionSet, depth: 0) else { return .continue }
        context.report("Maximum introspection depth exceeded", nodes: [node])
        return .skipChildren
    }

    /// Whether `selectionSet`, entered at `depth` nested lists, reaches the maximum.
    private mutating func exceeds(_ selectionSet: SelectionSetNode?, depth: Int) -> Bool {
        guard let selectionSet else { return false }
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                let nested = Self.listFields.contains(field.name.value) ? depth + 1 : depth
                if nested >= Self.maximumListsDepth || exceeds(field.selectionSet, depth: nested) { return true }
            case .inlineFragment(let inline):
                if exceeds(inline.selectionSet, depth: depth) { return true }
            case .fragmentSpread(let spread):
                if fragmentExceeds(spread.name.value, depth: depth) { return true }
            }
        }
        return false
    }

    /// A spread fragment's verdict; unknown fragments and spreads that close a cycle
    /// (both reported by other rules) count as nothing, as in graphql-js.
    private mutating func fragmentExceeds(_ name: String, depth: Int) -> Bool {
        if let known = verdicts[name]?[depth] { return known }
        guard !checking.contains(name), let fragment = context.fragment(named: name) else { return false }
        checking.insert(name)
        let verdict = exceeds(fragment.selectionSet, depth: depth)
        checking.remove(name)
        verdicts[name, default: [:]][depth] = verdict
        return verdict
    }
}

extension ValidationRule {
    public static let maxIntrospectionDepth = ValidationRule(name: "MaxIntrospectionDepthRule", visits: .field) {
        MaxIntrospectionDepthRule(context: $0)
    }
}
