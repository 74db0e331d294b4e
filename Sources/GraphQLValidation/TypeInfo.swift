import GraphQLLanguage
import GraphQLType

/// What the schema says about the node being visited (graphql-js `TypeInfo`):
/// the output type and parent composite type of a selection, the field and
/// argument definitions, and the expected input type of a value.
///
/// Validation rules read it through ``ValidationContext``; the validation walk
/// updates it before the rules enter a node and after they leave it. Every
/// stack holds small values (type references, ids, class references), so the
/// walk allocates only when a stack first grows.
public struct TypeInfo {
    let schema: GraphQLSchema
    private var typeStack: [GraphQLTypeRef?] = []
    private var parentTypeStack: [TypeID?] = []
    private var inputTypeStack: [GraphQLTypeRef?] = []
    private var fieldDefinitionStack: [GraphQLField?] = []
    private var defaultValueStack: [GraphQLValue?] = []
    /// The directive whose arguments are being visited.
    public private(set) var directive: GraphQLDirective?
    /// The definition of the argument being visited.
    public private(set) var argument: GraphQLInputValue?

    public init(schema: GraphQLSchema) {
        self.schema = schema
        typeStack.reserveCapacity(16)
        parentTypeStack.reserveCapacity(16)
        inputTypeStack.reserveCapacity(8)
        fieldDefinitionStack.reserveCapacity(16)
        defaultValueStack.reserveCapacity(8)
    }

    /// The output type of the current selection (or operation, or fragment).
    public var type: GraphQLTypeRef? { typeStack.last ?? nil }
    /// The composite type whose selection set is being visited.
    public var parentType: TypeID? { parentTypeStack.last ?? nil }
    /// The input type expected for the current value.
    public var inputType: GraphQLTypeRef? { inputTypeStack.last ?? nil }
    /// The input type of the value enclosing the current one (a list or input object).
    public var parentInputType: GraphQLTypeRef? {
        inputTypeStack.count >= 2 ? inputTypeStack[inputTypeStack.count - 2] : nil
    }
    /// The definition of the current field.
    public var fieldDefinition: GraphQLField? { fieldDefinitionStack.last ?? nil }
    /// The default value of the argument or input field being visited, if any.
    public var defaultValue: GraphQLValue? { defaultValueStack.last ?? nil }

    /// The schema type a type reference names (graphql-js `typeFromAST`); nil when
    /// its named type is unknown.
    public static func typeRef(_ node: TypeNode, in schema: GraphQLSchema) -> GraphQLTypeRef? {
        switch node {
        case .named(let named): return schema.typeID(named: named.name.value).map(GraphQLTypeRef.named)
        case .list(let list): return typeRef(list.type, in: schema).flatMap(GraphQLTypeRef.list)
        case .nonNull(let nonNull): return typeRef(nonNull.type, in: schema).flatMap(GraphQLTypeRef.nonNull)
        }
    }

    private func isOutput(_ ref: GraphQLTypeRef?) -> GraphQLTypeRef? {
        guard let ref, schema[ref].isOutputType else { return nil }
        return ref
    }

    private func isInput(_ ref: GraphQLTypeRef?) -> GraphQLTypeRef? {
        guard let ref, schema[ref].isInputType else { return nil }
        return ref
    }

    mutating func enter(_ node: OperationDefinitionNode) {
        typeStack.append(schema.rootType(for: node.operation).map { .named($0.id) })
    }

    mutating func leave(_ node: OperationDefinitionNode) { typeStack.removeLast() }

    mutating func enter(_ node: SelectionSetNode) {
        var parent: TypeID?
        if let type, schema[type].isCompositeType { parent = type.namedType }
        parentTypeStack.append(parent)
    }

    mutating func leave(_ node: SelectionSetNode) { parentTypeStack.removeLast() }

    mutating func enter(_ node: FieldNode) {
        var field: GraphQLField?
        if let parentType { field = schema.field(named: node.name.value, in: parentType) }
        fieldDefinitionStack.append(field)
        typeStack.append(isOutput(field?.type))
    }

    mutating func leave(_ node: FieldNode) {
        fieldDefinitionStack.removeLast()
        typeStack.removeLast()
    }

    mutating func enter(_ node: DirectiveNode) {
        directive = schema.directive(named: node.name.value)
    }

    mutating func leave(_ node: DirectiveNode) { directive = nil }

    mutating func enter(_ node: InlineFragmentNode) {
        if let condition = node.typeCondition {
            typeStack.append(isOutput(schema.typeID(named: condition.name.value).map(GraphQLTypeRef.named)))
        } else {
            typeStack.append(type.map { .named($0.namedType) })
        }
    }

    mutating func leave(_ node: InlineFragmentNode) { typeStack.removeLast() }

    mutating func enter(_ node: FragmentDefinitionNode) {
        typeStack.append(isOutput(schema.typeID(named: node.typeCondition.name.value).map(GraphQLTypeRef.named)))
    }

    mutating func leave(_ node: FragmentDefinitionNode) { typeStack.removeLast() }

    mutating func enter(_ node: VariableDefinitionNode) {
        inputTypeStack.append(isInput(Self.typeRef(node.type, in: schema)))
    }

    mutating func leave(_ node: VariableDefinitionNode) { inputTypeStack.removeLast() }

    mutating func enter(_ node: ArgumentNode) {
        let name = node.name.value
        var definition: GraphQLInputValue?
        if let directive {
            definition = directive.argument(named: name)
        } else if let fieldDefinition {
            definition = fieldDefinition.argument(named: name)
        }
        argument = definition
        defaultValueStack.append(definition?.defaultValue)
        inputTypeStack.append(isInput(definition?.type))
    }

    mutating func leave(_ node: ArgumentNode) {
        argument = nil
        defaultValueStack.removeLast()
        inputTypeStack.removeLast()
    }

    /// Only list values change the expected type: their items expect the item type.
    mutating func enter(_ node: ValueNode) {
        guard case .list = node else { return }
        var itemType: GraphQLTypeRef?
        if let listType = inputType?.nullable {
            itemType = listType.isList ? listType.ofType : listType
        }
        defaultValueStack.append(nil)
        inputTypeStack.append(isInput(itemType))
    }

    mutating func leave(_ node: ValueNode) {
        guard case .list = node else { return }
        defaultValueStack.removeLast()
        inputTypeStack.removeLast()
    }

    mutating func enter(_ node: ObjectFieldNode) {
        var field: GraphQLInputValue?
        if let objectType = inputType, case .inputObject(let inputObject) = schema[objectType] {
            field = inputObject.field(named: node.name.value)
        }
        defaultValueStack.append(field?.defaultValue)
        inputTypeStack.append(isInput(field?.type))
    }

    mutating func leave(_ node: ObjectFieldNode) {
        defaultValueStack.removeLast()
        inputTypeStack.removeLast()
    }
}
