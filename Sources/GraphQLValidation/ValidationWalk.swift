import GraphQLLanguage
import GraphQLType

/// The one walk over the document that runs every rule (graphql-js
/// `visitWithTypeInfo(typeInfo, visitInParallel(rules))`).
///
/// Type information is updated before the rules enter a node and after they
/// leave it. Variable usages are recorded as they are met, so no rule needs a
/// second walk to find them. Rules are called only for the node kinds they
/// handle (``RuleDispatcher``), while the walk goes through every node for type
/// information and usages. It stops as soon as the context has aborted (too
/// many errors).
struct ValidationWalk: ASTVisitor {
    let context: ValidationContext
    var rules: RuleDispatcher
    /// Index in `document.definitions` of the definition being walked.
    private var definitionIndex = -1
    /// Index of the next operation or fragment in `document.definitions`.
    private var nextDefinition = 0

    init(context: ValidationContext, rules: RuleDispatcher) {
        self.context = context
        self.rules = rules
    }

    /// Calls the rules handling `kind`; the walk itself always goes on (type
    /// information and variable usages need every node) until validation aborts.
    private mutating func enterRules(
        _ kind: ValidationNodeKinds, _ call: (inout any ASTVisitor) -> VisitAction
    ) -> VisitAction {
        rules.enter(kind, call)
        return context.isAborted ? .stop : .continue
    }

    private mutating func leaveRules(_ kind: ValidationNodeKinds, _ call: (inout any ASTVisitor) -> Void) {
        rules.leave(kind, call)
    }

    mutating func enter(_ node: DocumentNode) -> VisitAction {
        enterRules(.document) { $0.enter(node) }
    }

    mutating func leave(_ node: DocumentNode) {
        leaveRules(.document) { $0.leave(node) }
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
        return enterRules(.operationDefinition) { $0.enter(node) }
    }

    mutating func leave(_ node: OperationDefinitionNode) {
        endDefinition()
        leaveRules(.operationDefinition) { $0.leave(node) }
        context.typeInfo.leave(node)
    }

    mutating func enter(_ node: FragmentDefinitionNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        beginDefinition()
        context.typeInfo.enter(node)
        return enterRules(.fragmentDefinition) { $0.enter(node) }
    }

    mutating func leave(_ node: FragmentDefinitionNode) {
        endDefinition()
        leaveRules(.fragmentDefinition) { $0.leave(node) }
        context.typeInfo.leave(node)
    }

    mutating func enter(_ node: VariableDefinitionNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        context.typeInfo.enter(node)
        return enterRules(.variableDefinition) { $0.enter(node) }
    }

    mutating func leave(_ node: VariableDefinitionNode) {
        leaveRules(.variableDefinition) { $0.leave(node) }
        context.typeInfo.leave(node)
    }

    mutating func enter(_ node: SelectionSetNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        context.typeInfo.enter(node)
        return enterRules(.selectionSet) { $0.enter(node) }
    }

    mutating func leave(_ node: SelectionSetNode) {
        leaveRules(.selectionSet) { $0.leave(node) }
        context.typeInfo.leave(node)
    }

    mutating func enter(_ node: FieldNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        context.typeInfo.enter(node)
        return enterRules(.field) { $0.enter(node) }
    }

    mutating func leave(_ node: FieldNode) {
        leaveRules(.field) { $0.leave(node) }
        context.typeInfo.leave(node)
    }

    mutating func enter(_ node: ArgumentNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        context.typeInfo.enter(node)
        return enterRules(.argument) { $0.enter(node) }
    }

    mutating func leave(_ node: ArgumentNode) {
        leaveRules(.argument) { $0.leave(node) }
        context.typeInfo.leave(node)
    }

    mutating func enter(_ node: FragmentSpreadNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        return enterRules(.fragmentSpread) { $0.enter(node) }
    }

    mutating func leave(_ node: FragmentSpreadNode) {
        leaveRules(.fragmentSpread) { $0.leave(node) }
    }

    mutating func enter(_ node: InlineFragmentNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        context.typeInfo.enter(node)
        return enterRules(.inlineFragment) { $0.enter(node) }
    }

    mutating func leave(_ node: InlineFragmentNode) {
        leaveRules(.inlineFragment) { $0.leave(node) }
        context.typeInfo.leave(node)
    }

    mutating func enter(_ node: DirectiveNode, location: DirectiveLocation) -> VisitAction {
        guard !context.isAborted else { return .stop }
        context.typeInfo.enter(node)
        return enterRules(.directive) { $0.enter(node, location: location) }
    }

    mutating func leave(_ node: DirectiveNode, location: DirectiveLocation) {
        leaveRules(.directive) { $0.leave(node, location: location) }
        context.typeInfo.leave(node)
    }

    mutating func enter(_ node: NamedTypeNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        return enterRules(.namedType) { $0.enter(node) }
    }

    mutating func leave(_ node: NamedTypeNode) {
        leaveRules(.namedType) { $0.leave(node) }
    }

    mutating func enter(_ node: ValueNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        // A definition whose usages a rule already asked for was walked on its own.
        if case .variable(let variable) = node, definitionIndex >= 0, !context.completedDefinitions[definitionIndex] {
            context.usagesByDefinition[definitionIndex].append(context.typeInfo.usage(of: variable))
        }
        context.typeInfo.enter(node)
        return enterRules(.value) { $0.enter(node) }
    }

    mutating func leave(_ node: ValueNode) {
        leaveRules(.value) { $0.leave(node) }
        context.typeInfo.leave(node)
    }

    mutating func enter(_ node: ObjectFieldNode) -> VisitAction {
        guard !context.isAborted else { return .stop }
        context.typeInfo.enter(node)
        return enterRules(.objectField) { $0.enter(node) }
    }

    mutating func leave(_ node: ObjectFieldNode) {
        leaveRules(.objectField) { $0.leave(node) }
        context.typeInfo.leave(node)
    }
}
