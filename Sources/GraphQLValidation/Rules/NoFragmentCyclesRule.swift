import GraphQLLanguage

/// Fragment spreads form no cycle, which would make the selection infinite
/// ([spec §5.5.2.2](https://spec.graphql.org/October2021/#sec-Fragment-spreads-must-not-form-cycles)).
///
/// Each fragment is explored once, depth first along its spreads; a spread of a
/// fragment already on the current path closes a cycle, reported with the path.
struct NoFragmentCyclesRule: ASTVisitor {
    let context: ValidationContext
    private var visited: Set<String> = []
    /// The spreads followed from the fragment being explored, and for each, the
    /// name of the fragment it was found in.
    private var spreadPath: [(spread: FragmentSpreadNode, from: String)] = []

    init(context: ValidationContext) {
        self.context = context
    }

    mutating func enter(_ node: FragmentDefinitionNode) -> VisitAction {
        detectCycles(from: node.name.value)
        return .skipChildren
    }

    private mutating func detectCycles(from fragmentName: String) {
        let spreads = context.fragmentSpreads(ofFragment: fragmentName)
        guard visited.insert(fragmentName).inserted, !spreads.isEmpty else { return }
        for spread in spreads {
            let spreadName = spread.name.value
            // Where the spread fragment's own spreads start on the path, if it is
            // being explored: the path is short, a scan beats a dictionary.
            var cycleStart = spreadPath.firstIndex { $0.from == spreadName }
            if spreadName == fragmentName { cycleStart = spreadPath.count }
            spreadPath.append((spread, fragmentName))
            if let cycleStart {
                let cycle = spreadPath[cycleStart...].map(\.spread)
                let via = cycle.dropLast().map { "\"" + $0.name.value + "\"" }.joined(separator: ", ")
                context.report(
                    "Cannot spread fragment \"\(spreadName)\" within itself" + (via.isEmpty ? "." : " via \(via)."),
                    nodes: cycle)
            } else if context.fragment(named: spreadName) != nil {
                detectCycles(from: spreadName)
            }
            spreadPath.removeLast()
        }
    }
}

extension ValidationRule {
    public static let noFragmentCycles = ValidationRule(name: "NoFragmentCyclesRule", visits: .fragmentDefinition) {
        NoFragmentCyclesRule(context: $0)
    }
}
