import GraphQLLanguage
import GraphQLType

/// Everything a validation rule may ask about the document being validated
/// (graphql-js `ValidationContext`): the schema, the document's fragments, the
/// fragments and variables each operation reaches, the type information of
/// the node being visited, and where to report errors.
///
/// One context serves one `validate` call; all rules share it, so what several
/// rules need (the fragment table, fragment spreads, variable usages) is
/// computed once. Variable usages are recorded during the single validation
/// walk, so rules asking once the walk has left the document (as the variable
/// rules do) get them for free; asked earlier, the definitions the walk has not
/// finished yet are walked on their own.
public final class ValidationContext {
    public let schema: GraphQLSchema
    public let document: DocumentNode
    /// Type information of the node being visited.
    public internal(set) var typeInfo: TypeInfo

    /// Fragment definitions by name; the last of duplicated names wins, as in graphql-js.
    public let fragments: [String: FragmentDefinitionNode]
    /// Definition index (in `document.definitions`) of each fragment in `fragments`.
    private let fragmentDefinitionIndex: [String: Int]
    /// Definition index of each operation, by its start offset.
    private let operationIndexByStart: [Int: Int]
    private var spreadsByFragment: [String: [FragmentSpreadNode]] = [:]
    private var referencedFragmentsCache: [Int: [FragmentDefinitionNode]] = [:]
    private var recursiveUsagesCache: [Int: [VariableUsage]] = [:]
    /// Variable usages per definition index, recorded by the validation walk.
    var usagesByDefinition: [[VariableUsage]]
    /// Whether the walk has left each definition (so its usages are complete).
    var completedDefinitions: [Bool]

    public private(set) var errors: [GraphQLError] = []
    let maxErrors: Int
    /// Set once `maxErrors` is exceeded; the walk then stops.
    public private(set) var isAborted = false

    init(schema: GraphQLSchema, document: DocumentNode, maxErrors: Int) {
        self.schema = schema
        self.document = document
        self.maxErrors = maxErrors
        self.typeInfo = TypeInfo(schema: schema)
        var fragments: [String: FragmentDefinitionNode] = [:]
        var fragmentDefinitionIndex: [String: Int] = [:]
        var operationIndexByStart: [Int: Int] = [:]
        for (index, definition) in document.definitions.enumerated() {
            switch definition {
            case .fragment(let fragment):
                fragments[fragment.name.value] = fragment
                fragmentDefinitionIndex[fragment.name.value] = index
            case .operation(let operation):
                if let start = operation.loc?.start { operationIndexByStart[start] = index }
            default:
                break
            }
        }
        self.operationIndexByStart = operationIndexByStart
        self.fragments = fragments
        self.fragmentDefinitionIndex = fragmentDefinitionIndex
        usagesByDefinition = Array(repeating: [], count: document.definitions.count)
        completedDefinitions = Array(repeating: false, count: document.definitions.count)
    }

    /// Records a validation error; past `maxErrors`, records graphql-js's
    /// "Too many validation errors" error instead and aborts the validation.
    public func report(_ error: GraphQLError) {
        guard !isAborted else { return }
        if errors.count >= maxErrors {
            errors.append(GraphQLError("Too many validation errors, error limit reached. Validation aborted."))
            isAborted = true
            return
        }
        errors.append(error)
    }

    /// Records an error about `nodes` (see ``report(_:)``).
    public func report(_ message: String, nodes: [any ASTNode]) {
        guard !isAborted else { return }
        report(GraphQLError(message, nodes: nodes))
    }

    // MARK: Type information of the visited node

    /// The output type of the current selection.
    public var type: GraphQLTypeRef? { typeInfo.type }
    /// The composite type whose selection set is being visited.
    public var parentType: TypeID? { typeInfo.parentType }
    /// The input type expected for the current value.
    public var inputType: GraphQLTypeRef? { typeInfo.inputType }
    /// The input type of the enclosing list or input object value.
    public var parentInputType: GraphQLTypeRef? { typeInfo.parentInputType }
    /// The definition of the current field.
    public var fieldDefinition: GraphQLField? { typeInfo.fieldDefinition }
    /// The directive whose arguments are being visited.
    public var directive: GraphQLDirective? { typeInfo.directive }
    /// The definition of the current argument.
    public var argument: GraphQLInputValue? { typeInfo.argument }

