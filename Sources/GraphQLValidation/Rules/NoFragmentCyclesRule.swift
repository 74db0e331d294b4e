import GraphQLLanguage

/// Fragment spreads form no cycle, which would make the selection infinite
/// ([spec §5.5.2.2](https://spec.graphql.org/October2021/#sec-Fragment-spreads-must-not-form-cycles)).
///
/// Each fragment is explored once, depth first along its spreads; a spread of a
/// fragment already on the current path closes a cycle, reported with the path.
struct NoFragmentCyclesRule: ASTVisitor {
    let context: ValidationContext
    private var visited: Set<String> = []
    private var spreadPath: [FragmentSpreadNode] = []
    private var pathIndexByName: [String: Int] = [:]

    init(context: ValidationContext) {
        self.context = context
    }

    mutating func enter(_ node: OperationDefinitionNode) -> VisitAction { .skipChildren }

    mutating func enter(_ node: FragmentDefinitionNode) -> VisitAction {
        detectCycles(from: node.name.value)
        return .skipChildren
    }

    private mutating func detectCycles(from fragmentName: String) {
        guard visited.insert(fragmentName).inserted else { return }
        let spreads = context.fragmentSpreads(ofFragment: fragmentName)
        guard !spreads.isEmpty else { return }
        pathIndexByName[fragmentName] = spreadPath.count
        for spread in spreads {
            let spreadName = spread.name.value
            spreadPath.append(spread)
            if let cycleStart = pathIndexByName[spreadName] {
                let cycle = Array(spreadPath[cycleStart...])
                let via = cycle.dropLast().map { "\"" + $0.name.value + "\"" }.joined(separator: ", ")
                context.report(
                    "Cannot spread fragment \"\(spreadName)\" within itself" + (via.isEmpty ? "." : " via \(via)."),
                    nodes: cycle)
            } else if context.fragment(named: spreadName) != nil {
                detectCycles(from: spreadName)
            }
            spreadPath.removeLast()
        }
        pathIndexByName[fragmentName] = nil
    }
}

extension ValidationRule {
    public static let noFragmentCycles = ValidationRule(name: "NoFragmentCyclesRule") {
        NoFragmentCyclesRule(context: $0)
    }
}
