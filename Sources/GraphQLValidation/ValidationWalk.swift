import GraphQLLanguage
import GraphQLType

/// The one walk over the document that runs every rule (graphql-js
/// `visitWithTypeInfo(typeInfo, visitInParallel(rules))`).
///
/// Type information is updated before the rules enter a node and after they
/// leave it. Variable usages are recorded as they are met, so no rule needs a
/// second walk to find them. A subtree every rule skips is still walked for
/// type information and usages, without calling the rules. The walk stops as
/// soon as the context has aborted (too many errors).
struct ValidationWalk: ASTVisitor {
    let context: ValidationContext
    var rules: ParallelVisitor
    /// Depth inside a subtree the rules skipped; 0 when the rules are called.
    private var skippedDepth = 0
    /// Index in `document.definitions` of the definition being walked.
    private var definitionIndex = -1
    /// Index of the next operation or fragment in `document.definitions`.
    private var nextDefinition = 0

    init(context: ValidationContext, rules: [any ASTVisitor]) {
        self.context = context
        self.rules = ParallelVisitor(rules)
    }

    /// Calls the rules' `enter` unless inside a skipped subtree.
    private mutating func enterRules(_ call: (inout ParallelVisitor) -> VisitAction) -> VisitAction {
        if skippedDepth > 0 {
            skippedDepth += 1
            return .continue
        }
        switch call(&rules) {
        case .continue: return context.isAborted ? .stop : .continue
        case .skipChildren:
            skippedDepth = 1
            return context.isAborted ? .stop : .continue
        case .stop: return .stop
        }
    }

    /// Calls the rules' `leave` unless inside (or at the root of) a skipped subtree.
    private mutating func leaveRules(_ call: (inout ParallelVisitor) -> Void) {
        if skippedDepth > 0 {
            skippedDepth -= 1
            return
        }
        call(&rules)
    }

    mutating func enter(_ node: DocumentNode) -> VisitAction {
        enterRules { $0.enter(node) }
    }

    mutating func leave(_ node: DocumentNode) {
        leaveRules { $0.leave(node) }
    }

    /// Finds the index of the operation or fragment being entered: the walker
    /// visits executable definitions in document order.
    private mutating func beginDefinition() {
        let definitions = context.document.definitions
        while nextDefinition < definitions.count, !definitions[nextDefinition].isExecutable {
            nextDefinition += 1
        }
        definitionIndex = nextDefinition
        nextDefinition += 1
    }

    private mutating func endDefinition() {
        if definitionIndex >= 0, definitionIndex < context.completedDefinitions.count {
            context.completedDefinitions[definitionIndex] = true
        }
        definitionIndex = -1
    }

    mutating func enter(_ node: OperationDefinitionNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        beginDefinition()
        context.typeInfo.enter(node)
        return enterRules { $0.enter(node) }
    }

    mutating func leave(_ node: OperationDefinitionNode) {
        endDefinition()
        leaveRules { $0.leave(node) }
        context.typeInfo.leave(node)
    }

    mutating func enter(_ node: FragmentDefinitionNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        beginDefinition()
        context.typeInfo.enter(node)
        return enterRules { $0.enter(node) }
    }

    mutating func leave(_ node: FragmentDefinitionNode) {
        endDefinition()
        leaveRules { $0.leave(node) }
        context.typeInfo.leave(node)
    }

    mutating func enter(_ node: VariableDefinitionNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        context.typeInfo.enter(node)
        return enterRules { $0.enter(node) }
    }

    mutating func leave(_ node: VariableDefinitionNode) {
        leaveRules { $0.leave(node) }
        context.typeInfo.leave(node)
    }

    mutating func enter(_ node: SelectionSetNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        context.typeInfo.enter(node)
        return enterRules { $0.enter(node) }
    }

    mutating func leave(_ node: SelectionSetNode) {
        leaveRules { $0.leave(node) }
        context.typeInfo.leave(node)
    }

    mutating func enter(_ node: FieldNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        context.typeInfo.enter(node)
        return enterRules { $0.enter(node) }
    }

    mutating func leave(_ node: FieldNode) {
        leaveRules { $0.leave(node) }
        context.typeInfo.leave(node)
    }

    mutating func enter(_ node: ArgumentNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        context.typeInfo.enter(node)
        return enterRules { $0.enter(node) }
    }

    mutating func leave(_ node: ArgumentNode) {
        leaveRules { $0.leave(node) }
        context.typeInfo.leave(node)
    }

    mutating func enter(_ node: FragmentSpreadNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        return enterRules { $0.enter(node) }
    }

    mutating func leave(_ node: FragmentSpreadNode) {
        leaveRules { $0.leave(node) }
    }

    mutating func enter(_ node: InlineFragmentNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        context.typeInfo.enter(node)
        return enterRules { $0.enter(node) }
    }

    mutating func leave(_ node: InlineFragmentNode) {
        leaveRules { $0.leave(node) }
        context.typeInfo.leave(node)
    }

    mutating func enter(_ node: DirectiveNode, location: DirectiveLocation) -> VisitAction {
        guard !context.isAborted else { return .stop }
        context.typeInfo.enter(node)
        return enterRules { $0.enter(node, location: location) }
    }

    mutating func leave(_ node: DirectiveNode, location: DirectiveLocation) {
        leaveRules { $0.leave(node, location: location) }
        context.typeInfo.leave(node)
    }

    mutating func enter(_ node: NamedTypeNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        return enterRules { $0.enter(node) }
    }

    mutating func leave(_ node: NamedTypeNode) {
        leaveRules { $0.leave(node) }
    }

    mutating func enter(_ node: ValueNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        // A definition whose usages a rule already asked for was walked on its own.
        if case .variable(let variable) = node, definitionIndex >= 0, !context.completedDefinitions[definitionIndex] {
            context.usagesByDefinition[definitionIndex].append(context.typeInfo.usage(of: variable))
        }
        context.typeInfo.enter(node)
        return enterRules { $0.enter(node) }
    }

    mutating func leave(_ node: ValueNode) {
        leaveRules { $0.leave(node) }
        context.typeInfo.leave(node)
    }

    mutating func enter(_ node: ObjectFieldNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        context.typeInfo.enter(node)
        return enterRules { $0.enter(node) }
    }

    mutating func leave(_ node: ObjectFieldNode) {
        leaveRules { $0.leave(node) }
        context.typeInfo.leave(node)
    }
}
