import GraphQLLanguage
import GraphQLType

/// Every literal value is valid for the type its position expects, including
/// OneOf input objects, which take exactly one non-null field
/// ([spec §5.6.1](https://spec.graphql.org/October2021/#sec-Values-of-Correct-Type),
/// [OneOf RFC](https://github.com/graphql/graphql-spec/pull/825)).
struct ValuesOfCorrectTypeRule: ASTVisitor {
    let context: ValidationContext
    /// The variable definitions of the current operation, for the OneOf check.
    private var variableDefinitions: [VariableDefinitionNode] = []

    init(context: ValidationContext) {
        self.context = context
    }

    mutating func enter(_ node: OperationDefinitionNode) -> VisitAction {
        variableDefinitions = node.variableDefinitions
        return .continue
    }

    mutating func enter(_ node: ValueNode) -> VisitAction {
        switch node {
        case .variable:
            return .continue
        case .null:
            if let type = context.inputType, type.isNonNull {
                context.report(
                    "Expected value of type \"\(context.schema.typeString(type))\", found null.", nodes: [node])
            }
            return .continue
        case .list:
            // Type information has already moved to the item type: the list's own
            // expected type is the parent input type.
            if let listType = context.parentInputType?.nullable, listType.isList { return .continue }
            checkLeaf(node)
            return .skipChildren
        case .object(let object):
            guard let type = context.inputType, case .inputObject(let inputObject) = context.schema[type] else {
                checkLeaf(node)
                return .skipChildren
            }
            checkObject(object, node: node, type: inputObject)
            return .continue
        case .int, .float, .string, .boolean, .enum:
            checkLeaf(node)
            return .continue
        }
    }

    mutating func enter(_ node: ObjectFieldNode) -> VisitAction {
        guard context.inputType == nil, let parentType = context.parentInputType,
            case .inputObject(let inputObject) = context.schema[parentType]
        else { return .continue }
        let suggestions = suggestionList(node.name.value, options: inputObject.fields.map(\.name))
        context.report(
            "Field \"\(node.name.value)\" is not defined by type \"\(inputObject.name)\"." + didYouMean(suggestions),
            nodes: [node])
        return .continue
    }

    private func checkObject(_ object: ObjectValueNode, node: ValueNode, type: GraphQLInputObjectType) {
        for field in type.fields where field.isRequired {
            guard !object.fields.contains(where: { $0.name.value == field.name }) else { continue }
            context.report(
                "Field \"\(type.name).\(field.name)\" of required type \"\(context.schema.typeString(field.type))\" "
                    + "was not provided.",
                nodes: [node])
        }
        if type.isOneOf { checkOneOf(object, node: node, type: type) }
    }

    private func checkOneOf(_ object: ObjectValueNode, node: ValueNode, type: GraphQLInputObjectType) {
        let fields = object.fields
        let first = firstOccurrences(count: fields.count) { fields[$0].name.value }
        let keyCount = first.indices.filter { first[$0] == $0 }.count
        guard keyCount == 1 else {
            context.report("OneOf Input Object \"\(type.name)\" must specify exactly one key.", nodes: [node])
            return
        }
        // With duplicated fields, the last one counts (graphql-js `keyMap`).
        guard let value = object.fields.last?.value else { return }
        switch value {
        case .null:
            context.report("Field \"\(type.name).\(fields[0].name.value)\" must be non-null.", nodes: [node])
        case .variable(let variable):
            let name = variable.name.value
            guard let definition = variableDefinitions.last(where: { $0.variable.name.value == name }) else { return }
            if case .nonNull = definition.type { return }
            context.report(
                "Variable \"\(name)\" must be non-nullable to be used for OneOf Input Object \"\(type.name)\".",
                nodes: [node])
        default:
            break
        }
    }

    /// A scalar or enum literal (or a value where one is expected): the type's
    /// literal coercion decides, and its message is the error's.
    private func checkLeaf(_ node: ValueNode) {
        guard let locationType = context.inputType else { return }
        let schema = context.schema
        switch schema[locationType] {
        case .scalar(let scalar):
            do {
                _ = try scalar.parseLiteral(node)
            } catch {
                if scalar.specified != nil {
                    context.report(error.message, nodes: [node])
                } else {
                    context.report(
                        "Expected value of type \"\(schema.typeString(locationType))\", found \(printValue(node)); "
                            + error.message,
                        nodes: [node])
                }
            }
        case .enumeration(let enumType):
            do {
                _ = try enumType.parseLiteral(node)
            } catch {
                context.report(error.message, nodes: [node])
            }
        default:
            context.report(
                "Expected value of type \"\(schema.typeString(locationType))\", found \(printValue(node)).",
                nodes: [node])
        }
    }
}

extension ValidationRule {
    public static let valuesOfCorrectType = ValidationRule(
        name: "ValuesOfCorrectTypeRule",
        visits: [.operationDefinition, .value, .objectField]
    ) {
        ValuesOfCorrectTypeRule(context: $0)
    }
}
