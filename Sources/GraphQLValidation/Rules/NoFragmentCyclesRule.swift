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

    /// Depth first from `root` with an explicit stack (a long chain of fragments
    /// must not exhaust the thread's stack), in graphql-js's order.
    private mutating func detectCycles(from root: String) {
        let rootSpreads = context.fragmentSpreads(ofFragment: root)
        guard visited.insert(root).inserted, !rootSpreads.isEmpty else { return }
        var frames: [(name: String, spreads: [FragmentSpreadNode], next: Int)] = [(root, rootSpreads, 0)]
        while let top = frames.last {
            guard top.next < top.spreads.count else {
                frames.removeLast()
                // The spread that led into the finished fragment leaves the path.
                if !frames.isEmpty { spreadPath.removeLast() }
                continue
            }
            frames[frames.count - 1].next += 1
            let spread = top.spreads[top.next]
            let spreadName = spread.name.value
            // Where the spread fragment's own spreads start on the path, if it is
            // being explored: the path is short, a scan beats a dictionary.
            var cycleStart = spreadPath.firstIndex { $0.from == spreadName }
            if spreadName == top.name { cycleStart = spreadPath.count }
            spreadPath.append((spread, top.name))
            if let cycleStart {
                let cycle = spreadPath[cycleStart...].map(\.spread)
                let via = cycle.dropLast().map { "\"" + $0.name.value + "\"" }.joined(separator: ", ")
                context.report(
                    "Cannot spread fragment \"\(spreadName)\" within itself" + (via.isEmpty ? "." : " via \(via)."),
                    nodes: cycle)
                spreadPath.removeLast()
                continue
            }
            let spreads = context.fragmentSpreads(ofFragment: spreadName)
            if context.fragment(named: spreadName) != nil, visited.insert(spreadName).inserted, !spreads.isEmpty {
                frames.append((spreadName, spreads, 0))
            } else {
                spreadPath.removeLast()
            }
        }
    }
}

extension ValidationRule {
    public static let noFragmentCycles = ValidationRule(name: "NoFragmentCyclesRule", visits: .fragmentDefinition) {
        NoFragmentCyclesRule(context: $0)
    }
}