    // MARK: Fragments

    /// The fragment named `name`.
    public func fragment(named name: String) -> FragmentDefinitionNode? { fragments[name] }

    /// The fragment spreads in a selection set, nested ones included but not
    /// those inside the spread fragments (graphql-js `getFragmentSpreads`, same order).
    public func fragmentSpreads(in selectionSet: SelectionSetNode) -> [FragmentSpreadNode] {
        var spreads: [FragmentSpreadNode] = []
        var setsToVisit = [selectionSet]
        while let set = setsToVisit.popLast() {
            for selection in set.selections {
                switch selection {
                case .fragmentSpread(let spread): spreads.append(spread)
                case .field(let field): if let nested = field.selectionSet { setsToVisit.append(nested) }
                case .inlineFragment(let inline): setsToVisit.append(inline.selectionSet)
                }
            }
        }
        return spreads
    }

    /// The spreads inside the fragment named `name` (see ``fragmentSpreads(in:)``), cached.
    public func fragmentSpreads(ofFragment name: String) -> [FragmentSpreadNode] {
        if let cached = spreadsByFragment[name] { return cached }
        guard let fragment = fragments[name] else { return [] }
        let spreads = fragmentSpreads(in: fragment.selectionSet)
        spreadsByFragment[name] = spreads
        return spreads
    }

    /// The fragments an operation uses, directly or through other fragments
    /// (graphql-js `getRecursivelyReferencedFragments`, same order).
    public func recursivelyReferencedFragments(of operation: OperationDefinitionNode) -> [FragmentDefinitionNode] {
        let key = operation.loc?.start ?? -1
        if let cached = referencedFragmentsCache[key] { return cached }
        var result: [FragmentDefinitionNode] = []
        var collected: Set<String> = []
        var toVisit: [[FragmentSpreadNode]] = [fragmentSpreads(in: operation.selectionSet)]
        while let spreads = toVisit.popLast() {
            for spread in spreads {
                let name = spread.name.value
                guard collected.insert(name).inserted, let fragment = fragments[name] else { continue }
                result.append(fragment)
                toVisit.append(fragmentSpreads(ofFragment: name))
            }
        }
        if key >= 0 { referencedFragmentsCache[key] = result }
        return result
    }

    // MARK: Variable usages

    /// The variables used in an operation and in every fragment it reaches, each
    /// with its expected type (graphql-js `getRecursiveVariableUsages`).
    /// Definitions the validation walk has not finished are walked on their own.
    public func recursiveVariableUsages(of operation: OperationDefinitionNode) -> [VariableUsage] {
        guard let operationIndex = definitionIndex(of: operation) else { return [] }
        if let cached = recursiveUsagesCache[operationIndex] { return cached }
        var usages = variableUsages(ofDefinitionAt: operationIndex)
        for fragment in recursivelyReferencedFragments(of: operation) {
            if let index = fragmentDefinitionIndex[fragment.name.value] {
                usages.append(contentsOf: variableUsages(ofDefinitionAt: index))
            }
        }
        // Every part is complete (a definition the validation walk has not
        // finished was walked on its own), so the result can be kept.
        recursiveUsagesCache[operationIndex] = usages
        return usages
    }

    private func definitionIndex(of operation: OperationDefinitionNode) -> Int? {
        if let start = operation.loc?.start { return operationIndexByStart[start] }
        return document.definitions.firstIndex {
            if case .operation(let candidate) = $0 { candidate.loc == operation.loc && candidate == operation }
            else { false }
        }
    }

    private func variableUsages(ofDefinitionAt index: Int) -> [VariableUsage] {
        if !completedDefinitions[index] {
            var collector = VariableUsageCollector(typeInfo: TypeInfo(schema: schema))
            var walker = ASTWalker(visitor: collector)
            switch document.definitions[index] {
            case .operation(let operation): walker.walk(operation)
            case .fragment(let fragment): walker.walk(fragment)
            default: break
            }
            collector = walker.visitor
            usagesByDefinition[index] = collector.usages
            completedDefinitions[index] = true
        }
        return usagesByDefinition[index]
    }
}
